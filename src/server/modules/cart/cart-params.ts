import type { FastifyRequest } from 'fastify'
import {
  type CartItemParams,
  CartItemParamsSchema,
  type CartParams,
  CartParamsSchema,
} from '#shared/contracts/cart.contract.ts'
import { IdSchema, isId } from '#shared/contracts/common.contract.ts'
import { cartNotFound, itemNotFound } from '#server/modules/cart/cart.service.ts'

/** The cart id of a cart route: a malformed id gets the very same 404 as an unknown one. */
export function cartParams(request: FastifyRequest): CartParams {
  // The contract's own id check (isId is what IdSchema's pattern accepts) without zod's per-request object work:
  // a cart read is mostly this route's fixed cost (issue 18). Anything else goes through the schema as before.
  const { cartId } = request.params as { cartId?: unknown }
  if (isId(cartId)) return { cartId }
  const parsed = CartParamsSchema.safeParse(request.params)
  if (!parsed.success) throw cartNotFound()
  return parsed.data
}

/** The cart and item ids of an item route: a bad cart id is an unknown cart, a bad item id an unknown item. */
export function itemParams(request: FastifyRequest): CartItemParams {
  const params = request.params as { cartId?: unknown; itemId?: unknown }
  if (!IdSchema.safeParse(params.cartId).success) throw cartNotFound()
  const parsed = CartItemParamsSchema.safeParse(params)
  if (!parsed.success) throw itemNotFound()
  return parsed.data
}
