import { assign, enqueueActions, fromPromise, setup } from 'xstate'
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
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, isNotFound } from '#machines/api-call/api-error.ts'

/** The cart has no input: it starts from the cart id in storage. */
export type Input = undefined

/** A PNG of the 3D preview: the client sends a `Blob` (it has `size` and `type`). */
export type ThumbnailBlob = { readonly size: number; readonly type: string }
/** An attachment: the client sends the browser's `File`. */
export type AttachmentFile = { readonly name: string; readonly size: number }

/** A cart change waiting for (or in) its call. The head of `pendingOps` is the one running. */
export type CartOp =
  | { kind: 'add'; items: CartItemInput[]; requestId: string | null; replyTo: string | null }
  | { kind: 'setQuantity'; itemId: string; quantity: number }
  | { kind: 'remove'; itemId: string }
  | { kind: 'uploadThumbnail'; itemId: string; thumbnail: ThumbnailBlob }
  | { kind: 'addAttachment'; itemId: string; file: AttachmentFile }

export type Context = {
  cartId: string | null
  /** The items as the server last answered them (prices are the server's). */
  items: CartItem[]
  /** Changes in order; they run one at a time, so the last answer always reflects every earlier change. */
  pendingOps: CartOp[]
  /** Why the cart could not be loaded or created. */
  error: ErrorCode | null
}

export type Event =
  /**
   * Add configured items; `requestId` comes back in `notifyItemsAdded` / `notifyAddToCartFailure`, and as
   * `cart.itemsAdded` / `cart.addFailed` to the actor with the system id `replyTo`, if any.
   */
  | { type: 'cart.add'; items: CartItemInput[]; requestId?: string; replyTo?: string }
  /** A whole number of at least 1; other values are refused. */
  | { type: 'cart.setQuantity'; itemId: string; quantity: number }
  | { type: 'cart.remove'; itemId: string }
  | { type: 'cart.uploadThumbnail'; itemId: string; thumbnail: ThumbnailBlob }
  /** Refused until the attachment disclaimer is accepted (the preferences' `acceptAttachmentDisclaimer`). */
  | { type: 'cart.addAttachment'; itemId: string; file: AttachmentFile; disclaimerAccepted: boolean }
  /** Load again after the cart could not be loaded. */
  | { type: 'cart.retry' }
  /** Fetch the cart again (another tab, a login). */
  | { type: 'cart.reload' }
  /** Start a new, empty cart (the order was completed, part 2 §4). */
  | { type: 'cart.reset' }

/** The cart's answers to a `cart.add` with `replyTo`. */
export type CartReply =
  | { type: 'cart.itemsAdded'; requestId: string | null; createdItemIds: string[] }
  | { type: 'cart.addFailed'; requestId: string | null }

/** What the cart tells the order flow: the last item was removed. */
export type CartReport = { type: 'cart.emptied' }

export const CART_TAGS = ['loading', 'ready', 'busy', 'error'] as const
export type CartTag = (typeof CART_TAGS)[number]

const headOf = (context: Context): CartOp => {
  const [head] = context.pendingOps
  if (!head) throw new Error('cart: no pending operation')
  return head
}

const cartIdOf = (context: Context): string => {
  if (context.cartId === null) throw new Error('cart: no cart id')
  return context.cartId
}

/** The head of the queue as the op of one kind (the state it runs in guarantees the kind). */
const opOf = <TKind extends CartOp['kind']>(
  context: Context,
  kind: TKind,
): Extract<CartOp, { kind: TKind }> => {
  const head = headOf(context)
  if (head.kind !== kind) throw new Error(`cart: expected a ${kind} operation, not ${head.kind}`)
  return head as Extract<CartOp, { kind: TKind }>
}

/**
 * The cart (spec part 1 §2 cart view, §3 cart item, §4, §7 cart calls): loads the stored cart, if any; without one
 * (none stored, or a 404) it is empty and the first add creates it, so a visit creates no cart row (issue 18,
 * docs/decisions/0111). Then it adds, changes quantities, removes, uploads preview images and attachments one call at a
 * time; removing the last item tells the order process.
 */
