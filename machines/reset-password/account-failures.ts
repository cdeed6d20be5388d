import { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, httpStatusOf } from '#machines/api-call/api-error.ts'

/**
 * How the account forms tell the failures of issue 15's routes apart; everything else is the generic warning. The
 * reset and e-mail change machines share this (both read mail links), the password change its second half.
 */

/** A mail link (reset, e-mail change) that was already used, has expired or never existed: `link_invalid` (410). */
export function isInvalidLinkFailure(error: unknown): boolean {
  return errorCodeOf(error) === ErrorCode.LinkInvalid || httpStatusOf(error) === 410
}

/** The old password of a password change was wrong (`wrong_password`, 422; a 401 would be the session's). */
export function isWrongPasswordFailure(error: unknown): boolean {
  return errorCodeOf(error) === ErrorCode.WrongPassword
}
