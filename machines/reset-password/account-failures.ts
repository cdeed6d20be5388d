import { httpStatusOf } from '#machines/api-call/api-error.ts'

/**
 * How the account forms tell the failures of issue 15's routes apart. The server names them with codes that may be
 * newer than this client's ErrorCode list (`link_invalid`, `wrong_password`); an unknown code arrives as the status
 * only, so the raw code and the status are both read. Everything else is the generic warning.
 */

export type AccountFailure = 'link-invalid' | 'wrong-password' | 'generic'

const rawCodeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''

/** A mail link (reset, e-mail change) that was already used, has expired or never existed: 404 or 410. */
export function isInvalidLinkFailure(error: unknown): boolean {
  const code = rawCodeOf(error)
  if (code.includes('link') || code.includes('token')) return true
  const status = httpStatusOf(error)
  return status === 404 || status === 410
}

/** The old password of a password change was wrong: `wrong_password`, or a 401 (the session itself is fine). */
export function isWrongPasswordFailure(error: unknown): boolean {
  return rawCodeOf(error) === 'wrong_password' || httpStatusOf(error) === 401
}