export const cartMachine = setup({
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
}).createMachine({
  id: 'cart',
  initial: 'active',
  context: { cartId: null, items: [], pendingOps: [], error: null },
  states: {
    active: {
      initial: 'loading',
      // Changes queue up, also while the cart is still loading; they run once it is ready.
      on: {
        'cart.add': {
          guard: { type: 'hasItems', params: ({ event }) => ({ items: event.items }) },
          actions: {
            type: 'enqueue',
            params: ({ event }) => ({
              op: {
                kind: 'add',
                items: event.items,
                requestId: event.requestId ?? null,
                replyTo: event.replyTo ?? null,
              },
            }),
          },
        },
        'cart.setQuantity': {
          guard: {
            type: 'isValidQuantityFor',
            params: ({ event }) => ({ itemId: event.itemId, quantity: event.quantity }),
          },
          actions: {
            type: 'enqueue',
            params: ({ event }) => ({
              op: { kind: 'setQuantity', itemId: event.itemId, quantity: event.quantity },
            }),
          },
        },
        'cart.remove': {
          guard: { type: 'hasItem', params: ({ event }) => ({ itemId: event.itemId }) },
          actions: {
            type: 'enqueue',
            params: ({ event }) => ({ op: { kind: 'remove', itemId: event.itemId } }),
          },
        },
        'cart.uploadThumbnail': {
          guard: { type: 'hasItem', params: ({ event }) => ({ itemId: event.itemId }) },
          actions: {
            type: 'enqueue',
            params: ({ event }) => ({
              op: { kind: 'uploadThumbnail', itemId: event.itemId, thumbnail: event.thumbnail },
            }),
          },
        },
        'cart.addAttachment': {
          guard: {
            type: 'canAttach',
            params: ({ event }) => ({ itemId: event.itemId, disclaimerAccepted: event.disclaimerAccepted }),
          },
          actions: {
            type: 'enqueue',
            params: ({ event }) => ({
              op: { kind: 'addAttachment', itemId: event.itemId, file: event.file },
            }),
          },
        },
      },
      states: {
        loading: {
          tags: 'loading',
          initial: 'readingId',
          states: {
            readingId: {
              invoke: {
                id: 'loadCartId',
                src: 'loadCartId',
                onDone: [
                  {
                    guard: { type: 'hasCartId', params: ({ event }) => ({ cartId: event.output }) },
                    target: 'fetching',
                    actions: assign({ cartId: ({ event }) => event.output }),
                  },
                  // No cart yet: an empty one without a server row; the first add creates it (issue 18).
                  { target: '#cart.active.ready' },
                ],
                // Unreadable storage: an empty cart, created with the first add.
                onError: { target: '#cart.active.ready' },
              },
            },
            fetching: {
              invoke: {
                id: 'fetchCart',
                src: 'fetchCart',
                input: ({ context }) => {
                  if (context.cartId === null) throw new Error('cart: fetching without a cart id')
                  return { cartId: context.cartId }
                },
                onDone: {
                  target: '#cart.active.ready',
                  actions: assign({
                    cartId: ({ event }) => event.output._id,
                    items: ({ event }) => event.output.items,
                  }),
                },
                onError: [
                  // The stored cart is gone (ordered, expired): an empty one, created with the first add.
                  {
                    guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                    target: '#cart.active.ready',
                    actions: [assign({ cartId: null, items: [] }), 'forgetCartId'],
                  },
                  {
                    target: '#cart.failed',
                    actions: assign({ error: ({ event }) => errorCodeOf(event.error) }),
                  },
                ],
              },
            },
          },
        },
        ready: {
          tags: 'ready',
          initial: 'idle',
          entry: assign({ error: null }),
          states: {
            // Picks the next change, if any.
            idle: {
              always: [
                { guard: 'needsCart', target: 'creating' },
                { guard: { type: 'next', params: { kind: 'add' } }, target: 'adding' },
                { guard: { type: 'next', params: { kind: 'setQuantity' } }, target: 'patching' },
                { guard: { type: 'next', params: { kind: 'remove' } }, target: 'deleting' },
                {
                  guard: { type: 'next', params: { kind: 'uploadThumbnail' } },
                  target: 'uploadingThumbnail',
                },
                { guard: { type: 'next', params: { kind: 'addAttachment' } }, target: 'uploadingAttachment' },
              ],
              on: {
                // The stored id again (another tab or a login may have made one): fetched if there is one.
                'cart.reload': { target: '#cart.active.loading' },
                // After an order: an empty cart without a server row until the next add.
                'cart.reset': { actions: [assign({ cartId: null, items: [] }), 'forgetCartId'] },
              },
            },
            // The first add of a visitor without a cart: `POST /api/checkout/cart`, then the add.
            creating: {
              tags: 'busy',
              invoke: {
                id: 'createCart',
                src: 'createCart',
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ cartId: ({ event }) => event.output._id }),
                    { type: 'storeCartId', params: ({ event }) => ({ cartId: event.output._id }) },
                  ],
                },
                // The queued add (and any change behind it) is reported as failed there.
                onError: {
                  target: '#cart.failed',
                  actions: assign({ error: ({ event }) => errorCodeOf(event.error) }),
                },
              },
            },
            adding: {
              tags: 'busy',
              invoke: {
                id: 'addItems',
                src: 'addItems',
                input: ({ context }) => ({
                  cartId: cartIdOf(context),
                  items: opOf(context, 'add').items,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'notifyItemsAdded',
                      params: ({ context, event }) => ({
                        requestId: opOf(context, 'add').requestId,
                        createdItemIds: event.output.createdItems.map((item) => item._id),
                      }),
                    },
                    {
                      type: 'reply',
                      params: ({ context, event }) => ({
                        replyTo: opOf(context, 'add').replyTo,
                        reply: {
                          type: 'cart.itemsAdded',
                          requestId: opOf(context, 'add').requestId,
                          createdItemIds: event.output.createdItems.map((item) => item._id),
                        },
                      }),
                    },
                    { type: 'finishOp', params: ({ event }) => ({ items: event.output.items }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'notifyAddToCartFailure',
                      params: ({ context }) => ({
                        requestId: opOf(context, 'add').requestId,
                        replyTo: opOf(context, 'add').replyTo,
                      }),
                    },
                    {
                      type: 'reply',
                      params: ({ context }) => ({
                        replyTo: opOf(context, 'add').replyTo,
                        reply: { type: 'cart.addFailed', requestId: opOf(context, 'add').requestId },
                      }),
                    },
                    { type: 'finishOp', params: { items: null } },
                  ],
                },
              },
            },
            patching: {
              tags: 'busy',
              invoke: {
                id: 'patchItem',
                src: 'patchItem',
                input: ({ context }) => {
                  const op = opOf(context, 'setQuantity')
                  return { cartId: cartIdOf(context), itemId: op.itemId, quantity: op.quantity }
                },
                onDone: {
                  target: 'idle',
                  actions: { type: 'finishOp', params: ({ event }) => ({ items: event.output.items }) },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'notifyCartUpdateFailed', params: { kind: 'setQuantity' } },
                    { type: 'finishOp', params: { items: null } },
                  ],
                },
              },
            },
            deleting: {
              tags: 'busy',
              invoke: {
                id: 'deleteItem',
                src: 'deleteItem',
                input: ({ context }) => ({
                  cartId: cartIdOf(context),
                  itemId: opOf(context, 'remove').itemId,
                }),
                onDone: [
                  {
                    guard: { type: 'isEmpty', params: ({ event }) => ({ items: event.output.items }) },
                    target: 'idle',
                    actions: [
                      { type: 'finishOp', params: ({ event }) => ({ items: event.output.items }) },
                      'notifyEmptied',
                    ],
                  },
                  {
                    target: 'idle',
                    actions: { type: 'finishOp', params: ({ event }) => ({ items: event.output.items }) },
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'notifyCartUpdateFailed', params: { kind: 'remove' } },
                    { type: 'finishOp', params: { items: null } },
                  ],
                },
              },
            },
            uploadingThumbnail: {
              tags: 'busy',
              invoke: {
                id: 'uploadThumbnail',
                src: 'uploadThumbnail',
                input: ({ context }) => {
                  const op = opOf(context, 'uploadThumbnail')
                  return { cartId: cartIdOf(context), itemId: op.itemId, thumbnail: op.thumbnail }
                },
                onDone: {
                  target: 'idle',
                  actions: { type: 'finishOp', params: ({ event }) => ({ items: event.output.items }) },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'notifyCartUpdateFailed', params: { kind: 'uploadThumbnail' } },
                    { type: 'finishOp', params: { items: null } },
                  ],
                },
              },
            },
            uploadingAttachment: {
              tags: 'busy',
              invoke: {
                id: 'uploadAttachment',
                src: 'uploadAttachment',
                input: ({ context }) => {
                  const op = opOf(context, 'addAttachment')
                  return { cartId: cartIdOf(context), itemId: op.itemId, file: op.file }
                },
                onDone: {
                  target: 'idle',
                  actions: { type: 'finishOp', params: ({ event }) => ({ items: event.output.items }) },
                },
                onError: {
                  target: 'idle',
                  actions: ['notifyAttachmentFailure', { type: 'finishOp', params: { items: null } }],
                },
              },
            },
          },
        },
      },
    },
    // The cart could not be loaded or created (`error` has the code).
    failed: {
      tags: 'error',
      // Changes queued while loading cannot be made: each one is reported as failed.
      entry: enqueueActions(({ context, enqueue, system }) => {
        for (const op of context.pendingOps) {
          if (op.kind === 'add') {
            enqueue({
              type: 'notifyAddToCartFailure',
              params: { requestId: op.requestId, replyTo: op.replyTo },
            })
            const reply: CartReply = { type: 'cart.addFailed', requestId: op.requestId }
            const asker = op.replyTo === null ? undefined : system.get(op.replyTo)
            if (asker) enqueue.sendTo(asker, reply)
          } else if (op.kind === 'addAttachment') enqueue('notifyAttachmentFailure')
          else enqueue({ type: 'notifyCartUpdateFailed', params: { kind: op.kind } })
        }
        enqueue.assign({ pendingOps: [] })
      }),
      on: {
        'cart.retry': { target: 'active' },
        // Nothing can be added now: the asker hears so at once, and the cart tries to load again for the next try.
        'cart.add': {
          target: 'active',
          actions: [
            {
              type: 'notifyAddToCartFailure',
              params: ({ event }) => ({ requestId: event.requestId ?? null, replyTo: event.replyTo ?? null }),
            },
            {
              type: 'reply',
              params: ({ event }) => ({
                replyTo: event.replyTo ?? null,
                reply: { type: 'cart.addFailed', requestId: event.requestId ?? null },
              }),
            },
          ],
        },
      },
    },
  },
})
