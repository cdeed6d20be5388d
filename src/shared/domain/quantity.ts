import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import { MIN_QUANTITY } from '#shared/domain/limits.ts'

/** Quantity is a whole number of pieces, at least MIN_QUANTITY (part 1 §5). */
export function assertQuantity(quantity: number, field = 'quantity'): number {
  if (!Number.isSafeInteger(quantity)) {
    throw new DomainInputError(field, Number.isFinite(quantity) ? 'not_integer' : 'not_finite')
  }
  if (quantity < MIN_QUANTITY) throw new DomainInputError(field, 'below_minimum')
  return quantity
}
