import {
  type Browser,
  type ContactRequestInput,
  ContactRequestSchema,
  DEFAULT_BROWSER,
  DEFAULT_OPERATING_SYSTEM,
  type OperatingSystem,
  type YesNo,
} from '#shared/contracts/contact.contract.ts'
import type { BugReportRequest, ContactMessageRequest } from '#shared/contracts/contact.contract.ts'
import { type FieldIssues, fieldIssuesOf, missingFields } from '#shared/domain/forms/form-fields.ts'

/**
 * The contact form's rules (spec part 2 §3, §5): a contact message or, switched over, a bug report. Required are
 * first and last name, e-mail, message and the privacy confirmation; a bug report also needs its description (what
 * the user wanted, expected and got) and whether the connection was checked, plus the error message when one
 * occurred. The error-message field is disabled while no error message occurred; what it holds then is kept in the
 * draft but not sent.
 */

export type ContactDraft = {
  isBugReport: boolean
  firstName: string
  lastName: string
  phone: string
  mail: string
  subject: string
  message: string
  confirmation: boolean
  userIntention: string
  userExpectation: string
  systemResponse: string
  /** `''` until the user picks yes or no. */
  userCheckedInternetConnection: YesNo | ''
  errorMessageOccurred: boolean
  errorMessage: string
  browserUsed: Browser
  differentBrowsers: Browser[]
  osUsed: OperatingSystem
}
export type ContactField = keyof ContactDraft

/** The fields set with free text. */
export const CONTACT_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'mail',
  'subject',
  'message',
  'userIntention',
  'userExpectation',
  'systemResponse',
  'errorMessage',
] as const satisfies readonly ContactField[]
export type ContactTextField = (typeof CONTACT_TEXT_FIELDS)[number]

/** The fields only a bug report shows. */
export const BUG_REPORT_FIELDS = [
  'userIntention',
  'userExpectation',
  'systemResponse',
  'userCheckedInternetConnection',
  'errorMessageOccurred',
  'errorMessage',
  'browserUsed',
  'differentBrowsers',
  'osUsed',
] as const satisfies readonly ContactField[]

export const CONTACT_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'mail',
  'message',
  'confirmation',
] as const satisfies readonly ContactField[]

export const BUG_REPORT_REQUIRED_FIELDS = [
  ...CONTACT_REQUIRED_FIELDS,
  'userIntention',
  'userExpectation',
  'systemResponse',
  'userCheckedInternetConnection',
] as const satisfies readonly ContactField[]

/** What the form may start with (a logged-in customer's name and e-mail). */
export type ContactPrefill = Partial<Pick<ContactDraft, 'firstName' | 'lastName' | 'mail' | 'phone'>>

/** An empty draft with the defaults of part 2 §5: browser Mozilla Firefox, OS Microsoft Windows. */
export const emptyContactDraft = (isBugReport = false, prefill: ContactPrefill = {}): ContactDraft => ({
  isBugReport,
  firstName: '',
  lastName: '',
  phone: '',
  mail: '',
  subject: '',
  message: '',
  confirmation: false,
  userIntention: '',
  userExpectation: '',
  systemResponse: '',
  userCheckedInternetConnection: '',
  errorMessageOccurred: false,
  errorMessage: '',
  browserUsed: DEFAULT_BROWSER,
  differentBrowsers: [],
  osUsed: DEFAULT_OPERATING_SYSTEM,
  ...prefill,
})

/** Part 2 §5: the error-message field is enabled only when an error message occurred. */
export const isErrorMessageEnabled = (draft: ContactDraft): boolean => draft.errorMessageOccurred

/** The required fields of the draft's mode (the error message too, when one occurred). */
export function requiredContactFields(draft: ContactDraft): ContactField[] {
  if (!draft.isBugReport) return [...CONTACT_REQUIRED_FIELDS]
  return draft.errorMessageOccurred
    ? [...BUG_REPORT_REQUIRED_FIELDS, 'errorMessage']
    : [...BUG_REPORT_REQUIRED_FIELDS]
}

/** The required fields still empty or unticked, in form order (for the submit button's hint). */
export const missingContactFields = (draft: ContactDraft): ContactField[] =>
  missingFields(draft, requiredContactFields(draft))

/** The request body for the draft's mode; a bug report's error message only when an error message occurred. */
export function contactRequestOf(draft: ContactDraft): ContactRequestInput {
  const common = {
    firstName: draft.firstName,
    lastName: draft.lastName,
    phone: draft.phone,
    mail: draft.mail,
    subject: draft.subject,
    message: draft.message,
    // Unchecked here: the schema refuses an unticked confirmation.
    confirmation: draft.confirmation as true,
  }
  if (!draft.isBugReport) return { kind: 'contact', isBugReport: false, ...common }
  return {
    kind: 'bug-report',
    isBugReport: true,
    ...common,
    userIntention: draft.userIntention,
    userExpectation: draft.userExpectation,
    systemResponse: draft.systemResponse,
    userCheckedInternetConnection: draft.userCheckedInternetConnection as YesNo,
    errorMessageOccurred: draft.errorMessageOccurred,
    errorMessage: draft.errorMessageOccurred ? draft.errorMessage : '',
    browserUsed: draft.browserUsed,
    differentBrowsers: draft.differentBrowsers,
    osUsed: draft.osUsed,
  }
}

/** The first problem per field as a code: `required`/`must_confirm` for missing ones, else the schema's. */
export function contactIssues(draft: ContactDraft): FieldIssues<ContactField> {
  const issues: FieldIssues<ContactField> = fieldIssuesOf(ContactRequestSchema, contactRequestOf(draft))
  for (const field of missingContactFields(draft)) {
    issues[field] = field === 'confirmation' ? 'must_confirm' : 'required'
  }
  return issues
}

/** The request to send, or null while the draft is not valid. */
export function parseContactDraft(draft: ContactDraft): ContactMessageRequest | BugReportRequest | null {
  const result = ContactRequestSchema.safeParse(contactRequestOf(draft))
  if (!result.success) return null
  const request = result.data
  return request.kind === 'contact' || request.kind === 'bug-report' ? request : null
}

export const canSubmitContact = (draft: ContactDraft): boolean => parseContactDraft(draft) !== null

/** Adds the browser to the "tried in other browsers" list, or removes it when it is there. */
export const toggleBrowser = (list: readonly Browser[], browser: Browser): Browser[] =>
  list.includes(browser) ? list.filter((item) => item !== browser) : [...list, browser]
