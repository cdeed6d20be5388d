import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPricingBodyParser } from '#server/modules/pricing/pricing-body.ts'
import { isPlainJsonText } from '#server/modules/pricing/pricing-answers.plugin.ts'
import { isSharedParams, parsePricingBatchRequest } from '#server/modules/pricing/pricing-request.ts'

const ID_A = 'AAAAAAAAAAAAAAAAAAAAAA'
const ID_B = 'BBBBBBBBBBBBBBBBBBBBBB'
const params = [
  { printModeId: ID_A, surfaceFinishId: ID_B },
  { printModeId: ID_B, printModeColorId: ID_A },
]
const bodyWith = (quantity: number, chosen: unknown = params) =>
  JSON.stringify({
    objectId: ID_A,
    objectScale: 1.25,
    objectUnitLength: 'mm',
    objectQuantity: quantity,
    params: chosen,
  })

describe('createPricingBodyParser', () => {
  it('shares the params of a params text sent before, checked and frozen, from its second sighting', () => {
    const parser = createPricingBodyParser()
    const first = parser.parse(bodyWith(1)) as { params: unknown[] }
    const second = parser.parse(bodyWith(2)) as { params: unknown[]; objectQuantity: number }
    const third = parser.parse(bodyWith(3)) as { params: unknown[]; objectQuantity: number }
    expect(first).toEqual(JSON.parse(bodyWith(1)))
    expect(isSharedParams(first.params)).toBe(false)
    expect(second).toEqual(JSON.parse(bodyWith(2)))
    expect(isSharedParams(second.params)).toBe(true)
    expect(third.params).toBe(second.params)
    expect(third.objectQuantity).toBe(3)
    expect(Object.isFrozen(third.params) && Object.isFrozen(third.params[0])).toBe(true)
    expect(parsePricingBatchRequest(third).params).toBe(third.params)
    expect(Object.keys(third)).toEqual(Object.keys(JSON.parse(bodyWith(3)) as object))
  })

  it('never shares params the contract refuses (they go on to its 400)', () => {
    const parser = createPricingBodyParser()
    const refused = [{ printModeId: ID_A, price: 1 }]
    for (const quantity of [1, 2, 3]) {
      const body = parser.parse(bodyWith(quantity, refused)) as { params: unknown[] }
      expect(body).toEqual(JSON.parse(bodyWith(quantity, refused)))
      expect(isSharedParams(body.params)).toBe(false)
      expect(() => parsePricingBatchRequest(body)).toThrow()
    }
  })

  it('leaves to the whole-text parse what it cannot tell: params not last, nested, repeated, bad JSON', () => {
    const parser = createPricingBodyParser()
    for (const text of [
      `{"params":[],"objectId":"${ID_A}"}`,
      `{"objectId":{"params":[]}}`,
      `{"params":1,"params":[]}`,
      `{"objectId":"x","params":[1,}`,
      `{"objectId":"x","params" :[]}`,
      `{"objectId":"x","params":[]} `,
      `{"objectId":"x",,"params":[]}`,
    ])
      expect(parser.parse(text)).toBeUndefined()
  })

  it('gives exactly what JSON.parse gives, or nothing, for any backslash-free text around a params key', () => {
    const parser = createPricingBodyParser({ maxEntries: 4, maxSeen: 8 })
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value))
    const fragment = fc.oneof(
      json,
      fc.constantFrom('"params":', '{', '}', '[', ']', ',', ':', '"', ' ', '0', '"a":'),
    )
    const text = fc.oneof(
      // Well-formed bodies with random head fields and params values.
      fc
        .tuple(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })), json)
        .map(([head, value]) => {
          const headText = JSON.stringify(head)
          return headText === '{}' ? `{"params":${value}}` : `${headText.slice(0, -1)},"params":${value}}`
        }),
      // Random texts built from JSON pieces and the key itself.
      fc.array(fragment, { maxLength: 12 }).map((pieces) => pieces.join('')),
    )
    fc.assert(
      fc.property(text, (candidate) => {
        if (!isPlainJsonText(candidate)) return
        // Twice, so the second sighting shares what the first only remembered.
        for (let time = 0; time < 2; time++) {
          const parsed = parser.parse(candidate)
          if (parsed === undefined) continue
          expect(parsed).toEqual(JSON.parse(candidate))
          expect(Object.keys(parsed as object)).toEqual(Object.keys(JSON.parse(candidate) as object))
        }
      }),
      { numRuns: 1_000 },
    )
  })
})
