import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import {
  NewsletterRequestSchema,
  SALUTATIONS,
  type Salutation,
} from '#shared/contracts/newsletter.contract.ts'
import {
  BUG_REPORT_TEXT_MAX,
  confirmationField,
  mailField,
  messageField,
  multiLineText,
  phoneField,
  requiredMultiLineText,
  requiredNameField,
  subjectField,
} from '#shared/domain/forms/form-fields.ts'

/**
 * Everything a visitor sends to the shop team through one endpoint (spec part 2 §3 "Contact form", §5, §7
 * `ContactForm.php`; part 1 §7): a contact message, a bug report, a newsletter sign-up or a VAT-ID submission,
 * told apart by `kind`. The server stores each submission and mails the team. The legacy `ContactForm.php`
 * form-urlencoded body maps onto the same schemas ({@link legacyContactFormToRequest}).
 *
 * Limits (part 2 §5, §9): first and last name 20, phone 15, subject 50, message 400. Names, e-mail and subject
 * refuse line breaks (they can end up in a mail header; commerce-reliability check 43).
 */

export const CONTACT_PATH = '/api/contact'
/** The legacy endpoint, form-urlencoded; answers like CONTACT_PATH. */
export const LEGACY_CONTACT_FORM_PATH = '/api/ContactForm.php'

export const CONTACT_KINDS = ['contact', 'bug-report', 'newsletter', 'vat-id'] as const
export type ContactKind = (typeof CONTACT_KINDS)[number]

/** Part 2 §5: the browsers a bug report offers; 'other' is a code the view translates. */
export const BROWSERS = [
  'Mozilla Firefox',
  'Google Chrome',
  'Apple Safari',
  'Microsoft Edge',
  'other',
] as const
export type Browser = (typeof BROWSERS)[number]
export const DEFAULT_BROWSER: Browser = 'Mozilla Firefox'

/** Part 2 §5: the operating systems a bug report offers. */
export const OPERATING_SYSTEMS = [
  'Microsoft Windows',
  'Apple MacOS',
  'Apple iOS',
  'Android',
  'other',
] as const
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number]
export const DEFAULT_OPERATING_SYSTEM: OperatingSystem = 'Microsoft Windows'

export const YES_NO = ['yes', 'no'] as const
export type YesNo = (typeof YES_NO)[number]

export const BrowserSchema = z.enum(BROWSERS, { error: 'invalid_choice' })
export const OperatingSystemSchema = z.enum(OPERATING_SYSTEMS, { error: 'invalid_choice' })

// ---------------------------------------------------------------------------------------------------------------
// POST /api/contact

const contactFields = {
  firstName: requiredNameField(),
  lastName: requiredNameField(),
  phone: phoneField().default(''),
  mail: mailField(),
  subject: subjectField().default(''),
  message: messageField(),
  confirmation: confirmationField(),
}

/** A plain contact message. */
export const ContactMessageRequestSchema = z.strictObject({
  kind: z.literal('contact'),
  isBugReport: z.literal(false).default(false),
  ...contactFields,
})
export type ContactMessageRequest = z.infer<typeof ContactMessageRequestSchema>

/**
 * A bug report: the contact fields plus the description (what the user wanted to do, expected and got, all
 * required), the environment, and the error message, which is required when an error message occurred and must be
 * empty otherwise.
 */
