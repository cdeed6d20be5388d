import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  priceSheetPaths,
  SheetVersionResponseSchema,
  type SheetVersion,
} from '#shared/contracts/price-sheet.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { LANGUAGE_HEADER } from '#shared/domain/limits.ts'
import {
  addItems,
  CART_BASE,
  createCart,
  getCart,
  insertBox,
  itemInput,
  patchItem,
  printModes,
} from '#tests/integration/helpers/cart.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * Cart reads are answered from a read cache while the cart and the catalogue are as they were
 * (docs/decisions/0079-cheap-cart-reads.md). Every test reads the cart twice first, so the next read would come
 * from the cache, then changes something and expects the very next read to show it.
 */

let t: TestApp
let fdm: PrintMode
let boxId: string

beforeAll(async () => {
  t = await createTestApp()
  fdm = (await printModes(t.app)).find((mode) => mode.name === 'PLA (FDM)')!
  boxId = await insertBox(t.db)
})
afterAll(async () => {
  await t.close()
})

/** A cart with one PLA item, read twice (the second read is a cache hit). */
async function warmCart(quantity = 1) {
  const cartId = await createCart(t.app)
  const { createdItems } = await addItems(t.app, cartId, [itemInput(boxId, fdm.id, { quantity })])
  const first = await getCart(t.app, cartId)
  expect(await getCart(t.app, cartId)).toEqual(first)
  return { cartId, itemId: createdItems[0]!._id, first }
}

describe('a cached cart read', () => {
  it('shows a change made through the API on the very next read', async () => {
    const { cartId, itemId, first } = await warmCart(2)
    await patchItem(t.app, cartId, itemId, { quantity: 7 })
    const afterPatch = await getCart(t.app, cartId)
    expect(afterPatch.items[0]).toMatchObject({
      quantity: 7,
      pricing: { netPrice: first.items[0]!.currentPrice.netPrice * 7 },
    })
    const added = await addItems(t.app, cartId, [itemInput(boxId, fdm.id, { quantity: 3 })])
    expect((await getCart(t.app, cartId)).items.map((item) => item.quantity)).toEqual([7, 3])
    const removed = await t.app.inject({ method: 'DELETE', url: `${CART_BASE}/${cartId}/item/${itemId}` })
    expect(removed.statusCode).toBe(200)
    expect((await getCart(t.app, cartId)).items.map((item) => item._id)).toEqual([added.createdItems[0]!._id])
  })

  it('shows a change another server process made (it touches the cart row under its lock) at once', async () => {
    const { cartId, itemId } = await warmCart(1)
    // What a second server on the same PostgreSQL does: change the item, touch the cart, in one transaction.
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM carts WHERE id = $1 FOR UPDATE', [cartId])
      await tx.query('UPDATE cart_items SET quantity = 4, revision = revision + 1 WHERE id = $1', [itemId])
      await tx.query('UPDATE carts SET updated_at = now() WHERE id = $1', [cartId])
    })
    expect((await getCart(t.app, cartId)).items[0]?.quantity).toBe(4)
  })

  it('answers 404 once the cart is gone (the retention job deletes carts with SQL)', async () => {
    const { cartId } = await warmCart(1)
    await t.db.query('DELETE FROM carts WHERE id = $1', [cartId])
    const response = await t.app.inject({ method: 'GET', url: `${CART_BASE}/${cartId}` })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } })
  })

  it('keeps one answer per language', async () => {
    const { cartId } = await warmCart(1)
    const german = await getCart(t.app, cartId, { [LANGUAGE_HEADER]: 'DE' })
    const english = await getCart(t.app, cartId, { [LANGUAGE_HEADER]: 'GB' })
    expect(await getCart(t.app, cartId, { [LANGUAGE_HEADER]: 'DE' })).toEqual(german)
    expect(await getCart(t.app, cartId, { [LANGUAGE_HEADER]: 'GB' })).toEqual(english)
    expect(english.items[0]?.color?.name).not.toBe(german.items[0]?.color?.name)
  })

  it('shows a new price sheet version on the very next read', async () => {
    const { cartId, first } = await warmCart(2)
    expect(first.items[0]?.currentPrice.netPrice).not.toBe(3195)
    const staff = await signIn(t.app, await createUser(t.db, 'staff'))
    const sheet = (method: 'GET' | 'PUT', payload?: object) =>
      t.app.inject({ method, url: priceSheetPaths.current(fdm.id), headers: { cookie: staff }, payload })
    const v1: SheetVersion = SheetVersionResponseSchema.parse((await sheet('GET')).json()).version
    const saved = await sheet('PUT', {
      cells: v1.cells.map((cell) => (cell.name === 'handling_eur' ? { ...cell, formula: 5 } : cell)),
      optionVariables: v1.optionVariables,
    })
    expect(saved.statusCode, saved.body).toBe(201)
    try {
      // The pricing golden: 30.452 + 1.5 € → 3195 cents a piece.
      expect((await getCart(t.app, cartId)).items[0]).toMatchObject({
        currentPrice: { netPrice: 3195 },
        pricing: { netPrice: 6390 },
      })
    } finally {
      const restored = await sheet('PUT', { cells: v1.cells, optionVariables: v1.optionVariables })
      expect(restored.statusCode).toBe(201)
    }
    expect((await getCart(t.app, cartId)).items[0]?.currentPrice).toEqual(first.items[0]?.currentPrice)
  })

  it('shows a catalogue change made with SQL (another process, an operator) within the revalidation second', async () => {
    const { cartId, first } = await warmCart(1)
    const colorId = first.items[0]!.color!.id
    const german = { [LANGUAGE_HEADER]: 'DE' }
    expect(await getCart(t.app, cartId, german)).toEqual(await getCart(t.app, cartId, german))
    await t.db.query(`UPDATE colors SET name = jsonb_set(name, '{de}', '"Prüfgrün"') WHERE id = $1`, [
      colorId,
    ])
    await expect
      .poll(async () => (await getCart(t.app, cartId, german)).items[0]?.color?.name, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe('Prüfgrün')
  })
})
