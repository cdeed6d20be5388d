import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AddCartItemsResponseSchema, CartItemsResponseSchema } from '#shared/contracts/cart.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import {
  PRICING_BATCH_PATH,
  PricingBatchResponseSchema,
  pricedConfigurationsOf,
} from '#shared/contracts/pricing.contract.ts'
import {
  addItems,
  addRequest,
  createCart,
  getCart,
  insertBox,
  itemInput,
  patchRequest,
  printModes,
} from '#tests/integration/helpers/cart.ts'
import { createTestApp, testDbKind, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * Commerce-reliability check 9: parallel changes of one cart serialise (the cart row's lock) or are priced again,
 * never lost. The races are real on PostgreSQL (TEST_DATABASE_URL); on PGlite every transaction is serialised
 * anyway, but the reads and the pricing outside the transactions still interleave.
 */

let t: TestApp
let fdm: PrintMode

beforeAll(async () => {
  t = await createTestApp()
  fdm = (await printModes(t.app)).find((mode) => mode.name === 'PLA (FDM)')!
})
afterAll(async () => {
  await t.close()
})

describe(`parallel cart changes (${testDbKind})`, () => {
  it('keeps all 50 items of 50 concurrent adds of distinct uploads', async () => {
    const cartId = await createCart(t.app)
    const objects = await Promise.all(Array.from({ length: 50 }, () => insertBox(t.db)))
    const responses = await Promise.all(
      objects.map((objectId) => addRequest(t.app, cartId, { items: [itemInput(objectId, fdm.id)] })),
    )
    const created = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(200)
      return AddCartItemsResponseSchema.parse(response.json()).createdItems[0]!._id
    })
    const { items } = await getCart(t.app, cartId)
    expect(items).toHaveLength(50)
    expect(new Set(items.map((item) => item._id))).toEqual(new Set(created))
    expect(new Set(items.map((item) => item.objectId))).toEqual(new Set(objects))
    const { rows } = await t.db.query<{ positions: number }>(
      'SELECT count(DISTINCT position)::int AS positions FROM cart_items WHERE cart_id = $1',
      [cartId],
    )
    expect(rows[0]?.positions).toBe(50)
  })

  it('applies concurrent changes of different fields of one item without losing any', async () => {
    const cartId = await createCart(t.app)
    const objectId = await insertBox(t.db)
    const { createdItems } = await addItems(t.app, cartId, [itemInput(objectId, fdm.id)])
    const itemId = createdItems[0]!._id
    const colour = fdm.surfaceFinishes[0]!.colors[2]!
    const step = fdm.processingSteps[0]!
    const changes = [
      { quantity: 7 },
      { printModeColorId: colour.id },
      { scale: 0.9 },
      { processingSteps: [{ stepId: step.id, optionId: step.options[0]!._id, quantity: 1 }] },
    ]
    const responses = await Promise.all(
      changes.map((change) => patchRequest(t.app, cartId, itemId, { items: [{ _id: itemId, ...change }] })),
    )
    for (const response of responses) expect(response.statusCode, response.body).toBe(200)

    const [item] = (await getCart(t.app, cartId)).items
    expect(item).toMatchObject({ quantity: 7, scale: 0.9, color: { id: colour.id } })
    expect(item!.processingSteps.map((chosen) => chosen.stepId)).toEqual([step.id])
    // The stored price is the price of the final configuration, not of one a change was priced from.
    const request = {
      objectId,
      objectScale: 0.9,
      objectUnitLength: 'mm' as const,
      objectQuantity: 7,
      params: [{ printModeId: fdm.id, printModeColorId: colour.id }],
    }
    const fresh = await t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: request })
    const price = pricedConfigurationsOf(request, PricingBatchResponseSchema.parse(fresh.json())).prices[0]!
    expect(item!.pricing).toMatchObject({
      netPrice: price.linePrice.netPrice,
      totalPrice: price.linePrice.totalPrice,
    })
  })

  it('answers concurrent adds and removals with a consistent cart', async () => {
    const cartId = await createCart(t.app)
    const objectId = await insertBox(t.db)
    const { createdItems } = await addItems(
      t.app,
      cartId,
      Array.from({ length: 10 }, () => itemInput(objectId, fdm.id)),
    )
    const removals = createdItems.map((created) =>
      t.app.inject({ method: 'DELETE', url: `/api/checkout/cart/${cartId}/item/${created._id}` }),
    )
    const adds = Array.from({ length: 10 }, () =>
      addRequest(t.app, cartId, { items: [itemInput(objectId, fdm.id)] }),
    )
    const responses = await Promise.all([...removals, ...adds])
    for (const response of responses) expect(response.statusCode, response.body).toBe(200)
    const added = responses
      .slice(10)
      .map((response) => AddCartItemsResponseSchema.parse(response.json()).createdItems[0]!._id)
    const { items } = await getCart(t.app, cartId)
    expect(new Set(items.map((item) => item._id))).toEqual(new Set(added))
    // Every answer is a state the cart really had: no answer lists a removed item next to its own removal.
    for (const [index, response] of responses.slice(0, 10).entries()) {
      const listed = CartItemsResponseSchema.parse(response.json()).items.map((item) => item._id)
      expect(listed).not.toContain(createdItems[index]!._id)
    }
  })
})
