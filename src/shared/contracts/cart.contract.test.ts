import { describe, expect, it } from 'vitest'
import {
  AddCartItemsRequestSchema,
  AddCartItemsResponseSchema,
  CartItemInputSchema,
  CartItemPatchSchema,
  CartSchema,
  PatchCartItemRequestSchema,
} from '#shared/contracts/cart.contract.ts'

/** A server id (22 base64url characters) named for readability. */
const id = (name: string) => name.padEnd(22, '_')

const input = {
  objectId: id('object-1'),
  quantity: 2,
  scale: 1,
  printModeId: id('pm-1'),
  surfaceFinishId: id('f-1'),
  printModeColorId: id('c-1'),
  acknowledgedRepairInfo: true,
}

const item = {
  _id: id('item-1'),
  objectId: id('object-1'),
  quantity: 2,
  scale: 1,
  printModeId: id('pm-1'),
  surfaceFinishId: id('f-1'),
  color: {
    id: id('c-1'),
    _id: id('c-1'),
    name: 'Weiß',
    hex: '#ffffff',
    thumbnail: '/api/thumbnails/white.png',
    hue: 0,
    pricing: {
      price: { netPrice: 1_000, totalPrice: 1_190, tax: 190, taxRate: 19 },
      printable: true,
      tooLarge: false,
      tooSmall: false,
      productionTimeDays: 5,
    },
    surfaceFinishes: [id('f-1')],
  },
  surfaceFinish: { name: 'Glatt' },
  acknowledgedRepairInfo: true,
  pricing: { netPrice: 2_000, totalPrice: 2_380, calculatedTaxes: { netPrice: 380 } },
  beforeDiscount: { netPrice: 2_200, totalPrice: 2_618 },
  currentPrice: { netPrice: 1_000, totalPrice: 1_190 },
  thumbnail: '/thumbnails/item-1.png',
  model: {
    _id: id('object-1'),
    name: 'Bracket',
    givenUnitOfLength: 'mm',
    dimensions: { x: 40, y: 20, z: 10 },
  },
  printMode: { id: id('pm-1') },
  processingSteps: [],
  attachments: ['/attachments/drawing.pdf'],
}

describe('cart contract', () => {
  it('reads a cart and the add answer', () => {
    expect(CartSchema.parse({ _id: id('cart-1'), items: [item] }).items[0]).toEqual(item)
    expect(
      AddCartItemsResponseSchema.parse({ items: [item], createdItems: [{ _id: id('item-1') }] }).createdItems,
    ).toEqual([{ _id: id('item-1') }])
  })

  it('accepts an item input without finish or colour', () => {
    const { surfaceFinishId: _f, printModeColorId: _c, ...bare } = input
    expect(CartItemInputSchema.parse(bare)).toEqual(bare)
    expect(AddCartItemsRequestSchema.parse({ items: [input] }).items).toHaveLength(1)
  })

  it('never takes a price from the client', () => {
    for (const price of [
      { pricing: item.pricing },
      { currentPrice: item.currentPrice },
      { price: 1_000 },
      { priceCents: 1_000 },
      { beforeDiscount: item.beforeDiscount },
    ]) {
      expect(CartItemInputSchema.safeParse({ ...input, ...price }).success).toBe(false)
      expect(CartItemPatchSchema.safeParse({ _id: id('item-1'), ...price }).success).toBe(false)
    }
  })

  it('needs a whole quantity of at least 1 and a positive scale', () => {
    for (const quantity of [0, 1.5, -1])
      expect(CartItemInputSchema.safeParse({ ...input, quantity }).success).toBe(false)
    expect(CartItemInputSchema.safeParse({ ...input, scale: 0 }).success).toBe(false)
    expect(CartSchema.safeParse({ _id: id('cart-1'), items: [{ ...item, quantity: 0 }] }).success).toBe(false)
  })

  it('patches one item by id with only the fields that change', () => {
    expect(PatchCartItemRequestSchema.parse({ items: [{ _id: id('item-1'), quantity: 3 }] })).toEqual({
      items: [{ _id: id('item-1'), quantity: 3 }],
    })
    expect(PatchCartItemRequestSchema.safeParse({ items: [{ quantity: 3 }] }).success).toBe(false)
    expect(
      PatchCartItemRequestSchema.safeParse({
        items: [
          { _id: id('a'), quantity: 3 },
          { _id: id('b'), quantity: 1 },
        ],
      }).success,
    ).toBe(false)
  })

  it('takes 1 to 50 items per add', () => {
    expect(AddCartItemsRequestSchema.safeParse({ items: [] }).success).toBe(false)
    expect(
      AddCartItemsRequestSchema.safeParse({ items: Array.from({ length: 51 }, () => input) }).success,
    ).toBe(false)
  })
})
