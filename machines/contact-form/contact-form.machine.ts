import { assign, fromPromise, setup } from 'xstate'
import type {
  Browser,
  BugReportRequest,
  ContactMessageRequest,
  ContactResponse,
  OperatingSystem,
  YesNo,
} from '#shared/contracts/contact.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import {
  canSubmitContact,
  type ContactDraft,
  type ContactPrefill,
  type ContactTextField,
  emptyContactDraft,
  isErrorMessageEnabled,
  parseContactDraft,
  toggleBrowser,
} from '#shared/domain/forms/contact-draft.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type Input = {
  /** Opened through the report-a-bug link: start as a bug report. */
  isBugReport: boolean
  /** A logged-in customer's name, e-mail and phone. */
  prefill: ContactPrefill
}

export type Context = {
  /** Everything typed so far, in both modes; kept when sending fails, emptied (to the prefill) when it worked. */
  draft: ContactDraft
  prefill: ContactPrefill
  /** Why the last send failed (`validation_failed`, `rate_limited`, `internal_error` …); null otherwise. */
  error: ErrorCode | null
}

export type ContactRequestBody = ContactMessageRequest | BugReportRequest

export type Event =
  /** A text field; the error message only while an error message occurred. */
  | { type: 'form.change'; field: ContactTextField; value: string }
  /** The contact / bug-report switch. */
  | { type: 'form.setBugReport'; isBugReport: boolean }
  | { type: 'form.setConfirmation'; confirmed: boolean }
  | { type: 'form.setConnectionChecked'; checked: YesNo }
  | { type: 'form.setErrorMessageOccurred'; occurred: boolean }
  | { type: 'form.setBrowser'; browser: Browser }
  /** Ticks or unticks a browser in "also tried in". */
  | { type: 'form.toggleDifferentBrowser'; browser: Browser }
  | { type: 'form.setOs'; os: OperatingSystem }
  | { type: 'form.submit' }

export const CONTACT_FORM_TAGS = ['busy'] as const
export type ContactFormTag = (typeof CONTACT_FORM_TAGS)[number]

/** The request of a draft the `canSubmit` guard let through. */
function requestOf(draft: ContactDraft): ContactRequestBody {
  const request = parseContactDraft(draft)
  if (request === null) throw new Error('contactForm: submitting an invalid draft')
  return request
}

/**
 * The contact form that doubles as the bug-report form (spec part 2 §3, §5 contact validation, §8 contact messages,
 * §4 "Contact: success goes to /"): switches between contact and bug report, defaults browser and OS, disables the
 * error-message field while no error occurred, sends only a valid draft, and on failure keeps everything typed.
 */
export const contactFormMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as ContactFormTag,
  },
  actors: {
    /** Client: `POST /api/contact` with the request (`kind: 'contact'` or `'bug-report'`). */
    submitContact: fromPromise<ContactResponse, { request: ContactRequestBody }>(async () => {
      throw new Error('contactForm: submitContact is not provided')
    }),
  },
  actions: {
    /** Client: the contact-success notification. */
    notifyContactSuccess: () => {},
    /** Client: the contact-failure warning. */
    notifyContactFailure: () => {},
    /** Client: go to the start page (`/` in the current language). */
    navigateHome: () => {},
    setField: assign(({ context }, params: { field: ContactTextField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
    })),
    setBugReport: assign(({ context }, params: { isBugReport: boolean }) => ({
      draft: { ...context.draft, isBugReport: params.isBugReport },
    })),
    setConfirmation: assign(({ context }, params: { confirmed: boolean }) => ({
      draft: { ...context.draft, confirmation: params.confirmed },
    })),
    setConnectionChecked: assign(({ context }, params: { checked: YesNo }) => ({
      draft: { ...context.draft, userCheckedInternetConnection: params.checked },
    })),
    setErrorMessageOccurred: assign(({ context }, params: { occurred: boolean }) => ({
      draft: { ...context.draft, errorMessageOccurred: params.occurred },
    })),
    setBrowser: assign(({ context }, params: { browser: Browser }) => ({
      draft: { ...context.draft, browserUsed: params.browser },
    })),
    toggleDifferentBrowser: assign(({ context }, params: { browser: Browser }) => ({
      draft: {
        ...context.draft,
        differentBrowsers: toggleBrowser(context.draft.differentBrowsers, params.browser),
      },
    })),
    setOs: assign(({ context }, params: { os: OperatingSystem }) => ({
      draft: { ...context.draft, osUsed: params.os },
    })),
    /** After sending: an empty draft in the same mode, the prefill kept. */
    clearDraft: assign(({ context }) => ({
      draft: emptyContactDraft(context.draft.isBugReport, context.prefill),
    })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    /** Part 2 §5: the submit button is disabled until the required fields are filled and every field is valid. */
    canSubmit: ({ context }) => canSubmitContact(context.draft),
    /** Part 2 §5: the error-message field is disabled while no error message occurred. */
    isFieldEnabled: ({ context }, params: { field: ContactTextField }) =>
      params.field !== 'errorMessage' || isErrorMessageEnabled(context.draft),
  },
}).createMachine({
  id: 'contactForm',
  initial: 'editing',
  context: ({ input }) => ({
    draft: emptyContactDraft(input.isBugReport, input.prefill),
    prefill: input.prefill,
    error: null,
  }),
  states: {
    editing: {
      on: {
        'form.change': {
          guard: { type: 'isFieldEnabled', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.setBugReport': {
          actions: { type: 'setBugReport', params: ({ event }) => ({ isBugReport: event.isBugReport }) },
        },
        'form.setConfirmation': {
          actions: { type: 'setConfirmation', params: ({ event }) => ({ confirmed: event.confirmed }) },
        },
        'form.setConnectionChecked': {
          actions: { type: 'setConnectionChecked', params: ({ event }) => ({ checked: event.checked }) },
        },
        'form.setErrorMessageOccurred': {
          actions: { type: 'setErrorMessageOccurred', params: ({ event }) => ({ occurred: event.occurred }) },
        },
        'form.setBrowser': {
          actions: { type: 'setBrowser', params: ({ event }) => ({ browser: event.browser }) },
        },
        'form.toggleDifferentBrowser': {
          actions: { type: 'toggleDifferentBrowser', params: ({ event }) => ({ browser: event.browser }) },
        },
        'form.setOs': {
          actions: { type: 'setOs', params: ({ event }) => ({ os: event.os }) },
        },
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submitContact',
        src: 'submitContact',
        input: ({ context }) => ({ request: requestOf(context.draft) }),
        onDone: { target: 'editing', actions: ['notifyContactSuccess', 'clearDraft', 'navigateHome'] },
        onError: {
          target: 'editing',
          actions: [
            'notifyContactFailure',
            { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
          ],
        },
      },
    },
  },
})
