import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { cartMachine, type Event } from './cart.machine.ts'
import { cartItem, drawing, item1, item2, itemInput, thumbnail } from './cart.fixtures.ts'

/** The longest queue of changes the model builds. */
const MAX_PENDING = 1

const changes: Event[] = [
  { type: 'cart.add', items: [itemInput], requestId: 'request-1', replyTo: 'configure' },
  { type: 'cart.add', items: [] },
  { type: 'cart.setQuantity', itemId: 'item-1', quantity: 3 },
  { type: 'cart.setQuantity', itemId: 'item-1', quantity: 0 },
  { type: 'cart.remove', itemId: 'item-1' },
  { type: 'cart.remove', itemId: 'item-9' },
  { type: 'cart.uploadThumbnail', itemId: 'item-1', thumbnail },
  { type: 'cart.addAttachment', itemId: 'item-1', file: drawing, disclaimerAccepted: true },
  { type: 'cart.addAttachment', itemId: 'item-1', file: drawing, disclaimerAccepted: false },
]

/**
 * Path model of the cart: a stored cart, a missing one (404), none stored, unreadable storage, load failures; every
 * change working or failing, one queued change at a time; removing the last item; reload and reset.
 */
export const cartPathModel = definePathModel({
  machine: cartMachine,
  input: undefined,
  events: (snapshot) => [
    // Changes while ready; while loading one add is enough to show that changes queue up.
    ...(snapshot.context.pendingOps.length >= MAX_PENDING
      ? []
      : snapshot.hasTag('ready')
        ? changes
        : changes.slice(0, 1)),
    { type: 'cart.retry' },
    { type: 'cart.reload' },
    { type: 'cart.reset' },
    doneEvent('loadCartId', 'cart-1'),
    doneEvent('loadCartId', null),
    errorEvent('loadCartId'),
    doneEvent('fetchCart', { _id: 'cart-1', items: [item1] }),
    errorEvent('fetchCart', { status: 404, code: 'not_found' }),
    errorEvent('fetchCart', { status: 503, code: 'service_unavailable' }),
    doneEvent('createCart', { _id: 'cart-2' }),
    errorEvent('createCart'),
    doneEvent('addItems', { items: [item1, item2], createdItems: [{ _id: 'item-2' }] }),
    errorEvent('addItems'),
    doneEvent('patchItem', { items: [cartItem('item-1', 3)] }),
    errorEvent('patchItem'),
    doneEvent('deleteItem', { items: [] }),
    doneEvent('deleteItem', { items: [item2] }),
    errorEvent('deleteItem'),
    doneEvent('uploadThumbnail', { items: [cartItem('item-1', 1, { thumbnail: '/thumbnails/item-1.png' })] }),
    errorEvent('uploadThumbnail'),
    doneEvent('uploadAttachment', {
      items: [cartItem('item-1', 1, { attachments: ['/attachments/drawing.pdf'] })],
    }),
    errorEvent('uploadAttachment'),
  ],
  // Items by id and quantity, changes by kind: what the guards and the queue depend on.
  serializeContext: ({ cartId, items, pendingOps, error }) => ({
    cartId,
    items: items.map((item) => `${item._id}×${item.quantity}`),
    pendingOps: pendingOps.map((op) => op.kind),
    error,
  }),
})
