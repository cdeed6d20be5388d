import fastifyMultipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import {
  AddCartItemsRequestSchema,
  AddCartItemsResponseSchema,
  CartItemsResponseSchema,
  CreateCartResponseSchema,
  PatchCartItemRequestSchema,
} from '#shared/contracts/cart.contract.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { JSON_CONTENT_TYPE, parseResponse } from '#server/http/respond.ts'
import { registerCartFileRoutes } from '#server/modules/cart/cart-file.routes.ts'
import { CART_ATTACHMENT_MAX_BYTES, type CartFileStore } from '#server/modules/cart/cart-files.ts'
import { cartParams, itemParams } from '#server/modules/cart/cart-params.ts'
import { CART_PATH, type CartService } from '#server/modules/cart/cart.service.ts'

/**
 * `/api/checkout/cart…` (spec part 1 §7; cart.contract.ts). The cart id is the only key to a cart: a malformed id
 * gets the very same 404 as an unknown one, and an item of another cart is an unknown item (check 38). Inputs are
 * strict: a price, a tax or any unknown field is a 400 (check 7). Cross-origin changes are refused by the app's
 * global same-origin guard (registerSameOriginGuard, decision 0076).
 */

export interface CartRoutesDeps {
  cart: CartService
  files: Pick<CartFileStore, 'receiveAttachment' | 'removeFile'>
  context: RequestContextResolver
}

export function createCartRoutes(deps: CartRoutesDeps): FastifyPluginAsync {
  const { cart, context } = deps
  return async (app) => {
    // Scoped to these routes; each upload route sets its own size limit.
    await app.register(fastifyMultipart, {
      limits: { fileSize: CART_ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    })

    app.post(CART_PATH, async (request, reply) => {
      const { whiteLabel } = await context(request)
      return reply
        .code(201)
        .send(parseResponse(CreateCartResponseSchema, await cart.createCart(whiteLabel.id)))
    })

    app.get(`${CART_PATH}/:cartId`, async (request, reply) => {
      const { cartId } = cartParams(request)
      const { locale } = await context(request)
      // Already checked against CartSchema and serialised by the service (its read cache holds the text).
      return reply.type(JSON_CONTENT_TYPE).send(await cart.cartJson(cartId, locale))
    })

    app.post(`${CART_PATH}/:cartId/item`, async (request) => {
      const { cartId } = cartParams(request)
      const { locale } = await context(request)
      const body = AddCartItemsRequestSchema.parse(request.body)
      return parseResponse(AddCartItemsResponseSchema, await cart.addItems(cartId, locale, body.items))
    })

    app.patch(`${CART_PATH}/:cartId/item/:itemId`, async (request) => {
      const { cartId, itemId } = itemParams(request)
      const { locale } = await context(request)
      const body = PatchCartItemRequestSchema.parse(request.body)
      return parseResponse(
        CartItemsResponseSchema,
        await cart.patchItem(cartId, itemId, locale, body.items[0]),
      )
    })

    app.delete(`${CART_PATH}/:cartId/item/:itemId`, async (request) => {
      const { cartId, itemId } = itemParams(request)
      const { locale } = await context(request)
      return parseResponse(CartItemsResponseSchema, await cart.deleteItem(cartId, itemId, locale))
    })

    registerCartFileRoutes(app, deps)
  }
}
