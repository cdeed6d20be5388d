import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CART_ADD_MAX_ITEMS, CartItemsResponseSchema } from '#shared/contracts/cart.contract.ts'
import {
  priceSheetPaths,
  SheetVersionResponseSchema,
  type SheetVersion,
} from '#shared/contracts/price-sheet.contract.ts'
import { PricingBatchResponseSchema, pricedConfigurationsOf } from '#shared/contracts/pricing.contract.ts'
import {
  GetPrintModesResponseSchema,
  PRINT_MODES_PATH,
  type PrintMode,
} from '#shared/contracts/print-modes.contract.ts'
import { newId } from '#server/db/ids.ts'
import {
  addItems,
  addRequest,
  CART_BASE,
  createCart,
  errorOf,
  getCart,
  insertBox,
  itemInput,
  patchItem,
  patchRequest,
  printModes,
} from '#tests/integration/helpers/cart.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp
let modes: PrintMode[]
let fdm: PrintMode
/** A 50 × 40 × 30 mm box: 3045 cents net a piece in PLA (FDM), 579 tax at 19 % (pricing-batch golden). */
let boxId: string

beforeAll(async () => {
  t = await createTestApp()
  modes = await printModes(t.app)
  fdm = modes.find((mode) => mode.name === 'PLA (FDM)')!
  boxId = await insertBox(t.db)
})
afterAll(async () => {
  await t.close()
})

const fdmItem = (overrides: Parameters<typeof itemInput>[2] = {}) => itemInput(boxId, fdm.id, overrides)

describe('creating and reading a cart', () => {
  it('creates an empty cart under an unguessable 22-character id', async () => {
    const first = await createCart(t.app)
    const second = await createCart(t.app)
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(second).not.toBe(first)
    expect(await getCart(t.app, first)).toEqual({ _id: first, items: [] })
  })

  it('answers an unknown and a malformed cart id with the same 404 not_found', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `${CART_BASE}/${newId()}` })
    expect(unknown.statusCode).toBe(404)
    expect(errorOf(unknown).code).toBe('not_found')
    for (const malformed of ['abc', '%20', 'x'.repeat(23), '!'.repeat(22), `${newId()}.png`]) {
      const response = await t.app.inject({ method: 'GET', url: `${CART_BASE}/${malformed}` })
      expect(response.statusCode, malformed).toBe(404)
      expect(response.body, malformed).toBe(unknown.body)
    }
  })
})

