import { assign, fromPromise, setup } from 'xstate'
import { SYSTEM_IDS } from '#machines/order-flow/system-ids.ts'
import type {
  AddCartItemsResponse,
  Cart,
  CartItem,
  CartItemInput,
  CartItemsResponse,
  CreateCartResponse,
} from '#shared/contracts/cart.contract.ts'
import { MIN_QUANTITY } from '#shared/domain/limits.ts'
import { isNotFound } from '#machines/api-call/api-error.ts'
import type {
  AttachmentFile,
  CartOp,
  CartReply,
  CartReport,
  CartTag,
  Context,
  Event,
  ThumbnailBlob,
} from './cart.types.ts'

/** The cart's actors (the client provides them), actions and guards; its states are in cart.machine.ts. */
export const cartSetup = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as CartTag,
  },
  actors: {
    /** Client: the cart id from local storage (CART_ID_STORAGE_KEY), or null. */
    loadCartId: fromPromise<string | null>(async () => {
      throw new Error('cart: loadCartId is not provided')
    }),
    /** Client: `GET /api/checkout/cart/{cartId}`; rejects with status 404 when the cart is gone. */
    fetchCart: fromPromise<Cart, { cartId: string }>(async () => {
      throw new Error('cart: fetchCart is not provided')
    }),
    /** Client: `POST /api/checkout/cart`. */
    createCart: fromPromise<CreateCartResponse>(async () => {
      throw new Error('cart: createCart is not provided')
    }),
    /** Client: `POST /api/checkout/cart/{cartId}/item`. */
    addItems: fromPromise<AddCartItemsResponse, { cartId: string; items: CartItemInput[] }>(async () => {
      throw new Error('cart: addItems is not provided')
    }),
    /** Client: `PATCH /api/checkout/cart/{cartId}/item/{itemId}` with `{ items: [{ _id, quantity }] }`. */
    patchItem: fromPromise<CartItemsResponse, { cartId: string; itemId: string; quantity: number }>(
      async () => {
        throw new Error('cart: patchItem is not provided')
      },
    ),
    /** Client: `DELETE /api/checkout/cart/{cartId}/item/{itemId}`. */
    deleteItem: fromPromise<CartItemsResponse, { cartId: string; itemId: string }>(async () => {
      throw new Error('cart: deleteItem is not provided')
    }),
    /** Client: `POST …/item/{itemId}/thumbnail` (multipart PNG). */
    uploadThumbnail: fromPromise<
      CartItemsResponse,
      { cartId: string; itemId: string; thumbnail: ThumbnailBlob }
    >(async () => {
      throw new Error('cart: uploadThumbnail is not provided')
    }),
    /** Client: `POST …/item/{itemId}/attachments` (multipart). */
    uploadAttachment: fromPromise<
      CartItemsResponse,
      { cartId: string; itemId: string; file: AttachmentFile }
    >(async () => {
      throw new Error('cart: uploadAttachment is not provided')
    }),
  },
  actions: {
    /** Client: write the cart id to local storage. */
    storeCartId: (_, _params: { cartId: string }) => {},
    /** Client: remove the cart id from local storage (the stored cart is gone, or the order was placed). */
    forgetCartId: () => {},
    /** Client: items were added (e.g. resolve the configure machine's `addToCart`). */
    notifyItemsAdded: (_, _params: { requestId: string | null; createdItemIds: string[] }) => {},
    /** Client: the add-to-cart-failure warning, unless the asker (`replyTo`, still running) shows its own. */
    notifyAddToCartFailure: (_, _params: { requestId: string | null; replyTo: string | null }) => {},
    /** Client: the attachment-failure warning. */
    notifyAttachmentFailure: () => {},
    /** Client: the generic warning when a quantity change, removal or preview upload failed. */
    notifyCartUpdateFailed: (_, _params: { kind: CartOp['kind'] }) => {},
    /** The last item was removed: `cart.emptied` to the order flow (for the order process). */
    // Plain action functions rather than enqueueActions: xstate's types for enqueueActions in this setup do not
    // resolve (TS2719); the send still happens when the actions execute, after the transition.
    notifyEmptied: ({ system }) => {
      const report: CartReport = { type: 'cart.emptied' }
      system.get(SYSTEM_IDS.orderFlow)?.send(report)
    },
    /** The answer to a `cart.add` for whoever asked (by system id); nobody, when it is gone. */
    reply: ({ system }, params: { replyTo: string | null; reply: CartReply }) => {
      if (params.replyTo !== null) system.get(params.replyTo)?.send(params.reply)
    },
    enqueue: assign(({ context }, params: { op: CartOp }) => ({
      pendingOps: [...context.pendingOps, params.op],
    })),
    /** The head op answered with the cart's items (or failed): drop it. */
    finishOp: assign(({ context }, params: { items: CartItem[] | null }) => ({
      pendingOps: context.pendingOps.slice(1),
      ...(params.items === null ? {} : { items: params.items }),
    })),
  },
  guards: {
    hasCartId: (_, params: { cartId: string | null }) => params.cartId !== null,
    /** The next change is an add and there is no cart yet: it is created first (no cart row before that). */
    needsCart: ({ context }) => context.cartId === null && context.pendingOps[0]?.kind === 'add',
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    next: ({ context }, params: { kind: CartOp['kind'] }) => context.pendingOps[0]?.kind === params.kind,
    hasItems: (_, params: { items: readonly unknown[] }) => params.items.length > 0,
    hasItem: ({ context }, params: { itemId: string }) =>
      context.items.some((item) => item._id === params.itemId),
    isValidQuantityFor: ({ context }, params: { itemId: string; quantity: number }) =>
      Number.isSafeInteger(params.quantity) &&
      params.quantity >= MIN_QUANTITY &&
      context.items.some((item) => item._id === params.itemId),
    canAttach: ({ context }, params: { itemId: string; disclaimerAccepted: boolean }) =>
      params.disclaimerAccepted && context.items.some((item) => item._id === params.itemId),
    isEmpty: (_, params: { items: readonly unknown[] }) => params.items.length === 0,
  },
})