export const BugReportRequestSchema = z
  .strictObject({
    kind: z.literal('bug-report'),
    isBugReport: z.literal(true).default(true),
    ...contactFields,
    userIntention: requiredMultiLineText(BUG_REPORT_TEXT_MAX),
    userExpectation: requiredMultiLineText(BUG_REPORT_TEXT_MAX),
    systemResponse: requiredMultiLineText(BUG_REPORT_TEXT_MAX),
    userCheckedInternetConnection: z.enum(YES_NO, { error: 'invalid_choice' }),
    errorMessageOccurred: z.boolean({ error: 'invalid_choice' }),
    errorMessage: multiLineText(BUG_REPORT_TEXT_MAX).default(''),
    browserUsed: BrowserSchema,
    differentBrowsers: z
      .array(BrowserSchema)
      .max(BROWSERS.length, { error: 'too_long' })
      .refine((list) => new Set(list).size === list.length, { error: 'invalid_choice' })
      .default([]),
    osUsed: OperatingSystemSchema,
  })
  .superRefine((report, ctx) => {
    if (report.errorMessageOccurred && report.errorMessage === '') {
      ctx.addIssue({ code: 'custom', path: ['errorMessage'], message: 'required' })
    }
    if (!report.errorMessageOccurred && report.errorMessage !== '') {
      ctx.addIssue({ code: 'custom', path: ['errorMessage'], message: 'not_allowed' })
    }
  })
export type BugReportRequest = z.infer<typeof BugReportRequestSchema>

/** The VAT-ID submission from the account area (part 2 §5, §7): `message` holds the VAT-ID, not empty. */
export const VatIdRequestSchema = z.strictObject({
  kind: z.literal('vat-id'),
  subject: subjectField().default(''),
  mail: mailField(),
  firstName: requiredNameField(),
  lastName: requiredNameField(),
  message: messageField(),
  confirmation: confirmationField(),
})
export type VatIdRequest = z.infer<typeof VatIdRequestSchema>
export type VatIdRequestInput = z.input<typeof VatIdRequestSchema>

export const ContactRequestSchema = z.discriminatedUnion('kind', [
  ContactMessageRequestSchema,
  BugReportRequestSchema,
  NewsletterRequestSchema,
  VatIdRequestSchema,
])
/** What the server works with (trimmed, defaults filled in). */
export type ContactRequest = z.infer<typeof ContactRequestSchema>
/** What a client sends. */
export type ContactRequestInput = z.input<typeof ContactRequestSchema>

/** The answer: the stored submission's id. */
export const ContactResponseSchema = z.object({ ok: z.literal(true), id: IdSchema })
export type ContactResponse = z.infer<typeof ContactResponseSchema>

// ---------------------------------------------------------------------------------------------------------------
// The legacy ContactForm.php body (form-urlencoded)

/** The field names of the legacy form (part 1 §7), plus the contact form's own (part 2 §3). */
export const LEGACY_CONTACT_FORM_FIELDS = [
  'subject',
  'salutation',
  'firstName',
  'lastName',
  'firm',
  'street',
  'plz',
  'location',
  'confirmation',
  'message',
  'mail',
] as const

/** A parsed form-urlencoded body: a repeated key gives a list. */
export type LegacyContactForm = Readonly<Record<string, string | readonly string[] | undefined>>

const NEWSLETTER_ONLY_FIELDS = ['salutation', 'firm', 'street', 'plz', 'location'] as const

const legacySalutations: Readonly<Record<string, Salutation>> = {
  herr: 'mr',
  mr: 'mr',
  'mr.': 'mr',
  monsieur: 'mr',
  'm.': 'mr',
  frau: 'ms',
  mrs: 'ms',
  'mrs.': 'ms',
  ms: 'ms',
  'ms.': 'ms',
  madame: 'ms',
  mme: 'ms',
  divers: 'diverse',
  diverse: 'diverse',
  mx: 'diverse',
}

const TRUE_WORDS = new Set(['true', 'on', '1', 'yes', 'ja'])

/**
 * The route also takes a JSON body, typed as a form but holding any JSON value: only text counts, anything else
 * (a number, an object, a list of numbers) is treated as absent instead of failing in `.trim()` with a 500.
 */
function scalar(form: LegacyContactForm, key: string): string | undefined {
  const value: unknown = form[key] ?? form[`${key}[]`]
  const first: unknown = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : undefined
}

