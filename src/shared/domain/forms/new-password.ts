import { newPasswordField } from '#shared/contracts/account.contract.ts'
import { mailField, type FormIssueCode } from '#shared/domain/forms/form-fields.ts'

/**
 * The new-password rule of the reset and password-update forms (spec part 2 §5): submit only when the new password
 * is longer than 7 characters (and at most 20, decision 0087) and the repeat is identical. The same schema as the
 * server's, so a password the form lets through is one the server takes.
 */

/** The new password's first issue (`required`, `too_short`, `too_long`) or null. */
export function newPasswordIssue(password: string): FormIssueCode | null {
  const parsed = newPasswordField().safeParse(password)
  return parsed.success ? null : ((parsed.error.issues[0]?.message ?? 'required') as FormIssueCode)
}

/** The repeat's issue: `passwords_differ` once something is typed that is not the new password. */
export function repeatIssue(password: string, repeat: string): FormIssueCode | null {
  return repeat !== password ? 'passwords_differ' : null
}

export const isAcceptableNewPassword = (password: string, repeat: string): boolean =>
  newPasswordIssue(password) === null && repeat === password

/** The e-mail field of the reset request and the e-mail change: its issue (`required`, `invalid_email` …) or null. */
export function mailIssue(mail: string): FormIssueCode | null {
  const parsed = mailField().safeParse(mail)
  return parsed.success ? null : ((parsed.error.issues[0]?.message ?? 'invalid_email') as FormIssueCode)
}
