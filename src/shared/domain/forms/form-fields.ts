import { z } from 'zod'
import { MESSAGE_MAX, NAME_MAX, PHONE_MAX, SUBJECT_MAX } from '#shared/domain/limits.ts'

/**
 * The field rules the contact, bug-report, newsletter and VAT-ID forms share (spec part 1 §5, part 2 §5), as zod
 * schemas that the contracts compose and the machines and the server run. Every issue carries a code from
 * {@link FORM_ISSUE_CODES} as its message: views translate codes, never zod's English texts.
 *
 * Header safety (commerce-reliability check 43): names, e-mail and subject may end up in a mail header, so a CR, LF
 * or any other control character in them is refused, not cleaned up.
 */

export const FORM_ISSUE_CODES = [
  /** Empty (after trimming) where a value is needed. */
  'required',
  'too_long',
  /** A line break or another control character in a one-line field. */
  'line_break',
  'invalid_email',
  'not_numeric',
  /** The privacy confirmation is not ticked. */
  'must_confirm',
  /** A value outside the offered choices. */
  'invalid_choice',
  /** A field filled that must be empty in this state (the error message when no error occurred). */
  'not_allowed',
  /** Shorter than the field's minimum (username 4, password 8). */
  'too_short',
  /** A username with an @ (part 2 §5). */
  'no_at_sign',
  /** The repeated password differs. */
  'passwords_differ',
  /** The postal code does not match the selected country's pattern. */
  'invalid_postal_code',
  /** Not a well-formed EU VAT registration number (two letters, then 2–13 letters or digits). */
  'invalid_vat_id',
] as const
export type FormIssueCode = (typeof FORM_ISSUE_CODES)[number]

/** The longest e-mail address (RFC 5321 path limit). */
export const MAIL_MAX = 254
/** Company, street and location of the newsletter form: the spec names no limit, this keeps abuse out. */
export const ADDRESS_FIELD_MAX = 100
/** Postal code of the newsletter form: digits only (part 1 §5 "Postal code numeric"). */
export const POSTAL_CODE_MAX = 10
/** The bug-report texts (the spec calls the limit "a parameter"; the contact message limit is used). */
export const BUG_REPORT_TEXT_MAX = MESSAGE_MAX

/** C0 controls, DEL, C1 controls (NEL U+0085 among them) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const ONE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
/** Multi-line text keeps tab, LF and CR; every other control character is refused. */
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

export const hasLineBreakOrControl = (value: string): boolean => ONE_LINE_FORBIDDEN.test(value)

/** A one-line text: refused if it holds a control character, then trimmed and limited to `max` characters. */
export const oneLineText = (max: number) =>
  z
    .string({ error: 'required' })
    .refine((value) => !ONE_LINE_FORBIDDEN.test(value), { error: 'line_break', abort: true })
    .trim()
    .max(max, { error: 'too_long' })

/** A required one-line text (at least one character after trimming). */
export const requiredOneLineText = (max: number) => oneLineText(max).min(1, { error: 'required' })

/** A multi-line text: line breaks allowed, other control characters refused; trimmed. */
export const multiLineText = (max: number) =>
  z
    .string({ error: 'required' })
    .refine((value) => !MULTI_LINE_FORBIDDEN.test(value), { error: 'line_break', abort: true })
    .trim()
    .max(max, { error: 'too_long' })

export const requiredMultiLineText = (max: number) => multiLineText(max).min(1, { error: 'required' })

/** First or last name: at most NAME_MAX (20) characters, one line. */
export const nameField = () => oneLineText(NAME_MAX)
export const requiredNameField = () => requiredOneLineText(NAME_MAX)

/** An e-mail address: one line, trimmed, at most 254 characters, of e-mail form. */
export const mailField = () => requiredOneLineText(MAIL_MAX).pipe(z.email({ error: 'invalid_email' }))

/** Phone: optional, at most PHONE_MAX (15) characters. */
export const phoneField = () => oneLineText(PHONE_MAX)

/** Subject: optional, at most SUBJECT_MAX (50) characters, one line (it becomes the mail subject). */
export const subjectField = () => oneLineText(SUBJECT_MAX)

/** The message: required, at most MESSAGE_MAX (400) characters. */
export const messageField = () => requiredMultiLineText(MESSAGE_MAX)

/** The privacy confirmation: must be ticked. */
export const confirmationField = () => z.literal(true, { error: 'must_confirm' })

/** A postal code of digits only, or empty. */
export const postalCodeField = () => oneLineText(POSTAL_CODE_MAX).regex(/^\d*$/, { error: 'not_numeric' })

// ---------------------------------------------------------------------------------------------------------------
// Helpers the machines, the views and the server share

/** The first issue per top-level field, as codes; empty when the value is valid. */
export type FieldIssues<TField extends string> = Partial<Record<TField, FormIssueCode>>

const isFormIssueCode = (value: string): value is FormIssueCode =>
  (FORM_ISSUE_CODES as readonly string[]).includes(value)

/** Runs a schema and returns the first issue code per field (`invalid_choice` for zod's own enum messages). */
export function fieldIssuesOf<TField extends string>(schema: z.ZodType, value: unknown): FieldIssues<TField> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const issues: Partial<Record<string, FormIssueCode>> = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field !== 'string' || issues[field] !== undefined) continue
    issues[field] = isFormIssueCode(issue.message) ? issue.message : 'invalid_choice'
  }
  return issues as FieldIssues<TField>
}

/** The fields of `required` that are empty (strings after trimming) or not ticked (booleans), in that order. */
export function missingFields<TDraft extends Record<string, unknown>, TField extends keyof TDraft & string>(
  draft: TDraft,
  required: readonly TField[],
): TField[] {
  return required.filter((field) => {
    const value = draft[field]
    if (typeof value === 'string') return value.trim() === ''
    if (typeof value === 'boolean') return !value
    return value === undefined || value === null
  })
}
