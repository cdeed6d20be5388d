import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PRICING_BATCH_MAX_PARAMS, PricingBatchRequestSchema } from '#shared/contracts/pricing.contract.ts'
import {
  isValidPricingBatchRequest,
  parsePricingBatchRequest,
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

describe('the fast pricing request parser', () => {
  it('accepts exactly what the contract schema accepts, and returns the same value', () => {
    fc.assert(
      fc.property(body, (candidate) => {
        // Bodies arrive as JSON: run them through it, as Fastify would.
        const json = JSON.stringify(candidate)
        const value: unknown = json === undefined ? undefined : JSON.parse(json)
        const schema = PricingBatchRequestSchema.safeParse(value)
        expect(isValidPricingBatchRequest(value)).toBe(schema.success)
        if (schema.success) expect(parsePricingBatchRequest(value)).toEqual(schema.data)
        else expect(() => parsePricingBatchRequest(value)).toThrow()
      }),
      { numRuns: 3_000 },
    )
  })

  it('accepts a valid request (the generator above must reach the success branch too)', () => {
    const valid = {
      objectId: 'A'.repeat(22),
      objectScale: 1,
      objectUnitLength: 'mm',
      objectQuantity: 1,
      params: [{ printModeId: 'B'.repeat(22), printModeColor: 'Rot' }],
    }
    expect(isValidPricingBatchRequest(valid)).toBe(true)
    expect(isValidPricingBatchRequest({ ...valid, objectQuantity: 2 ** 53 })).toBe(false)
    expect(
      isValidPricingBatchRequest({ ...valid, params: [{ printModeId: 'B'.repeat(22), price: 1 }] }),
    ).toBe(false)
  })
})
