import { describe, expect, it } from 'vitest'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import { assertQuantity } from '#shared/domain/quantity.ts'

describe('assertQuantity', () => {
  it('accepts whole numbers from 1', () => {
    expect(assertQuantity(1)).toBe(1)
    expect(assertQuantity(250)).toBe(250)
  })

  it.each([
    [0, 'below_minimum'],
    [-1, 'below_minimum'],
    [1.5, 'not_integer'],
    [Number.NaN, 'not_finite'],
    [Number.POSITIVE_INFINITY, 'not_finite'],
  ])('rejects %s (%s)', (quantity, reason) => {
    try {
      assertQuantity(quantity)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(DomainInputError)
      expect((error as DomainInputError).reason).toBe(reason)
      expect((error as DomainInputError).status).toBe(400)
    }
  })
})
