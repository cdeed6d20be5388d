import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'

export type DomainInputReason =
  | 'not_finite'
  | 'not_positive'
  | 'negative'
  | 'not_integer'
  | 'below_minimum'
  | 'above_maximum'
  | 'too_precise'
  | 'unknown_unit'
  | 'inconsistent'

/**
 * A pure function was handed a value its caller should have validated. It is a validation_failed AppError, so
 * the server answers 400 with one issue whatever layer let the value through; the client can read `field`/`reason`.
 */
export class DomainInputError extends AppError {
  readonly field: string
  readonly reason: DomainInputReason

  constructor(field: string, reason: DomainInputReason) {
    super(ErrorCode.ValidationFailed, `${field}: ${reason}`, {
      issues: [{ path: field.split('.'), code: reason }],
    })
    this.name = 'DomainInputError'
    this.field = field
    this.reason = reason
  }
}

export function assertFinite(value: number, field: string): number {
  if (!Number.isFinite(value)) throw new DomainInputError(field, 'not_finite')
  return value
}

export function assertNonNegative(value: number, field: string): number {
  assertFinite(value, field)
  if (value < 0) throw new DomainInputError(field, 'negative')
  return value
}

export function assertPositive(value: number, field: string): number {
  assertFinite(value, field)
  if (value <= 0) throw new DomainInputError(field, 'not_positive')
  return value
}
