import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { ContactResponse, VatIdRequest } from '#shared/contracts/contact.contract.ts'
import { VAT_ID_NOTICE_MS } from '#shared/domain/limits.ts'
import { vatIdFormMachine } from './vat-id-form.machine.ts'

const account = { mail: 'einkauf@example.org', firstName: 'Ada', lastName: 'Lovelace' }

const start = (
  submit: () => Promise<ContactResponse> = async () => ({ ok: true, id: 'submission-00000000001' }),
) => {
  const notifyVatIdSuccess = vi.fn()
  const notifyVatIdFailure = vi.fn()
  const submitted: VatIdRequest[] = []
  const actor = createActor(
    vatIdFormMachine.provide({
      actors: {
        submitVatId: fromPromise(async ({ input }) => {
          submitted.push(input.request)
          return submit()
        }),
      },
      actions: { notifyVatIdSuccess, notifyVatIdFailure },
    }),
    { input: { account, noticeDurationMs: VAT_ID_NOTICE_MS } },
  ).start()
  return { actor, notifyVatIdSuccess, notifyVatIdFailure, submitted }
}

describe('vatIdFormMachine', () => {
  it('cannot send an empty or blank value', () => {
    const { actor } = start()
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.send({ type: 'form.change', value: '   ' })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.send({ type: 'form.change', value: 'ATU12345678' })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
  })

  it('sends the trimmed value with the account data and shows the success notice for 15 s', async () => {
    const { actor, submitted, notifyVatIdSuccess, notifyVatIdFailure } = start()
    actor.send({ type: 'form.change', value: ' ATU12345678 ' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(submitted).toEqual([
      {
        kind: 'vat-id',
        subject: '',
        mail: 'einkauf@example.org',
        firstName: 'Ada',
        lastName: 'Lovelace',
        message: 'ATU12345678',
        confirmation: true,
      },
    ])
    expect(notifyVatIdSuccess).toHaveBeenCalledWith(expect.anything(), { durationMs: 15_000 })
    expect(notifyVatIdFailure).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.value).toBe('')
  })

  it('warns on failure and keeps the value', async () => {
    const { actor, notifyVatIdSuccess, notifyVatIdFailure } = start(async () => {
      throw new Error('offline')
    })
    actor.send({ type: 'form.change', value: 'ATU12345678' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(notifyVatIdFailure).toHaveBeenCalledTimes(1)
    expect(notifyVatIdSuccess).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context).toMatchObject({ value: 'ATU12345678', error: 'internal_error' })
  })

  it('takes no edits while sending', () => {
    const { actor } = start(() => new Promise(() => {}))
    actor.send({ type: 'form.change', value: 'ATU12345678' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().can({ type: 'form.change', value: 'x' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.stop()
  })
})