describe('adding items', () => {
  it('prices an added item on the server and answers the items with the new ids', async () => {
    const cartId = await createCart(t.app)
    const answer = await addItems(t.app, cartId, [fdmItem()])
    expect(answer.createdItems).toHaveLength(1)
    const [item] = answer.items
    const standard = fdm.surfaceFinishes[0]!
    const white = standard.colors[0]!
    expect(item).toEqual({
      _id: answer.createdItems[0]!._id,
      objectId: boxId,
      quantity: 1,
      scale: 1,
      printModeId: fdm.id,
      surfaceFinishId: standard.id,
      color: {
        ...white,
        pricing: {
          price: { netPrice: 3045, totalPrice: 3624, tax: 579, taxRate: 19 },
          printable: true,
          tooLarge: false,
          tooSmall: false,
          productionTimeDays: 4,
        },
      },
      surfaceFinish: { name: standard.properties.name },
      acknowledgedRepairInfo: true,
      pricing: { netPrice: 3045, totalPrice: 3624, calculatedTaxes: { netPrice: 579 } },
      currentPrice: { netPrice: 3045, totalPrice: 3624 },
      thumbnail: null,
      model: { _id: boxId, name: 'part', givenUnitOfLength: 'mm', dimensions: { x: 50, y: 40, z: 30 } },
      printMode: { id: fdm.id },
      processingSteps: [],
      attachments: [],
    })
    expect(await getCart(t.app, cartId)).toEqual({ _id: cartId, items: answer.items })
  })

  it('adds several items in request order and keeps earlier items', async () => {
    const cartId = await createCart(t.app)
    const first = await addItems(t.app, cartId, [fdmItem()])
    const sanded = fdm.surfaceFinishes.find((finish) => finish.properties.name === 'Geschliffen')!
    const answer = await addItems(t.app, cartId, [
      fdmItem({ quantity: 2 }),
      fdmItem({ surfaceFinishId: sanded.id }),
    ])
    expect(answer.createdItems).toHaveLength(2)
    expect(answer.items.map((item) => item._id)).toEqual([
      first.createdItems[0]!._id,
      ...answer.createdItems.map((created) => created._id),
    ])
    // A finish without a colour gets the finish's first colour; sanded is a factor of 1.2: 36.54 €.
    const [, two, third] = answer.items
    expect(two!.pricing).toEqual({ netPrice: 6090, totalPrice: 7247, calculatedTaxes: { netPrice: 1157 } })
    expect(third).toMatchObject({
      surfaceFinishId: sanded.id,
      color: { id: sanded.colors[0]!.id },
      surfaceFinish: { name: 'Geschliffen' },
      currentPrice: { netPrice: 3654 },
    })
  })

  it('shows names in the language of the request', async () => {
    const cartId = await createCart(t.app)
    await addItems(t.app, cartId, [fdmItem()])
    const english = await getCart(t.app, cartId, { 'x-language': 'GB' })
    const modesInEnglish = await t.app.inject({
      method: 'GET',
      url: PRINT_MODES_PATH,
      headers: { 'x-language': 'GB' },
    })
    const fdmInEnglish = GetPrintModesResponseSchema.parse(modesInEnglish.json()).printModes.find(
      (mode) => mode.id === fdm.id,
    )!
    expect(english.items[0]!.surfaceFinish?.name).toBe(fdmInEnglish.surfaceFinishes[0]!.properties.name)
    expect(english.items[0]!.color?.name).toBe(fdmInEnglish.surfaceFinishes[0]!.colors[0]!.name)
    expect(english.items[0]!.color?.name).not.toBe(fdm.surfaceFinishes[0]!.colors[0]!.name)
  })

  it('refuses price fields and any other unknown field with 400, and stores nothing', async () => {
    const cartId = await createCart(t.app)
    const tampered: Record<string, unknown>[] = [
      { pricing: { netPrice: 1, totalPrice: 1, calculatedTaxes: { netPrice: 0 } } },
      { currentPrice: { netPrice: 1, totalPrice: 1 } },
      { price: 1 },
      { netPrice: 1 },
      { unitPrice: 1 },
      { priceCents: 1 },
      { taxRate: 0 },
      { discount: 100 },
      { volume: 1 },
      { model: { _id: boxId, name: 'x', givenUnitOfLength: 'mm', dimensions: { x: 1, y: 1, z: 1 } } },
      { _id: newId() },
      { color: { id: fdm.colors[0]!.id } },
    ]
    for (const extra of tampered) {
      const response = await addRequest(t.app, cartId, { items: [{ ...fdmItem(), ...extra }] })
      expect(response.statusCode, JSON.stringify(extra)).toBe(400)
      expect(errorOf(response).code).toBe('validation_failed')
    }
    const topLevel = await addRequest(t.app, cartId, { items: [fdmItem()], total: 1 })
    expect(topLevel.statusCode).toBe(400)
    expect((await getCart(t.app, cartId)).items).toEqual([])
  })

  it('refuses quantities that are not whole numbers of at least 1 (and absurdly large ones)', async () => {
    const cartId = await createCart(t.app)
    for (const quantity of [0, -1, 1.5, '2', 1e9, null, '1e3', 10_001]) {
      const response = await addRequest(t.app, cartId, { items: [{ ...fdmItem(), quantity }] })
      expect(response.statusCode, String(quantity)).toBe(400)
      expect(errorOf(response).code).toBe('validation_failed')
    }
    for (const scale of [0, -1, '1', null]) {
      const response = await addRequest(t.app, cartId, { items: [{ ...fdmItem(), scale }] })
      expect(response.statusCode, String(scale)).toBe(400)
    }
    expect((await addRequest(t.app, cartId, { items: [] })).statusCode).toBe(400)
    const tooMany = Array.from({ length: CART_ADD_MAX_ITEMS + 1 }, () => fdmItem())
    expect((await addRequest(t.app, cartId, { items: tooMany })).statusCode).toBe(400)
    expect((await getCart(t.app, cartId)).items).toEqual([])
  })

  it('names an unknown 3D file, print mode, finish or colour, and a colour not offered with the finish', async () => {
    const cartId = await createCart(t.app)
    const other = modes.find((mode) => mode.id !== fdm.id)!
    const sanded = fdm.surfaceFinishes.find((finish) => finish.properties.name === 'Geschliffen')!
    const standardOnly = fdm.colors.find((color) => !color.surfaceFinishes.includes(sanded.id))!
    const analysing = await insertBox(t.db, { state: 'analysing' })

    const unknownObject = await addRequest(t.app, cartId, {
      items: [fdmItem(), fdmItem({ objectId: newId() })],
    })
    expect(unknownObject.statusCode).toBe(404)
    expect(errorOf(unknownObject)).toMatchObject({
      code: 'not_found',
      details: { resource: 'object', item: 1 },
    })

    const notAnalysed = await addRequest(t.app, cartId, { items: [fdmItem({ objectId: analysing })] })
    expect(notAnalysed.statusCode).toBe(404)
    expect(errorOf(notAnalysed).details).toMatchObject({ resource: 'object' })

    const unknownMode = await addRequest(t.app, cartId, { items: [fdmItem({ printModeId: newId() })] })
    expect(unknownMode.statusCode).toBe(404)
    expect(errorOf(unknownMode).details).toMatchObject({ resource: 'printMode' })

    const cases: [Record<string, string>, string, string][] = [
      [{ surfaceFinishId: newId() }, 'surfaceFinishId', 'unknown_surface_finish'],
      [{ surfaceFinishId: other.surfaceFinishes[0]!.id }, 'surfaceFinishId', 'finish_not_in_print_mode'],
      [{ printModeColorId: newId() }, 'printModeColorId', 'unknown_color'],
      [{ printModeColorId: other.colors[0]!.id }, 'printModeColorId', 'color_not_in_print_mode'],
      [
        { surfaceFinishId: sanded.id, printModeColorId: standardOnly.id },
        'printModeColorId',
        'color_not_in_finish',
      ],
    ]
    for (const [fields, field, code] of cases) {
      const response = await addRequest(t.app, cartId, { items: [fdmItem(fields)] })
      expect(response.statusCode, code).toBe(400)
      expect(errorOf(response).issues).toEqual([expect.objectContaining({ path: ['items', 0, field], code })])
    }
    expect((await getCart(t.app, cartId)).items).toEqual([])
  })

  it('refuses a configuration that cannot be printed, and a repaired file without the repair agreement', async () => {
    const cartId = await createCart(t.app)
    const huge = await addRequest(t.app, cartId, { items: [fdmItem({ scale: 100 })] })
    expect(huge.statusCode).toBe(400)
    expect(errorOf(huge)).toMatchObject({
      issues: [{ path: ['items', 0], code: 'not_printable' }],
      details: { tooLarge: true },
    })

    const repaired = await insertBox(t.db)
    await t.db.query(
      `UPDATE model_files SET repair_info = '{"numberOfFlippedPolygons": 2, "repaired": true}'::jsonb WHERE id = $1`,
      [repaired],
    )
    const refused = await addRequest(t.app, cartId, {
      items: [fdmItem({ objectId: repaired, acknowledgedRepairInfo: false })],
    })
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused).issues?.[0]).toMatchObject({
      path: ['items', 0, 'acknowledgedRepairInfo'],
      code: 'repair_not_acknowledged',
    })
    await addItems(t.app, cartId, [fdmItem({ objectId: repaired, acknowledgedRepairInfo: true })])
  })

  it('keeps chosen processing steps of the print mode, with their names', async () => {
    const mode = modes.find((candidate) => candidate.processingSteps.length > 1)!
    const [step, second] = mode.processingSteps
    const cartId = await createCart(t.app)
    const input = itemInput(boxId, mode.id, {
      processingSteps: [{ stepId: step!.id, optionId: step!.options[0]!._id, quantity: 2 }],
    })
    const { items } = await addItems(t.app, cartId, [input])
    expect(items[0]!.processingSteps).toEqual([
      {
        stepId: step!.id,
        name: step!.name,
        options: step!.options,
        chosenOptionId: step!.options[0]!._id,
        quantity: 2,
      },
    ])

    const bad: [object, string][] = [
      [{ stepId: newId(), optionId: step!.options[0]!._id, quantity: 1 }, 'unknown_processing_step'],
      [{ stepId: step!.id, optionId: second!.options[0]!._id, quantity: 1 }, 'unknown_processing_option'],
      [{ stepId: step!.id, optionId: step!.options[0]!._id, quantity: 0 }, 'too_small'],
    ]
    for (const [chosen, code] of bad) {
      const response = await addRequest(t.app, cartId, { items: [{ ...input, processingSteps: [chosen] }] })
      expect(response.statusCode, code).toBe(400)
      expect(errorOf(response).issues?.[0]?.code).toBe(code)
    }
    const twice = { stepId: step!.id, optionId: step!.options[0]!._id, quantity: 1 }
    const duplicate = await addRequest(t.app, cartId, {
      items: [{ ...input, processingSteps: [twice, twice] }],
    })
    expect(errorOf(duplicate).issues?.[0]?.code).toBe('duplicate_processing_step')
  })
})