function list(form: LegacyContactForm, key: string): string[] {
  const value: unknown = form[key] ?? form[`${key}[]`]
  const items: unknown[] = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

const flag = (value: string | undefined): boolean => TRUE_WORDS.has((value ?? '').trim().toLowerCase())

/** The legacy salutation word (Herr, Frau, Mr, Madame …) as a code; anything else stays as sent (and fails). */
export function legacySalutation(value: string): string {
  const word = value.trim().toLowerCase()
  return (SALUTATIONS as readonly string[]).includes(word) ? word : (legacySalutations[word] ?? value)
}

function legacyKind(form: LegacyContactForm): ContactKind {
  const explicit = scalar(form, 'kind')
  if (explicit !== undefined && (CONTACT_KINDS as readonly string[]).includes(explicit)) {
    return explicit as ContactKind
  }
  if (NEWSLETTER_ONLY_FIELDS.some((key) => (scalar(form, key) ?? '').trim() !== '')) return 'newsletter'
  return flag(scalar(form, 'isBugReport')) ? 'bug-report' : 'contact'
}

/** A legacy body in the shape of a {@link ContactRequestInput}, its values not yet checked. */
export type LegacyContactRequest = { kind: ContactKind } & Record<string, unknown>

/**
 * Maps a legacy `ContactForm.php` body onto the shape of a {@link ContactRequestInput}, to be parsed with
 * {@link ContactRequestSchema}. The kind is the body's `kind` field when it names one; otherwise a body with any
 * newsletter-only field (salutation, firm, street, plz, location) is a newsletter sign-up, one with a true
 * `isBugReport` a bug report, anything else a contact message (a legacy VAT-ID body without `kind` has the same
 * fields as a contact message and is kept as one). The newsletter's composed `message` text is dropped: its parts
 * arrive as fields. Checkbox values true/on/1/yes count as ticked. Unknown fields are ignored.
 */
export function legacyContactFormToRequest(form: LegacyContactForm): LegacyContactRequest {
  const text = (key: string) => scalar(form, key) ?? ''
  const kind = legacyKind(form)
  const confirmation = flag(scalar(form, 'confirmation'))
  switch (kind) {
    case 'newsletter':
      return {
        kind,
        salutation: legacySalutation(text('salutation')),
        firstName: text('firstName'),
        lastName: text('lastName'),
        firm: text('firm'),
        street: text('street'),
        plz: text('plz'),
        location: text('location'),
        mail: text('mail'),
        confirmation,
      }
    case 'vat-id':
      return {
        kind,
        subject: text('subject'),
        mail: text('mail'),
        firstName: text('firstName'),
        lastName: text('lastName'),
        message: text('message'),
        confirmation,
      }
    case 'contact':
      return {
        kind,
        isBugReport: false,
        firstName: text('firstName'),
        lastName: text('lastName'),
        phone: text('phone'),
        mail: text('mail'),
        subject: text('subject'),
        message: text('message'),
        confirmation,
      }
    case 'bug-report':
      return {
        kind,
        isBugReport: true,
        firstName: text('firstName'),
        lastName: text('lastName'),
        phone: text('phone'),
        mail: text('mail'),
        subject: text('subject'),
        message: text('message'),
        confirmation,
        userIntention: text('userIntention'),
        userExpectation: text('userExpectation'),
        systemResponse: text('systemResponse'),
        userCheckedInternetConnection: text('userCheckedInternetConnection'),
        errorMessageOccurred: flag(scalar(form, 'errorMessageOccurred')),
        errorMessage: text('errorMessage'),
        browserUsed: text('browserUsed'),
        differentBrowsers: list(form, 'differentBrowsers'),
        osUsed: text('osUsed'),
      }
  }
}

/** The legacy form body as the API describes it: every field a text (a repeated field a list of texts). */
export const LegacyContactFormSchema = z.record(
  z.enum(LEGACY_CONTACT_FORM_FIELDS),
  z.union([z.string(), z.array(z.string())]),
)
