import {
  AddCartItemsResponseSchema,
  CartSchema,
  CreateCartResponseSchema,
  type CartItemInput,
} from '#shared/contracts/cart.contract.ts'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { binaryStl, boxSoup } from '#engine/testing/mesh-fixtures.ts'
import { waitForTaskOver } from '#tests/integration/helpers/live-analysis.ts'

/**
 * A shopper's calls against a running server over HTTP, parsed with the contracts (no vitest: the hostile checks
 * use these): an analysed cube to put in carts, the print modes, carts and their items.
 */

export const CART_PATH = '/api/checkout/cart'

async function json(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`)
  return response.json()
}

export interface LiveObject {
  objectId: string
  /** The visitor cookie the upload set (its owner), as a Cookie header value; empty when none was set. */
  cookie: string
}

/** Uploads a 20 mm cube and waits until it is analysed. */
export async function uploadAnalysedCube(base: string, timeoutMs = 120_000): Promise<LiveObject> {
  const form = new FormData()
  form.append('file', new Blob([Buffer.from(binaryStl(boxSoup([0, 0, 0], [20, 20, 20])))]), 'cube.stl')
  const response = await fetch(`${base}/api/analytx/file/`, { method: 'POST', body: form })
  const cookie = (response.headers.getSetCookie?.() ?? []).map((value) => value.split(';', 1)[0]).join('; ')
  const upload = AnalysisUploadResponseSchema.parse(await json(response, 'upload'))
  const task = await waitForTaskOver(base, upload.taskId, timeoutMs)
  if (task.state !== 'completed') throw new Error(`the cube was not analysed: ${JSON.stringify(task.error)}`)
  return { objectId: upload.createdObject._id, cookie }
}

export async function printModeIds(base: string): Promise<string[]> {
  const { printModes } = GetPrintModesResponseSchema.parse(
    await json(await fetch(`${base}${PRINT_MODES_PATH}`), 'print modes'),
  )
  return printModes.map((mode) => mode.id)
}

export async function createCartOver(base: string, cookie = ''): Promise<string> {
  const response = await fetch(`${base}${CART_PATH}`, {
    method: 'POST',
    headers: cookie === '' ? {} : { cookie },
  })
  return CreateCartResponseSchema.parse(await json(response, 'create cart'))._id
}

export function addItemsOver(
  base: string,
  cartId: string,
  items: CartItemInput[],
  cookie = '',
): Promise<Response> {
  return fetch(`${base}${CART_PATH}/${cartId}/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie === '' ? {} : { cookie }) },
    body: JSON.stringify({ items }),
  })
}

export async function addItemOver(
  base: string,
  cartId: string,
  item: CartItemInput,
  cookie = '',
): Promise<string> {
  const added = AddCartItemsResponseSchema.parse(
    await json(await addItemsOver(base, cartId, [item], cookie), 'add item'),
  )
  return added.createdItems[0]!._id
}

export function patchQuantityOver(
  base: string,
  cartId: string,
  itemId: string,
  quantity: number,
  cookie = '',
): Promise<Response> {
  return fetch(`${base}${CART_PATH}/${cartId}/item/${itemId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(cookie === '' ? {} : { cookie }) },
    body: JSON.stringify({ items: [{ _id: itemId, quantity }] }),
  })
}

export async function getCartOver(base: string, cartId: string) {
  return CartSchema.parse(await json(await fetch(`${base}${CART_PATH}/${cartId}`), 'get cart'))
}

export function cubeItem(objectId: string, printModeId: string, quantity = 1): CartItemInput {
  return { objectId, quantity, scale: 1, printModeId, acknowledgedRepairInfo: true }
}
