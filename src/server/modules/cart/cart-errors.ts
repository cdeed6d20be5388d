import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode, type ErrorIssue } from '#shared/errors/error-codes.ts'

/** The cart's errors, shared by its commands, pricing and routes. */

export type Path = ErrorIssue['path']

export const cartNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Unknown cart', { details: { resource: 'cart' } })
/** The cart has become an order: changes are refused (reads answer 404, as for an unknown cart). */
export const cartOrdered = () =>
  new AppError(ErrorCode.CartOrdered, 'The cart has been ordered', { details: { resource: 'cart' } })
export const itemNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Unknown cart item', { details: { resource: 'cartItem' } })
export const attachmentNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Unknown attachment', { details: { resource: 'attachment' } })

export function invalid(
  path: Path,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): AppError {
  return new AppError(ErrorCode.ValidationFailed, message, {
    issues: [{ path, code, message }],
    ...(details === undefined ? {} : { details }),
  })
}

/** An error of pricing or of the checks, with its issue paths inside the request (`['items', 0, …]`). */
export function atItem(error: AppError, prefix: Path, index: number): AppError {
  return new AppError(error.code, error.message, {
    ...(error.issues === undefined
      ? {}
      : { issues: error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] })) }),
    details: { ...error.details, item: index },
  })
}
