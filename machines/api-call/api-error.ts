import { ErrorCode, ErrorCodeSchema, errorStatus } from '#shared/errors/error-codes.ts'

/**
 * What machines read from an actor's failure. The client's API layer rejects with an error that carries the API's
 * `code` (an ErrorCode) and the HTTP `status`, as `AppError` (#shared/errors/app-error.ts) does; anything else (a
 * network failure, a bug) counts as internal_error without a status.
 */

const field = (error: unknown, key: string): unknown =>
  typeof error === 'object' && error !== null && key in error
    ? (error as Record<string, unknown>)[key]
    : undefined

/** The failure's ErrorCode; internal_error when it has none. */
export const errorCodeOf = (error: unknown): ErrorCode => {
  const parsed = ErrorCodeSchema.safeParse(field(error, 'code'))
  return parsed.success ? parsed.data : ErrorCode.Internal
}

/** The failure's HTTP status: its `status`, else the status of its code; null for a failure without either. */
export const httpStatusOf = (error: unknown): number | null => {
  const status = field(error, 'status')
  if (typeof status === 'number' && Number.isInteger(status)) return status
  const parsed = ErrorCodeSchema.safeParse(field(error, 'code'))
  return parsed.success ? errorStatus[parsed.data] : null
}

/** A 403 answer. */
export const isForbidden = (error: unknown): boolean => httpStatusOf(error) === 403

/**
 * Part 1 §8, part 2 §4: a 403 answer triggers a session refresh; a 401 (no or an expired session cookie) is treated
 * alike (docs/decisions/0088), so an expired session refreshes whichever status the server chose.
 */
export const isSessionRefused = (error: unknown): boolean => {
  const status = httpStatusOf(error)
  return status === 401 || status === 403
}

/** A 404 (`not_found`): for the cart, a sign to create a new one. */
export const isNotFound = (error: unknown): boolean => httpStatusOf(error) === 404