describe('changing an item', () => {
  it('re-prices a new quantity on the server: the line is unit × quantity, taxed once per line', async () => {
    const cartId = await createCart(t.app)
    const { createdItems } = await addItems(t.app, cartId, [fdmItem()])
    const itemId = createdItems[0]!._id
    const { items } = await patchItem(t.app, cartId, itemId, { quantity: 3 })
    expect(items[0]).toMatchObject({
      quantity: 3,
      currentPrice: { netPrice: 3045, totalPrice: 3624 },
      // 9135 net; 19 % = 1735.65 → 1736.
      pricing: { netPrice: 9135, totalPrice: 10871, calculatedTaxes: { netPrice: 1736 } },
    })
    expect((await getCart(t.app, cartId)).items).toEqual(items)
  })

  it('refuses quantities 1.5, 0, -1, "2", 1e9 and null, and leaves the item as it was', async () => {
    const cartId = await createCart(t.app)
    const { createdItems, items: before } = await addItems(t.app, cartId, [fdmItem()])
    const itemId = createdItems[0]!._id
    for (const quantity of [1.5, 0, -1, '2', 1e9, null]) {
      const response = await patchRequest(t.app, cartId, itemId, { items: [{ _id: itemId, quantity }] })
      expect(response.statusCode, String(quantity)).toBe(400)
      expect(errorOf(response).code).toBe('validation_failed')
    }
    for (const scale of [0, -2]) {
      const response = await patchRequest(t.app, cartId, itemId, { items: [{ _id: itemId, scale }] })
      expect(response.statusCode).toBe(400)
    }
    expect((await getCart(t.app, cartId)).items).toEqual(before)
  })

  it('refuses price fields, a body naming another item, and a malformed body', async () => {
    const cartId = await createCart(t.app)
    const { createdItems } = await addItems(t.app, cartId, [fdmItem()])
    const itemId = createdItems[0]!._id
    const bodies: unknown[] = [
      {
        items: [
          {
            _id: itemId,
            quantity: 2,
            pricing: { netPrice: 1, totalPrice: 1, calculatedTaxes: { netPrice: 0 } },
          },
        ],
      },
      { items: [{ _id: itemId, currentPrice: { netPrice: 1, totalPrice: 1 } }] },
      { items: [{ _id: itemId, netPrice: 1 }] },
      { items: [{ _id: newId(), quantity: 2 }] },
      { items: [{ quantity: 2 }] },
      { items: [] },
      {
        items: [
          { _id: itemId, quantity: 2 },
          { _id: itemId, quantity: 3 },
        ],
      },
      { quantity: 2 },
    ]
    for (const body of bodies) {
      const response = await patchRequest(t.app, cartId, itemId, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await getCart(t.app, cartId)).items[0]!.quantity).toBe(1)
  })

  it('re-prices a new finish, colour and print mode, resetting what belongs to the old choice', async () => {
    const cartId = await createCart(t.app)
    const { createdItems } = await addItems(t.app, cartId, [fdmItem({ quantity: 2 })])
    const itemId = createdItems[0]!._id
    const sanded = fdm.surfaceFinishes.find((finish) => finish.properties.name === 'Geschliffen')!

    const finished = (await patchItem(t.app, cartId, itemId, { surfaceFinishId: sanded.id })).items[0]!
    expect(finished).toMatchObject({
      surfaceFinishId: sanded.id,
      color: { id: sanded.colors[0]!.id },
      currentPrice: { netPrice: 3654 },
      pricing: { netPrice: 7308 },
      quantity: 2,
    })

    const colour = sanded.colors[1]!
    const recoloured = (await patchItem(t.app, cartId, itemId, { printModeColorId: colour.id })).items[0]!
    expect(recoloured).toMatchObject({ surfaceFinishId: sanded.id, color: { id: colour.id } })

    const other = modes.find((mode) => mode.id !== fdm.id && mode.surfaceFinishes.length > 0)!
    const moved = (await patchItem(t.app, cartId, itemId, { printModeId: other.id })).items[0]!
    expect(moved).toMatchObject({
      printModeId: other.id,
      printMode: { id: other.id },
      surfaceFinishId: other.surfaceFinishes[0]!.id,
      color: { id: other.surfaceFinishes[0]!.colors[0]!.id },
      quantity: 2,
    })
    // The same numbers as the pricing endpoint gives for that configuration.
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/pricing/batch-calculations',
      payload: {
        objectId: boxId,
        objectScale: 1,
        objectUnitLength: 'mm',
        objectQuantity: 2,
        params: [{ printModeId: other.id }],
      },
    })
    const [price] = pricedConfigurationsOf(
      { params: [{ printModeId: other.id }] },
      PricingBatchResponseSchema.parse(batch.json()),
    ).prices
    expect(moved.currentPrice).toEqual({
      netPrice: price!.price.netPrice,
      totalPrice: price!.price.totalPrice,
    })
    expect(moved.pricing).toEqual({
      netPrice: price!.linePrice.netPrice,
      totalPrice: price!.linePrice.totalPrice,
      calculatedTaxes: { netPrice: price!.linePrice.tax },
    })

    const refused = await patchRequest(t.app, cartId, itemId, {
      items: [{ _id: itemId, printModeColorId: fdm.colors[0]!.id }],
    })
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused).issues?.[0]).toMatchObject({
      path: ['items', 0, 'printModeColorId'],
      code: 'color_not_in_print_mode',
    })
  })
})

