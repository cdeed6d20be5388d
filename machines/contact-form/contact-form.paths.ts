import { definePathModel, doneEvent, errorEvent, type PathEvent } from '#tests/graph/path-testing.ts'
import {
  type ContactField,
  type ContactDraft,
  missingContactFields,
} from '#shared/domain/forms/contact-draft.ts'
import { contactFormMachine, type Event } from './contact-form.machine.ts'

/** The event that fills each required field with a valid value. */
const fill: Record<ContactField, Event | undefined> = {
  isBugReport: undefined,
  firstName: { type: 'form.change', field: 'firstName', value: 'Ada' },
  lastName: { type: 'form.change', field: 'lastName', value: 'Lovelace' },
  phone: undefined,
  mail: { type: 'form.change', field: 'mail', value: 'ada@example.org' },
  subject: undefined,
  message: { type: 'form.change', field: 'message', value: 'Die Datei lässt sich nicht hochladen.' },
  confirmation: { type: 'form.setConfirmation', confirmed: true },
  userIntention: { type: 'form.change', field: 'userIntention', value: 'Eine STL-Datei hochladen' },
  userExpectation: { type: 'form.change', field: 'userExpectation', value: 'Einen Preis sehen' },
  systemResponse: { type: 'form.change', field: 'systemResponse', value: 'Eine Fehlermeldung' },
  userCheckedInternetConnection: { type: 'form.setConnectionChecked', checked: 'yes' },
  errorMessageOccurred: undefined,
  errorMessage: { type: 'form.change', field: 'errorMessage', value: 'Error 42' },
  browserUsed: undefined,
  differentBrowsers: undefined,
  osUsed: undefined,
}

/** Fills the first missing field, or submits when nothing is missing: keeps the graph to one filling order. */
const nextStep = (draft: ContactDraft): Event => {
  const [first] = missingContactFields(draft)
  return (first === undefined ? undefined : fill[first]) ?? { type: 'form.submit' }
}

/**
 * Contact messages and bug reports filled in one order, the mode switched at every point, the error-message field
 * enabled and disabled (and edited while disabled), the browser and OS choices, sends that work and that fail.
 */
export const contactFormPathModel = definePathModel({
  machine: contactFormMachine,
  input: { isBugReport: false, prefill: {} },
  events: (snapshot): PathEvent<typeof contactFormMachine>[] => {
    if (snapshot.matches('submitting')) {
      return [
        doneEvent('submitContact', { ok: true, id: 'submission-00000000001' }),
        errorEvent('submitContact'),
      ]
    }
    const { draft } = snapshot.context
    return [
      nextStep(draft),
      { type: 'form.setBugReport', isBugReport: !draft.isBugReport },
      { type: 'form.setErrorMessageOccurred', occurred: !draft.errorMessageOccurred },
      { type: 'form.change', field: 'errorMessage', value: 'Error 42' },
      { type: 'form.setBrowser', browser: 'Google Chrome' },
      { type: 'form.toggleDifferentBrowser', browser: 'Apple Safari' },
      { type: 'form.setOs', os: 'Android' },
    ]
  },
  // What the guards read, and the failure code; names and texts are checked by the behaviour tests.
  serializeContext: ({ draft, error }) => ({
    isBugReport: draft.isBugReport,
    errorMessageOccurred: draft.errorMessageOccurred,
    missing: missingContactFields(draft),
    error,
  }),
})
