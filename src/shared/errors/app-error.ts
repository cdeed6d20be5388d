import { type ErrorCode, type ErrorIssue, errorStatus } from './error-codes.ts'

/** The one error type the server throws on purpose; anything else is masked as internal_error. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly issues: ErrorIssue[] | undefined
  readonly details: Record<string, unknown> | undefined
  /** What only the server log may see (internal names, ids): logged with the request id, never answered. */
  readonly internal: Record<string, unknown> | undefined

  constructor(
    code: ErrorCode,
    message?: string,
    extra?: {
      issues?: ErrorIssue[]
      details?: Record<string, unknown>
      internal?: Record<string, unknown>
    },
  ) {
    super(message ?? code)
    this.name = 'AppError'
    this.code = code
    this.status = errorStatus[code]
    this.issues = extra?.issues
    this.details = extra?.details
    this.internal = extra?.internal
  }
}
