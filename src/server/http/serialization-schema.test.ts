import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  PricingBatchResponseSchema,
  resultColumnsOf,
  type PricingBatchResponse,
} from '#shared/contracts/pricing.contract.ts'
import { serializationSchema } from '#server/http/serialization-schema.ts'

const id = (char: string) => char.repeat(22)
const line = { netPrice: 1000, totalPrice: 1190, tax: 190 }

function answer(overrides: {
  finish: string | null
  color: string | null
  selectedPrice: typeof line | null
}): PricingBatchResponse {
  return PricingBatchResponseSchema.parse({
    results: resultColumnsOf([
      {
        price: { netPrice: 333, totalPrice: 396, tax: 63, taxRate: 19 },
        linePrice: line,
        printable: true,
        tooLarge: false,
        tooSmall: false,
        mightCauseProblems: true,
        productionTimeDays: 4,
        sheetVersion: id('v'),
      },
    ]),
    resultOf: [0, 0],
    filledIn: [{ param: 1, surfaceFinishId: overrides.finish, printModeColorId: overrides.color }],
    printabilityForSelected: {
      printable: true,
      tooLarge: false,
      tooSmall: false,
      price: overrides.selectedPrice,
    },
    printabilityForAll: { tooLarge: false },
  })
}

describe('the serializer schema of the pricing answer', () => {
  const app = Fastify()
  let next: unknown
  beforeAll(async () => {
    const schema = serializationSchema(
      z.toJSONSchema(PricingBatchResponseSchema, { target: 'draft-7' }) as Record<string, unknown>,
    )
    app.get('/answer', { schema: { response: { 200: schema } } }, async () => next)
    await app.ready()
  })
  afterAll(() => app.close())

  it('writes exactly what JSON.stringify writes, with and without the nullable ids and price', async () => {
    for (const value of [
      answer({ finish: id('f'), color: id('c'), selectedPrice: line }),
      answer({ finish: null, color: null, selectedPrice: null }),
      answer({ finish: id('f'), color: null, selectedPrice: null }),
    ]) {
      next = value
      const response = await app.inject({ method: 'GET', url: '/answer' })
      expect(response.body).toBe(JSON.stringify(value))
    }
  })

  it("writes only the contract's fields: a stray property stays out", async () => {
    const value = answer({ finish: null, color: id('c'), selectedPrice: line })
    next = { ...value, internalCost: 12, results: { ...value.results, margin: [3] } }
    const response = await app.inject({ method: 'GET', url: '/answer' })
    expect(response.body).toBe(JSON.stringify(value))
  })

  it('drops validation-only keywords and turns x-or-null into a type list', () => {
    expect(
      serializationSchema({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          id: { anyOf: [{ type: 'string', pattern: '^a$' }, { type: 'null' }] },
          n: { type: 'integer', minimum: 0, maximum: 9 },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: { id: { type: ['string', 'null'] }, n: { type: 'integer' } },
    })
  })
})