describe('removing an item', () => {
  it('removes one item, then the last one, leaving an empty cart', async () => {
    const cartId = await createCart(t.app)
    const { createdItems } = await addItems(t.app, cartId, [fdmItem(), fdmItem({ quantity: 2 })])
    const [first, second] = createdItems.map((created) => created._id)
    const remove = (itemId: string) =>
      t.app.inject({ method: 'DELETE', url: `${CART_BASE}/${cartId}/item/${itemId}` })

    const afterFirst = await remove(first!)
    expect(afterFirst.statusCode).toBe(200)
    expect(CartItemsResponseSchema.parse(afterFirst.json()).items.map((item) => item._id)).toEqual([second])

    const afterLast = await remove(second!)
    expect(afterLast.statusCode).toBe(200)
    expect(CartItemsResponseSchema.parse(afterLast.json())).toEqual({ items: [] })
    expect(await getCart(t.app, cartId)).toEqual({ _id: cartId, items: [] })

    const again = await remove(second!)
    expect(again.statusCode).toBe(404)
    expect(errorOf(again).code).toBe('not_found')
  })
})

describe('ids of other carts (IDOR)', () => {
  it('answers an item of another cart exactly like an unknown item, and leaves it alone', async () => {
    const mine = await createCart(t.app)
    const theirs = await createCart(t.app)
    await addItems(t.app, mine, [fdmItem()])
    const { createdItems, items: theirItems } = await addItems(t.app, theirs, [fdmItem()])
    const theirItem = createdItems[0]!._id

    const calls = (cartId: string, itemId: string) => [
      patchRequest(t.app, cartId, itemId, { items: [{ _id: itemId, quantity: 7 }] }),
      t.app.inject({ method: 'DELETE', url: `${CART_BASE}/${cartId}/item/${itemId}` }),
    ]
    const foreign = await Promise.all(calls(mine, theirItem))
    const unknown = await Promise.all(calls(mine, newId()))
    const malformed = await Promise.all(calls(mine, 'not-an-id'))
    for (const [index, response] of foreign.entries()) {
      expect(response.statusCode).toBe(404)
      expect(response.body).toBe(unknown[index]!.body)
      expect(malformed[index]!.body).toBe(unknown[index]!.body)
    }
    // The item's own cart id is needed: with an unknown cart id the answer is the cart's 404.
    const unknownCart = await patchRequest(t.app, newId(), theirItem, {
      items: [{ _id: theirItem, quantity: 7 }],
    })
    expect(unknownCart.statusCode).toBe(404)
    expect((await getCart(t.app, theirs)).items).toEqual(theirItems)
  })
})

