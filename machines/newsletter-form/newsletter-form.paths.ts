import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { missingNewsletterFields, newsletterIssues } from '#shared/domain/forms/newsletter-form.ts'
import { type Event, newsletterFormMachine } from './newsletter-form.machine.ts'

const edits: Event[] = [
  { type: 'form.change', field: 'salutation', value: 'ms' },
  { type: 'form.change', field: 'lastName', value: 'Lovelace' },
  { type: 'form.change', field: 'mail', value: '' },
  { type: 'form.change', field: 'mail', value: 'ada@example.org' },
  { type: 'form.change', field: 'plz', value: '1O115' },
  { type: 'form.change', field: 'plz', value: '10115' },
  { type: 'form.setConfirmation', confirmed: true },
  { type: 'form.setConfirmation', confirmed: false },
]

/**
 * The modal opened with and without an address, every required field filled and emptied, an invalid postal code,
 * sign-ups that work and that fail.
 */
export const newsletterFormPathModel = definePathModel({
  machine: newsletterFormMachine,
  input: undefined,
  events: [
    { type: 'form.open', mail: 'ada@example.org' },
    { type: 'form.open', mail: '' },
    ...edits,
    { type: 'form.submit' },
    { type: 'form.close' },
    doneEvent('submitNewsletter', { ok: true, id: 'submission-00000000001' }),
    errorEvent('submitNewsletter'),
  ],
  // What the guard reads: which fields are missing or invalid (the values are checked by the behaviour tests).
  serializeContext: ({ draft }) => ({
    missing: missingNewsletterFields(draft),
    invalid: Object.keys(newsletterIssues(draft)),
  }),
})
