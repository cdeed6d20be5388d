import { assign, enqueueActions } from 'xstate'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { cartIdOf, opOf } from './cart-ops.ts'
import { cartSetup } from './cart.setup.ts'
import type { CartReply } from './cart.types.ts'

// The parts live beside the machine: its context, events and tags (cart.types.ts), its actors, actions and guards
// (cart.setup.ts), the queue's readers (cart-ops.ts); importers keep using this module.
export type {
  AttachmentFile,
  CartOp,
  CartReply,
  CartReport,
  CartTag,
  Context,
  Event,
  Input,
  ThumbnailBlob,
} from './cart.types.ts'
export { CART_TAGS } from './cart.types.ts'

/**
 * The cart (spec part 1 §2 cart view, §3 cart item, §4, §7 cart calls): loads the stored cart, if any; without one
 * (none stored, or a 404) it is empty and the first add creates it, so a visit creates no cart row (issue 18,
 * docs/decisions/0111). Then it adds, changes quantities, removes, uploads preview images and attachments one call at a
 * time; removing the last item tells the order process.
 */
export const cartMachine = cartSetup.createMachine({
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