describe('requests from other sites', () => {
  it('refuses cart changes a page of another origin sends (403), and serves same-origin ones', async () => {
    const cartId = await createCart(t.app)
    const { createdItems } = await addItems(t.app, cartId, [fdmItem()])
    const itemId = createdItems[0]!._id
    const crossSite = [
      { method: 'POST' as const, url: CART_BASE, headers: { 'sec-fetch-site': 'cross-site' } },
      {
        method: 'POST' as const,
        url: `${CART_BASE}/${cartId}/item`,
        headers: { origin: 'https://evil.example' },
        payload: { items: [fdmItem()] },
      },
      {
        method: 'PATCH' as const,
        url: `${CART_BASE}/${cartId}/item/${itemId}`,
        headers: { 'sec-fetch-site': 'same-site' },
        payload: { items: [{ _id: itemId, quantity: 5 }] },
      },
      {
        method: 'DELETE' as const,
        url: `${CART_BASE}/${cartId}/item/${itemId}`,
        headers: { 'sec-fetch-site': 'cross-site' },
      },
    ]
    for (const request of crossSite) {
      const response = await t.app.inject(request)
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403)
      expect(errorOf(response).code).toBe('forbidden')
    }
    expect((await getCart(t.app, cartId)).items.map((item) => item.quantity)).toEqual([1])
    const sameOrigin = await t.app.inject({
      method: 'PATCH',
      url: `${CART_BASE}/${cartId}/item/${itemId}`,
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { items: [{ _id: itemId, quantity: 5 }] },
    })
    expect(sameOrigin.statusCode).toBe(200)
  })
})

