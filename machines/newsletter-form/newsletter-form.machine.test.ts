import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { ContactResponse } from '#shared/contracts/contact.contract.ts'
import type { NewsletterRequest } from '#shared/contracts/newsletter.contract.ts'
import { missingNewsletterFields } from '#shared/domain/forms/newsletter-form.ts'
import { type Event, newsletterFormMachine } from './newsletter-form.machine.ts'

const answer: ContactResponse = { ok: true, id: 'submission-00000000001' }

const start = (submit: (request: NewsletterRequest) => Promise<ContactResponse> = async () => answer) => {
  const notifyNewsletterSuccess = vi.fn()
  const notifyNewsletterFailure = vi.fn()
  const submitted: NewsletterRequest[] = []
  const actor = createActor(
    newsletterFormMachine.provide({
      actors: {
        submitNewsletter: fromPromise(async ({ input }) => {
          submitted.push(input.request)
          return submit(input.request)
        }),
      },
      actions: { notifyNewsletterSuccess, notifyNewsletterFailure },
    }),
  ).start()
  return { actor, notifyNewsletterSuccess, notifyNewsletterFailure, submitted }
}

const fillRequired: Event[] = [
  { type: 'form.change', field: 'salutation', value: 'ms' },
  { type: 'form.change', field: 'lastName', value: ' Lovelace ' },
  { type: 'form.setConfirmation', confirmed: true },
]

describe('newsletterFormMachine', () => {
  it('opens from the footer with the e-mail prefilled', () => {
    const { actor } = start()
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(false)
    actor.send({ type: 'form.open', mail: ' ada@example.org ' })
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(true)
    expect(actor.getSnapshot().context.draft.mail).toBe('ada@example.org')
  })

  it('cannot send until salutation, last name, e-mail and confirmation are there', () => {
    const { actor } = start()
    actor.send({ type: 'form.open', mail: 'ada@example.org' })
    const canSubmit = () => actor.getSnapshot().can({ type: 'form.submit' })
    expect(canSubmit()).toBe(false)
    expect(missingNewsletterFields(actor.getSnapshot().context.draft)).toEqual([
      'salutation',
      'lastName',
      'confirmation',
    ])
    for (const event of fillRequired) {
      expect(canSubmit()).toBe(false)
      actor.send(event)
    }
    expect(canSubmit()).toBe(true)
    actor.send({ type: 'form.change', field: 'mail', value: 'not-an-address' })
    expect(canSubmit()).toBe(false)
    actor.send({ type: 'form.change', field: 'mail', value: 'ada@example.org' })
    actor.send({ type: 'form.change', field: 'plz', value: '10a15' })
    expect(canSubmit()).toBe(false)
    actor.send({ type: 'form.change', field: 'plz', value: '10115' })
    actor.send({ type: 'form.change', field: 'firstName', value: 'Augusta Ada Byron King' })
    expect(canSubmit()).toBe(false)
  })

  it('sends the trimmed sign-up, notifies success, closes and forgets the draft', async () => {
    const { actor, notifyNewsletterSuccess, notifyNewsletterFailure, submitted } = start()
    actor.send({ type: 'form.open', mail: 'ada@example.org' })
    for (const event of fillRequired) actor.send(event)
    actor.send({ type: 'form.change', field: 'plz', value: '10115' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'form.close' })).toBe(false)
    await waitFor(actor, (snapshot) => snapshot.matches('closed'))
    expect(submitted).toEqual([
      {
        kind: 'newsletter',
        salutation: 'ms',
        firstName: '',
        lastName: 'Lovelace',
        firm: '',
        street: '',
        plz: '10115',
        location: '',
        mail: 'ada@example.org',
        confirmation: true,
      },
    ])
    expect(notifyNewsletterSuccess).toHaveBeenCalledTimes(1)
    expect(notifyNewsletterFailure).not.toHaveBeenCalled()
    actor.send({ type: 'form.open', mail: '' })
    expect(actor.getSnapshot().context.draft.lastName).toBe('')
  })

  it('notifies the failure and closes, but keeps the draft for the next try', async () => {
    const { actor, notifyNewsletterSuccess, notifyNewsletterFailure } = start(async () => {
      throw new Error('offline')
    })
    actor.send({ type: 'form.open', mail: 'ada@example.org' })
    for (const event of fillRequired) actor.send(event)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('closed'))
    expect(notifyNewsletterFailure).toHaveBeenCalledTimes(1)
    expect(notifyNewsletterSuccess).not.toHaveBeenCalled()
    actor.send({ type: 'form.open', mail: '' })
    expect(actor.getSnapshot().context.draft).toMatchObject({
      lastName: ' Lovelace ',
      mail: 'ada@example.org',
    })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
  })

  it('closes without sending, and takes no edits while closed', () => {
    const { actor, submitted } = start()
    expect(actor.getSnapshot().can({ type: 'form.change', field: 'lastName', value: 'x' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.send({ type: 'form.open', mail: 'ada@example.org' })
    expect(actor.getSnapshot().can({ type: 'form.open', mail: 'x@example.org' })).toBe(false)
    actor.send({ type: 'form.close' })
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(false)
    expect(submitted).toEqual([])
  })

  it('refuses a line break in a name, which could reach a mail header', () => {
    const { actor } = start()
    actor.send({ type: 'form.open', mail: 'ada@example.org' })
    for (const event of fillRequired) actor.send(event)
    actor.send({ type: 'form.change', field: 'lastName', value: 'Lovelace\r\nBcc: x@example.org' })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
  })
})
