import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PRICING_BATCH_MAX_PARAMS, PricingBatchRequestSchema } from '#shared/contracts/pricing.contract.ts'
import {
  isSharedParams,
  parsePricingBatchRequest,
  shareValidParams,
} from '#server/modules/pricing/pricing-request.ts'

const id = fc.stringMatching(/^[A-Za-z0-9_-]{22}$/)
const nearId = fc.oneof(id, fc.string({ maxLength: 24 }), fc.constantFrom('', 'x'.repeat(22), 'a'.repeat(21)))
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1, -1, 1.5, 2 ** 53, 2 ** 53 - 1, 1e9, Number.MIN_VALUE, Infinity, NaN),
)
const anyValue = fc.oneof(
  number,
  fc.string({ maxLength: 5 }),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
)

const param = fc.record(
  {
    printModeId: fc.oneof(nearId, anyValue),
    surfaceFinishId: fc.oneof(nearId, anyValue),
    printModeColorId: fc.oneof(nearId, anyValue),
    printModeColor: fc.oneof(fc.string({ maxLength: 110 }), anyValue),
    price: anyValue,
  },
  { requiredKeys: [] },
)

const body = fc.oneof(
  fc.record(
    {
      objectId: fc.oneof(id, id, nearId, anyValue),
      objectScale: fc.oneof(number, anyValue),
      objectUnitLength: fc.oneof(fc.constantFrom('mm', 'cm', 'inch', 'MM', 'm'), anyValue),
      objectQuantity: fc.oneof(fc.integer({ min: -2, max: 1e6 }), number, anyValue),
      params: fc.oneof(
        fc.array(param, { minLength: 0, maxLength: 3 }),
        fc.array(param, { minLength: PRICING_BATCH_MAX_PARAMS, maxLength: PRICING_BATCH_MAX_PARAMS + 1 }),
        anyValue,
      ),
      netPrice: anyValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
)

describe('the pricing request parser', () => {
  it('accepts exactly what the contract schema accepts, and returns the same value', () => {
    fc.assert(
      fc.property(body, fc.boolean(), (candidate, share) => {
        // Bodies arrive as JSON: run them through it, as Fastify would.
        const json = JSON.stringify(candidate)
        const value: unknown = json === undefined ? undefined : JSON.parse(json)
        // The body parser shares an array only when the contract's params schema accepts it; try both ways.
        const params = (value as { params?: unknown } | null)?.params
        const shared = share && Array.isArray(params) && shareValidParams(params)
        const schema = PricingBatchRequestSchema.safeParse(value)
        if (shared) expect(isSharedParams(params as unknown[])).toBe(true)
        if (schema.success) expect(parsePricingBatchRequest(value)).toEqual(schema.data)
        else expect(() => parsePricingBatchRequest(value)).toThrow()
      }),
      { numRuns: 3_000 },
    )
  })

  it('keeps a shared params array as it is and still checks every other field', () => {
    const params = [{ printModeId: 'B'.repeat(22), printModeColor: 'Rot' }]
    expect(shareValidParams(params)).toBe(true)
    expect(Object.isFrozen(params) && Object.isFrozen(params[0])).toBe(true)
    const valid = {
      objectId: 'A'.repeat(22),
      objectScale: 1,
      objectUnitLength: 'mm',
      objectQuantity: 1,
      params,
    }
    expect(parsePricingBatchRequest(valid).params).toBe(params)
    expect(() => parsePricingBatchRequest({ ...valid, objectQuantity: 2 ** 53 })).toThrow()
    expect(() => parsePricingBatchRequest({ ...valid, netPrice: 1 })).toThrow()
    expect(shareValidParams([{ printModeId: 'B'.repeat(22), price: 1 }])).toBe(false)
    expect(shareValidParams([])).toBe(false)
  })
})
