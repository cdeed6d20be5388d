import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { ContactResponse } from '#shared/contracts/contact.contract.ts'
import { missingContactFields } from '#shared/domain/forms/contact-draft.ts'
import {
  type ContactRequestBody,
  contactFormMachine,
  type Event,
  type Input,
} from './contact-form.machine.ts'

const answer: ContactResponse = { ok: true, id: 'submission-00000000001' }

const start = (
  submit: (request: ContactRequestBody) => Promise<ContactResponse> = async () => answer,
  input: Input = { isBugReport: false, prefill: {} },
) => {
  const notifyContactSuccess = vi.fn()
  const notifyContactFailure = vi.fn()
  const navigateHome = vi.fn()
  const submitted: ContactRequestBody[] = []
  const actor = createActor(
    contactFormMachine.provide({
      actors: {
        submitContact: fromPromise(async ({ input: { request } }) => {
          submitted.push(request)
          return submit(request)
        }),
      },
      actions: { notifyContactSuccess, notifyContactFailure, navigateHome },
    }),
    { input },
  ).start()
  return { actor, notifyContactSuccess, notifyContactFailure, navigateHome, submitted }
}

const contactFields: Event[] = [
  { type: 'form.change', field: 'firstName', value: 'Ada' },
  { type: 'form.change', field: 'lastName', value: 'Lovelace' },
  { type: 'form.change', field: 'mail', value: 'ada@example.org' },
  { type: 'form.change', field: 'subject', value: 'Frage zu PA12' },
  { type: 'form.change', field: 'message', value: 'Welche Wandstärke brauche ich?' },
  { type: 'form.setConfirmation', confirmed: true },
]

const bugFields: Event[] = [
  { type: 'form.change', field: 'userIntention', value: 'Eine STL-Datei hochladen' },
  { type: 'form.change', field: 'userExpectation', value: 'Einen Preis sehen' },
  { type: 'form.change', field: 'systemResponse', value: 'Der Upload bleibt bei 40 % stehen' },
  { type: 'form.setConnectionChecked', checked: 'yes' },
]

