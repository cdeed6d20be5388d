import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { resultColumnsOf, type PricingBatchResponse } from '#shared/contracts/pricing.contract.ts'
import { answerJson, type ContractSerializer } from '#server/modules/pricing/pricing-answer-json.ts'
import { PRICING_ROUTE_SCHEMA } from '#server/modules/pricing/pricing.routes.ts'

/** The contract's serialiser exactly as the route gets it: compiled by Fastify from the route's response schema. */
async function contractSerializer(): Promise<ContractSerializer> {
  const app = Fastify()
  let serializer: ContractSerializer | undefined
  app.get('/', { schema: PRICING_ROUTE_SCHEMA }, async (_request, reply) => {
    serializer = reply.getSerializationFunction('200') as ContractSerializer
    return reply.send({})
  })
  await app.inject({ method: 'GET', url: '/' })
  await app.close()
  return serializer!
}

/** An answer as the service builds it: the contract's fields in its order. */
function answer(quantity: number): PricingBatchResponse {
  const result = (unitNet: number, sheetVersion: string) => ({
    price: {
      netPrice: unitNet,
      totalPrice: Math.round(unitNet * 1.19),
      tax: Math.round(unitNet * 0.19),
      taxRate: 19,
    },
    linePrice: {
      netPrice: unitNet * quantity,
      totalPrice: Math.round(unitNet * quantity * 1.19),
      tax: Math.round(unitNet * quantity * 0.19),
    },
    printable: true,
    tooLarge: false,
    tooSmall: false,
    mightCauseProblems: false,
    productionTimeDays: 7,
    sheetVersion,
  })
  return {
    results: resultColumnsOf([
      result(4443, 'CyBOwxkzCX_8xe0cdV2www'),
      result(3538, 'mYRHvbCTVWZBVjxZAq9IxA'),
    ]),
    resultOf: [0, 0, 1],
    filledIn: [{ param: 2, surfaceFinishId: null, printModeColorId: '4tA1mW4R1nCYydkCrdvE8Q' }],
    printabilityForSelected: {
      printable: true,
      tooLarge: false,
      tooSmall: false,
      price: { netPrice: 4443 * quantity, totalPrice: Math.round(4443 * quantity * 1.19), tax: 1 },
    },
    printabilityForAll: { tooLarge: false },
  }
}

let contract: ContractSerializer
beforeAll(async () => {
  contract = await contractSerializer()
})

describe('answerJson', () => {
  it('writes the same text as the contract serialiser for answers in the service’s shape', () => {
    for (const quantity of [1, 7, 1234, 99_999]) {
      const json = answerJson(answer(quantity), contract)
      expect(json).toBe(contract(answer(quantity)))
      expect(JSON.parse(json)).toEqual(answer(quantity))
    }
  })

  it('writes the same text without the check (production)', () => {
    expect(answerJson(answer(42))).toBe(answerJson(answer(42), contract))
  })

  it('refuses an answer with a field the contract does not name', () => {
    const leaky = answer(3)
    Object.assign(leaky.results.price, { costCents: [1200, 900] })
    expect(() => answerJson(leaky, contract)).toThrow(/differs from the contract/)
  })

  it('refuses an answer whose fields are out of the contract’s order', () => {
    const { results, ...rest } = answer(3)
    expect(() => answerJson({ ...rest, results } as PricingBatchResponse, contract)).toThrow(/differs/)
  })

  it('refuses a fractional cent, which the contract’s serialiser would write as a whole one', () => {
    const fractional = answer(3)
    fractional.results.linePrice.netPrice[1] = 10_614.5
    expect(() => answerJson(fractional, contract)).toThrow(/differs/)
  })
})
