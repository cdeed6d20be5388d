import { fromPromise } from 'xstate'
import { cartMachine } from '#machines/cart/cart.machine.ts'
import {
  AddCartItemsResponseSchema,
  CART_ID_STORAGE_KEY,
  CartItemsResponseSchema,
  CartSchema,
  CreateCartResponseSchema,
} from '#shared/contracts/cart.contract.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'
import { readStoredJson, writeStoredJson } from './local-storage.ts'
import { notify, type NotificationsRef } from './notify.ts'

export type CartDeps = {
  api: ApiClient
  storage: Storage
  notifications: NotificationsRef
}

/**
 * The cart with its real edges: the cart id in local storage (`cartId`) and `/api/checkout/cart…` (create with the first add, fetch,
 * add items, change quantity, remove, preview image and attachments as multipart uploads).
 */
export function createCartActors(deps: CartDeps) {
  const { api } = deps
  return cartMachine.provide({
    actors: {
      loadCartId: fromPromise(async () => readStoredJson(deps.storage, CART_ID_STORAGE_KEY, IdSchema)),
      fetchCart: fromPromise(({ input, signal }) =>
        api.get(apiPaths.cart(input.cartId), CartSchema, { signal }),
      ),
      createCart: fromPromise(({ signal }) =>
        api.post(apiPaths.carts, undefined, CreateCartResponseSchema, { signal }),
      ),
      addItems: fromPromise(({ input, signal }) =>
        api.post(apiPaths.cartItems(input.cartId), { items: input.items }, AddCartItemsResponseSchema, {
          signal,
        }),
      ),
      patchItem: fromPromise(({ input, signal }) =>
        api.patch(
          apiPaths.cartItem(input.cartId, input.itemId),
          { items: [{ _id: input.itemId, quantity: input.quantity }] },
          CartItemsResponseSchema,
          { signal },
        ),
      ),
      deleteItem: fromPromise(({ input, signal }) =>
        api.delete(apiPaths.cartItem(input.cartId, input.itemId), CartItemsResponseSchema, { signal }),
      ),
      uploadThumbnail: fromPromise(({ input, signal }) =>
        api.upload(
          apiPaths.cartItemThumbnail(input.cartId, input.itemId),
          // The client sends the canvas' PNG Blob.
          input.thumbnail as Blob,
          'preview.png',
          CartItemsResponseSchema,
          { signal },
        ),
      ),
      uploadAttachment: fromPromise(({ input, signal }) =>
        api.upload(
          apiPaths.cartItemAttachments(input.cartId, input.itemId),
          // The view sends the browser's File.
          input.file as unknown as Blob,
          input.file.name,
          CartItemsResponseSchema,
          { signal },
        ),
      ),
    },
    actions: {
      storeCartId: (_, params) => writeStoredJson(deps.storage, CART_ID_STORAGE_KEY, params.cartId),
      forgetCartId: () => {
        try {
          deps.storage.removeItem(CART_ID_STORAGE_KEY)
        } catch {
          // Storage refused (private mode): the stale id only costs one 404 on the next visit.
        }
      },
      // An asker that is still running (the configure actor) shows the warning itself; when nobody asked, or the
      // asker has stopped meanwhile (the configuration was left), the cart shows it so the failure is not lost.
      notifyAddToCartFailure: ({ system }, params) => {
        const askerRuns = params.replyTo !== null && system.get(params.replyTo) !== undefined
        if (!askerRuns) notify(deps.notifications, 'add-to-cart-failure')
      },
      notifyAttachmentFailure: () => notify(deps.notifications, 'attachment-failure'),
      notifyCartUpdateFailed: () => notify(deps.notifications, 'generic-warning'),
    },
  })
}
