import Fastify from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConfigurationPrice } from '#shared/contracts/pricing.contract.ts'
import {
  createPricingAnswerWriter,
  type PricingAnswerSerializers,
} from '#server/modules/pricing/pricing-answer-json.ts'
import { PRICING_ROUTE_SCHEMA, pricingAnswerSerializersOf } from '#server/modules/pricing/pricing.routes.ts'
import { answerOf, type PricedBatch, type PricedLineIds } from '#server/modules/pricing/pricing.service.ts'

// The route's real serialisers: Fastify's compiler (fast-json-stringify) on the contract's schema and its parts.
const app = Fastify()
let serializers: PricingAnswerSerializers
beforeAll(async () => {
  app.post('/answer', { schema: PRICING_ROUTE_SCHEMA }, async (_request, reply) => {
    serializers = pricingAnswerSerializersOf(reply)
    return reply.send({})
  })
  await app.inject({ method: 'POST', url: '/answer' })
})
afterAll(() => app.close())

const id = fc.stringMatching(/^[A-Za-z0-9_-]{22}$/)
const lineIds: fc.Arbitrary<PricedLineIds> = fc.record({
  printModeId: id,
  surfaceFinishId: fc.option(id, { nil: null }),
  printModeColorId: fc.option(id, { nil: null }),
})
const cents = fc.integer({ min: 0, max: 2 ** 40 })
const money = fc.record({ netPrice: cents, totalPrice: cents, tax: cents })
const verdict = fc.record({
  printable: fc.boolean(),
  tooLarge: fc.boolean(),
  tooSmall: fc.boolean(),
  mightCauseProblems: fc.boolean(),
  productionTimeDays: fc.integer({ min: 0, max: 400 }),
  sheetVersion: id,
})

/** A batch as the service builds one: groups numbered in the order of their first line, carrying its ids. */
const batch: fc.Arbitrary<PricedBatch> = fc
  .tuple(
    fc.array(fc.tuple(lineIds, fc.nat({ max: 12 })), { minLength: 1, maxLength: 48 }),
    fc.array(
      fc.record({
        price: fc.record({
          netPrice: cents,
          totalPrice: cents,
          tax: cents,
          taxRate: fc.constantFrom(0, 7, 19, 7.7),
        }),
        linePrice: money,
        verdict,
      }),
      { minLength: 13, maxLength: 13 },
    ),
    fc.record({
      printable: fc.boolean(),
      tooLarge: fc.boolean(),
      tooSmall: fc.boolean(),
      price: fc.option(money, { nil: null }),
    }),
    fc.boolean(),
  )
  .map(([drawn, shapes, selected, tooLargeForAll]) => {
    const numbers = new Map<number, number>()
    const groups: ConfigurationPrice[] = []
    const groupOf = drawn.map(([ids, raw]) => {
      let number = numbers.get(raw)
      if (number === undefined) {
        numbers.set(raw, (number = groups.length))
        const shape = shapes[raw]!
        groups.push({ ...ids, price: shape.price, linePrice: shape.linePrice, ...shape.verdict })
      }
      return number
    })
    return {
      lines: drawn.map(([ids]) => ids),
      groupOf,
      groups,
      printabilityForSelected: selected,
      printabilityForAll: { tooLarge: tooLargeForAll },
    }
  })

const whole = (value: PricedBatch) => serializers.answer(answerOf(value))

describe('pricing answer JSON written group-wise', () => {
  it('writes exactly the bytes of the whole-answer serialiser', () => {
    // checkAll: the writer throws when its group-wise bytes differ, instead of answering with the serialiser's.
    const writer = createPricingAnswerWriter({ checkAll: true })
    fc.assert(
      fc.property(batch, (value) => {
        expect(writer.write(value, serializers).toString()).toBe(whole(value))
      }),
      { numRuns: 300 },
    )
  })

  it('writes the same bytes again for the same lines array (its ids kept) with other money', () => {
    const writer = createPricingAnswerWriter()
    fc.assert(
      fc.property(batch, cents, (value, netPrice) => {
        expect(writer.write(value, serializers).toString()).toBe(whole(value))
        const repriced: PricedBatch = {
          ...value,
          groups: value.groups.map((group) => ({ ...group, linePrice: { ...group.linePrice, netPrice } })),
        }
        expect(writer.write(repriced, serializers).toString()).toBe(whole(repriced))
      }),
      { numRuns: 100 },
    )
  })

  it('falls back to the whole serialiser when a line does not start with its ids', () => {
    const shuffled: PricingAnswerSerializers = {
      ...serializers,
      // A contract whose lines no longer start with the three ids.
      line: ({ sheetVersion, ...rest }) => JSON.stringify({ sheetVersion, ...rest }),
    }
    const value = fc.sample(batch, { numRuns: 1, seed: 7 })[0]!
    expect(createPricingAnswerWriter().write(value, shuffled).toString()).toBe(whole(value))
    expect(() => createPricingAnswerWriter({ checkAll: true }).write(value, shuffled)).toThrow(
      /differs from the contract serialiser/,
    )
  })
})