describe('prices follow the catalogue', () => {
  it('re-prices stored items on the next read after a new price sheet version', async () => {
    const staff = await signIn(t.app, await createUser(t.db, 'staff'))
    const cartId = await createCart(t.app)
    const { createdItems } = await addItems(t.app, cartId, [fdmItem({ quantity: 2 })])
    const current = await t.app.inject({
      method: 'GET',
      url: priceSheetPaths.current(fdm.id),
      headers: { cookie: staff },
    })
    const v1: SheetVersion = SheetVersionResponseSchema.parse(current.json()).version
    const saved = await t.app.inject({
      method: 'PUT',
      url: priceSheetPaths.current(fdm.id),
      headers: { cookie: staff },
      payload: {
        cells: v1.cells.map((cell) => (cell.name === 'handling_eur' ? { ...cell, formula: 5 } : cell)),
        optionVariables: v1.optionVariables,
      },
    })
    expect(saved.statusCode, saved.body).toBe(201)
    try {
      // 30.452 + 1.5 = 31.952 € → 3195 cents a piece.
      const [item] = (await getCart(t.app, cartId)).items
      expect(item).toMatchObject({
        _id: createdItems[0]!._id,
        currentPrice: { netPrice: 3195 },
        pricing: { netPrice: 6390 },
        color: { pricing: { price: { netPrice: 3195 } } },
      })
      const { rows } = await t.db.query<{ sheet_version: string }>(
        'SELECT sheet_version FROM cart_items WHERE id = $1',
        [item!._id],
      )
      expect(rows[0]?.sheet_version).toBe(SheetVersionResponseSchema.parse(saved.json()).version.id)
    } finally {
      const restored = await t.app.inject({
        method: 'PUT',
        url: priceSheetPaths.current(fdm.id),
        headers: { cookie: staff },
        payload: { cells: v1.cells, optionVariables: v1.optionVariables },
      })
      expect(restored.statusCode).toBe(201)
    }
  })
})