describe('contactFormMachine', () => {
  it('starts as a contact form with the bug-report defaults Firefox and Windows', () => {
    const { actor } = start()
    const { draft } = actor.getSnapshot().context
    expect(draft.isBugReport).toBe(false)
    expect(draft.browserUsed).toBe('Mozilla Firefox')
    expect(draft.osUsed).toBe('Microsoft Windows')
    expect(missingContactFields(draft)).toEqual(['firstName', 'lastName', 'mail', 'message', 'confirmation'])
  })

  it('starts as a bug report from the report-a-bug link, with a customer’s data prefilled', () => {
    const { actor } = start(undefined, {
      isBugReport: true,
      prefill: { firstName: 'Ada', lastName: 'Lovelace', mail: 'ada@example.org' },
    })
    const { draft } = actor.getSnapshot().context
    expect(draft.isBugReport).toBe(true)
    expect(missingContactFields(draft)).toEqual([
      'message',
      'confirmation',
      'userIntention',
      'userExpectation',
      'systemResponse',
      'userCheckedInternetConnection',
    ])
  })

  it('cannot send until the required fields are there and valid', () => {
    const { actor } = start()
    const canSubmit = () => actor.getSnapshot().can({ type: 'form.submit' })
    for (const event of contactFields) {
      expect(canSubmit()).toBe(false)
      actor.send(event)
    }
    expect(canSubmit()).toBe(true)
    actor.send({ type: 'form.change', field: 'message', value: 'x'.repeat(401) })
    expect(canSubmit()).toBe(false)
    actor.send({ type: 'form.change', field: 'message', value: 'Kurz.' })
    actor.send({ type: 'form.change', field: 'subject', value: 'Hallo\nBcc: victim@example.org' })
    expect(canSubmit()).toBe(false)
  })

  it('needs the bug description once switched to a bug report, and is sendable again when switched back', () => {
    const { actor } = start()
    for (const event of contactFields) actor.send(event)
    actor.send({ type: 'form.setBugReport', isBugReport: true })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    for (const event of bugFields) actor.send(event)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
    actor.send({ type: 'form.setBugReport', isBugReport: false })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
    // Nothing typed in bug-report mode was lost by switching.
    expect(actor.getSnapshot().context.draft.userIntention).toBe('Eine STL-Datei hochladen')
  })

  it('enables the error-message field only when an error message occurred, and then requires it', () => {
    const { actor } = start(undefined, { isBugReport: true, prefill: {} })
    for (const event of [...contactFields, ...bugFields]) actor.send(event)
    const editError = { type: 'form.change', field: 'errorMessage', value: 'Error 42' } as const
    expect(actor.getSnapshot().can(editError)).toBe(false)
    actor.send({ type: 'form.setErrorMessageOccurred', occurred: true })
    expect(actor.getSnapshot().can(editError)).toBe(true)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.send(editError)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
    actor.send({ type: 'form.setErrorMessageOccurred', occurred: false })
    expect(actor.getSnapshot().can(editError)).toBe(false)
    expect(actor.getSnapshot().context.draft.errorMessage).toBe('Error 42')
  })

  it('sends a bug report with the environment; success notifies, empties the form and goes home', async () => {
    const { actor, submitted, notifyContactSuccess, navigateHome, notifyContactFailure } = start(undefined, {
      isBugReport: true,
      prefill: { mail: 'ada@example.org' },
    })
    for (const event of [...contactFields, ...bugFields]) actor.send(event)
    actor.send({ type: 'form.setErrorMessageOccurred', occurred: true })
    actor.send({ type: 'form.change', field: 'errorMessage', value: 'Error 42' })
    actor.send({ type: 'form.setBrowser', browser: 'Google Chrome' })
    actor.send({ type: 'form.toggleDifferentBrowser', browser: 'Apple Safari' })
    actor.send({ type: 'form.toggleDifferentBrowser', browser: 'Microsoft Edge' })
    actor.send({ type: 'form.toggleDifferentBrowser', browser: 'Apple Safari' })
    actor.send({ type: 'form.setOs', os: 'Apple MacOS' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'form.change', field: 'message', value: 'x' })).toBe(false)
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(submitted).toEqual([
      expect.objectContaining({
        kind: 'bug-report',
        isBugReport: true,
        errorMessageOccurred: true,
        errorMessage: 'Error 42',
        browserUsed: 'Google Chrome',
        differentBrowsers: ['Microsoft Edge'],
        osUsed: 'Apple MacOS',
        userCheckedInternetConnection: 'yes',
      }),
    ])
    expect(notifyContactSuccess).toHaveBeenCalledTimes(1)
    expect(navigateHome).toHaveBeenCalledTimes(1)
    expect(notifyContactFailure).not.toHaveBeenCalled()
    const { draft } = actor.getSnapshot().context
    expect(draft).toMatchObject({
      isBugReport: true,
      message: '',
      mail: 'ada@example.org',
      confirmation: false,
    })
  })

  it('does not send a disabled error message', async () => {
    const { actor, submitted } = start(undefined, { isBugReport: true, prefill: {} })
    for (const event of [...contactFields, ...bugFields]) actor.send(event)
    actor.send({ type: 'form.setErrorMessageOccurred', occurred: true })
    actor.send({ type: 'form.change', field: 'errorMessage', value: 'Error 42' })
    actor.send({ type: 'form.setErrorMessageOccurred', occurred: false })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(submitted[0]).toMatchObject({ errorMessageOccurred: false, errorMessage: '' })
  })

  it('on failure warns, stays on the page and keeps everything typed', async () => {
    const { actor, notifyContactFailure, navigateHome, notifyContactSuccess } = start(async () => {
      throw Object.assign(new Error('slow down'), { code: 'rate_limited', status: 429 })
    })
    for (const event of contactFields) actor.send(event)
    const before = actor.getSnapshot().context.draft
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(notifyContactFailure).toHaveBeenCalledTimes(1)
    expect(navigateHome).not.toHaveBeenCalled()
    expect(notifyContactSuccess).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.draft).toEqual(before)
    expect(actor.getSnapshot().context.error).toBe('rate_limited')
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
  })
})
