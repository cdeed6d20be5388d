import {
  type NewsletterRequest,
  type NewsletterRequestInput,
  NewsletterRequestSchema,
} from '#shared/contracts/newsletter.contract.ts'
import { type FieldIssues, fieldIssuesOf, missingFields } from '#shared/domain/forms/form-fields.ts'

/**
 * The newsletter modal's rules (spec part 1 §5): required salutation, last name, e-mail and privacy confirmation;
 * the send button stays disabled until the whole draft is valid.
 */

/** The modal's fields as typed; `salutation` is `''` until one is chosen. */
export type NewsletterDraft = {
  salutation: string
  firstName: string
  lastName: string
  firm: string
  street: string
  plz: string
  location: string
  mail: string
  confirmation: boolean
}
export type NewsletterField = keyof NewsletterDraft
/** The fields set with a text value (everything but the confirmation checkbox). */
export type NewsletterTextField = Exclude<NewsletterField, 'confirmation'>

export const NEWSLETTER_TEXT_FIELDS = [
  'salutation',
  'firstName',
  'lastName',
  'firm',
  'street',
  'plz',
  'location',
  'mail',
] as const satisfies readonly NewsletterTextField[]

export const NEWSLETTER_REQUIRED_FIELDS = [
  'salutation',
  'lastName',
  'mail',
  'confirmation',
] as const satisfies readonly NewsletterField[]

/** An empty draft, the e-mail prefilled from the footer field. */
export const emptyNewsletterDraft = (mail = ''): NewsletterDraft => ({
  salutation: '',
  firstName: '',
  lastName: '',
  firm: '',
  street: '',
  plz: '',
  location: '',
  mail,
  confirmation: false,
})

export const newsletterRequestOf = (draft: NewsletterDraft): NewsletterRequestInput => ({
  kind: 'newsletter',
  ...draft,
  // Unchecked here: the schema refuses a salutation outside SALUTATIONS and an unticked confirmation.
  salutation: draft.salutation as NewsletterRequestInput['salutation'],
  confirmation: draft.confirmation as true,
})

/** The required fields still empty or unticked, in form order (for the send button's title). */
export const missingNewsletterFields = (draft: NewsletterDraft): NewsletterField[] =>
  missingFields(draft, NEWSLETTER_REQUIRED_FIELDS)

/** The first problem per field as a code: `required`/`must_confirm` for missing ones, else the schema's. */
export function newsletterIssues(draft: NewsletterDraft): FieldIssues<NewsletterField> {
  const issues: FieldIssues<NewsletterField> = fieldIssuesOf(
    NewsletterRequestSchema,
    newsletterRequestOf(draft),
  )
  for (const field of missingNewsletterFields(draft)) {
    issues[field] = field === 'confirmation' ? 'must_confirm' : 'required'
  }
  return issues
}

/** The request to send, or null while the draft is not valid. */
export function parseNewsletterDraft(draft: NewsletterDraft): NewsletterRequest | null {
  const result = NewsletterRequestSchema.safeParse(newsletterRequestOf(draft))
  return result.success ? result.data : null
}

export const canSubmitNewsletter = (draft: NewsletterDraft): boolean => parseNewsletterDraft(draft) !== null
