import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  PRICING_BATCH_MAX_PARAMS,
  PricedResultColumnsSchema,
  PricingBatchRequestSchema,
  PricingBatchResponseSchema,
  pricedConfigurationsOf,
  resultColumnsOf,
  resultsOf,
} from '#shared/contracts/pricing.contract.ts'

/** A server id (22 base64url characters) named for readability. */
const id = (name: string) => name.padEnd(22, '_')

const request = {
  objectId: id('object-1'),
  objectScale: 1.5,
  objectUnitLength: 'mm',
  objectQuantity: 2,
  params: [
    {
      printModeId: id('pm-1'),
      surfaceFinishId: id('f-1'),
      printModeColorId: id('c-1'),
      printModeColor: '#ffffff',
    },
  ],
}

const result = {
  price: { netPrice: 1_000, totalPrice: 1_190, tax: 190, taxRate: 19 },
  linePrice: { netPrice: 2_000, totalPrice: 2_380, tax: 380 },
  printable: true,
  tooLarge: false,
  tooSmall: false,
  mightCauseProblems: false,
  productionTimeDays: 5,
  sheetVersion: 'sheet-7',
}

/** Three configurations: two share the first result, the third (no finish or colour named) was filled in. */
const secondResult = { ...result, price: { ...result.price, netPrice: 1_500 }, tooSmall: true }
const response = {
  results: resultColumnsOf([result, secondResult]),
  resultOf: [0, 0, 1],
  filledIn: [{ param: 2, surfaceFinishId: null, printModeColorId: id('c-9') }],
  printabilityForSelected: { printable: true, tooLarge: false, tooSmall: false, price: result.linePrice },
  printabilityForAll: { tooLarge: false },
}
const threeParams = [
  { printModeId: id('pm-1'), surfaceFinishId: id('f-1'), printModeColorId: id('c-1') },
  { printModeId: id('pm-1'), surfaceFinishId: id('f-1'), printModeColorId: id('c-2') },
  { printModeId: id('pm-2') },
]

describe('pricing contract', () => {
  it('accepts a batch request', () => {
    expect(PricingBatchRequestSchema.parse(request)).toEqual(request)
    expect(
      PricingBatchRequestSchema.parse({ ...request, params: [{ printModeId: id('pm-2') }] }).params,
    ).toHaveLength(1)
  })

  it('rejects prices and other unknown fields in the request, at the top and in a param', () => {
    expect(PricingBatchRequestSchema.safeParse({ ...request, price: 1 }).success).toBe(false)
    expect(
      PricingBatchRequestSchema.safeParse({ ...request, params: [{ printModeId: id('pm-1'), netPrice: 1 }] })
        .success,
    ).toBe(false)
  })

  it('rejects a scale that is not a positive finite number and a quantity that is not a whole number ≥ 1', () => {
    for (const objectScale of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(PricingBatchRequestSchema.safeParse({ ...request, objectScale }).success).toBe(false)
    for (const objectQuantity of [0, 1.5])
      expect(PricingBatchRequestSchema.safeParse({ ...request, objectQuantity }).success).toBe(false)
  })

  it('takes 1 to 200 configurations', () => {
    expect(PricingBatchRequestSchema.safeParse({ ...request, params: [] }).success).toBe(false)
    const many = Array.from({ length: PRICING_BATCH_MAX_PARAMS + 1 }, () => ({ printModeId: id('pm-1') }))
    expect(PricingBatchRequestSchema.safeParse({ ...request, params: many }).success).toBe(false)
    expect(PricingBatchRequestSchema.safeParse({ ...request, params: many.slice(1) }).success).toBe(true)
  })

  it('reads a response; money is integer cents, the selected price may be absent', () => {
    expect(PricingBatchResponseSchema.parse(response)).toEqual(response)
    const unprintable = { ...response.printabilityForSelected, printable: false, price: null }
    expect(
      PricingBatchResponseSchema.safeParse({ ...response, printabilityForSelected: unprintable }).success,
    ).toBe(true)
    const fractional = { ...result, price: { ...result.price, netPrice: 10.5 } }
    expect(
      PricingBatchResponseSchema.safeParse({ ...response, results: resultColumnsOf([fractional]) }).success,
    ).toBe(false)
  })

  it('sends the results in columns, one value per result at each field’s path (decision 0149)', () => {
    expect(response.results.price.netPrice).toEqual([1_000, 1_500])
    expect(response.results.tooSmall).toEqual([false, true])
    expect(response.results.sheetVersion).toEqual(['sheet-7', 'sheet-7'])
    expect(resultsOf(response.results)).toEqual([result, secondResult])
    expect(resultsOf(resultColumnsOf([]))).toEqual([])
  })

  it('gives back exactly the results it was built from, for any results (property)', () => {
    const cents = fc.nat({ max: 10_000_000 })
    const pricedResult = fc.record({
      price: fc.record({
        netPrice: cents,
        totalPrice: cents,
        tax: cents,
        taxRate: fc.integer({ min: 0, max: 100 }),
      }),
      linePrice: fc.record({ netPrice: cents, totalPrice: cents, tax: cents }),
      printable: fc.boolean(),
      tooLarge: fc.boolean(),
      tooSmall: fc.boolean(),
      mightCauseProblems: fc.boolean(),
      productionTimeDays: fc.nat({ max: 365 }),
      sheetVersion: fc.string({ minLength: 1, maxLength: 30 }),
    })
    fc.assert(
      fc.property(fc.array(pricedResult, { maxLength: 40 }), (results) => {
        const columns = PricedResultColumnsSchema.parse(JSON.parse(JSON.stringify(resultColumnsOf(results))))
        expect(resultsOf(columns)).toEqual(results)
      }),
    )
  })

  it('refuses result columns of unequal length (an answer cut short)', () => {
    const columns = resultColumnsOf([result, secondResult])
    const cut = { ...columns, linePrice: { ...columns.linePrice, tax: [380] } }
    expect(PricingBatchResponseSchema.safeParse({ ...response, results: cut }).success).toBe(true)
    expect(() => resultsOf(cut)).toThrow(/differ in length/)
    expect(() => pricedConfigurationsOf({ params: threeParams }, { ...response, results: cut })).toThrow()
  })

  it("gives one line per configuration: the request's ids, or the filled-in ones, with its result", () => {
    const { prices, printabilityForSelected } = pricedConfigurationsOf({ params: threeParams }, response)
    expect(prices).toEqual([
      { ...threeParams[0], ...result },
      { ...threeParams[1], ...result },
      { printModeId: id('pm-2'), surfaceFinishId: null, printModeColorId: id('c-9'), ...secondResult },
    ])
    expect(printabilityForSelected).toBe(response.printabilityForSelected)
  })

  it('refuses an answer that does not fit the request', () => {
    expect(() => pricedConfigurationsOf({ params: threeParams.slice(0, 2) }, response)).toThrow()
    expect(() =>
      pricedConfigurationsOf({ params: threeParams }, { ...response, resultOf: [0, 0, 2] }),
    ).toThrow()
  })
})
