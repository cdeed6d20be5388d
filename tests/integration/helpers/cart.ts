import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import {
  AddCartItemsResponseSchema,
  CartItemsResponseSchema,
  CartSchema,
  CreateCartResponseSchema,
  type CartItemInput,
} from '#shared/contracts/cart.contract.ts'
import {
  GetPrintModesResponseSchema,
  PRINT_MODES_PATH,
  type PrintMode,
} from '#shared/contracts/print-modes.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import type { Queryable } from '#server/db/db.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'

/** Calls of the cart API as the client makes them, parsed with the contract. */

export const CART_BASE = '/api/checkout/cart'

export async function printModes(app: FastifyInstance): Promise<PrintMode[]> {
  const response = await app.inject({ method: 'GET', url: PRINT_MODES_PATH })
  expect(response.statusCode, response.body).toBe(200)
  return GetPrintModesResponseSchema.parse(response.json()).printModes
}

/** A 50 × 40 × 30 mm box, analysed as an STL in mm (the pricing golden: PLA FDM 3045 cents net a piece). */
export function insertBox(
  db: Queryable,
  options: Omit<Parameters<typeof insertAnalysedModelFile>[1], 'properties'> = {},
) {
  return insertAnalysedModelFile(db, { properties: boxProperties(50, 40, 30), ...options })
}

export async function createCart(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: CART_BASE })
  expect(response.statusCode, response.body).toBe(201)
  return CreateCartResponseSchema.parse(response.json())._id
}

export async function getCart(app: FastifyInstance, cartId: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: `${CART_BASE}/${cartId}`, headers })
  expect(response.statusCode, response.body).toBe(200)
  return CartSchema.parse(response.json())
}

export function addRequest(app: FastifyInstance, cartId: string, body: unknown) {
  return app.inject({ method: 'POST', url: `${CART_BASE}/${cartId}/item`, payload: body as object })
}

export async function addItems(app: FastifyInstance, cartId: string, items: CartItemInput[]) {
  const response = await addRequest(app, cartId, { items })
  expect(response.statusCode, response.body).toBe(200)
  return AddCartItemsResponseSchema.parse(response.json())
}

export function patchRequest(app: FastifyInstance, cartId: string, itemId: string, body: unknown) {
  return app.inject({
    method: 'PATCH',
    url: `${CART_BASE}/${cartId}/item/${itemId}`,
    payload: body as object,
  })
}

export async function patchItem(app: FastifyInstance, cartId: string, itemId: string, fields: object) {
  const response = await patchRequest(app, cartId, itemId, { items: [{ _id: itemId, ...fields }] })
  expect(response.statusCode, response.body).toBe(200)
  return CartItemsResponseSchema.parse(response.json())
}

export function errorOf(response: LightMyRequestResponse) {
  return ErrorBodySchema.parse(response.json()).error
}

export function itemInput(
  objectId: string,
  printModeId: string,
  overrides: Partial<CartItemInput> = {},
): CartItemInput {
  return {
    objectId,
    quantity: 1,
    scale: 1,
    printModeId,
    acknowledgedRepairInfo: true,
    ...overrides,
  }
}
