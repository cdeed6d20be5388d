import { createActor, fromPromise } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type {
  AddCartItemsResponse,
  Cart,
  CartItemInput,
  CartItemsResponse,
} from '#shared/contracts/cart.contract.ts'
import {
  type AttachmentFile,
  CART_TAGS,
  type CartOp,
  type ThumbnailBlob,
  cartMachine,
} from './cart.machine.ts'
import { cartItem, drawing, item1, item2, itemInput } from './cart.fixtures.ts'

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve()
}

type Pending<T, I> = { input: I; resolve: (value: T) => void; reject: (error: unknown) => void }

/** A fake call that waits for the test. */
const controlled = <T, I>() => {
  const calls: Array<Pending<T, I>> = []
  const logic = fromPromise<T, I>(
    ({ input }) => new Promise<T>((resolve, reject) => calls.push({ input, resolve, reject })),
  )
  const last = () => {
    const call = calls.at(-1)
    if (!call) throw new Error('no call')
    return call
  }
  return { calls, logic, last }
}

/** An API failure as the client's API layer rejects with it. */
const apiError = (status: number, code: string) => Object.assign(new Error(code), { status, code })

type Setup = { storedId?: string | null | Error; stored?: Cart | Error }

const start = ({ storedId = 'cart-1', stored = { _id: 'cart-1', items: [item1] } }: Setup = {}) => {
  const loadCartId = vi.fn(async () => {
    if (storedId instanceof Error) throw storedId
    return storedId
  })
  const fetchCart = vi.fn(async (_: { input: { cartId: string } }) => {
    if (stored instanceof Error) throw stored
    return stored
  })
  const createCart = vi.fn(async () => ({ _id: 'cart-new' }))
  const addItems = controlled<AddCartItemsResponse, { cartId: string; items: CartItemInput[] }>()
  const patchItem = controlled<CartItemsResponse, { cartId: string; itemId: string; quantity: number }>()
  const deleteItem = controlled<CartItemsResponse, { cartId: string; itemId: string }>()
  const uploadThumbnail = controlled<
    CartItemsResponse,
    { cartId: string; itemId: string; thumbnail: ThumbnailBlob }
  >()
  const uploadAttachment = controlled<
    CartItemsResponse,
    { cartId: string; itemId: string; file: AttachmentFile }
  >()
  const spies = {
    storeCartId: vi.fn(),
    forgetCartId: vi.fn(),
    notifyItemsAdded: vi.fn(),
    notifyAddToCartFailure: vi.fn(),
    notifyAttachmentFailure: vi.fn(),
    notifyCartUpdateFailed: vi.fn(),
    notifyEmptied: vi.fn(),
  }
  const actor = createActor(
    cartMachine.provide({
      actors: {
        loadCartId: fromPromise(loadCartId),
        fetchCart: fromPromise(fetchCart),
        createCart: fromPromise(createCart),
        addItems: addItems.logic,
        patchItem: patchItem.logic,
        deleteItem: deleteItem.logic,
        uploadThumbnail: uploadThumbnail.logic,
        uploadAttachment: uploadAttachment.logic,
      },
      actions: {
        storeCartId: (_, params) => spies.storeCartId(params),
        forgetCartId: () => spies.forgetCartId(),
        notifyItemsAdded: (_, params) => spies.notifyItemsAdded(params),
        notifyAddToCartFailure: (_, params) => spies.notifyAddToCartFailure(params),
        notifyAttachmentFailure: () => spies.notifyAttachmentFailure(),
        notifyCartUpdateFailed: (_, params) => spies.notifyCartUpdateFailed(params),
        notifyEmptied: () => spies.notifyEmptied(),
      },
    }),
  ).start()
  const snapshot = () => actor.getSnapshot()
  const context = () => actor.getSnapshot().context
  const tags = () => CART_TAGS.filter((tag) => snapshot().hasTag(tag))
  const kinds = () => context().pendingOps.map((op: CartOp) => op.kind)
  return {
    actor,
    snapshot,
    context,
    tags,
    kinds,
    loadCartId,
    fetchCart,
    createCart,
    addItems,
    patchItem,
    deleteItem,
    uploadThumbnail,
    uploadAttachment,
    ...spies,
  }
}

const ready = async (setup?: Setup) => {
  const started = start(setup)
  await flush()
  expect(started.tags()).toEqual(['ready'])
  return started
}

describe('cartMachine', () => {
  it('loads the stored cart', async () => {
    const { tags, context, fetchCart, createCart } = start()
    expect(tags()).toEqual(['loading'])
    await flush()
    expect(fetchCart.mock.calls[0]?.[0].input).toEqual({ cartId: 'cart-1' })
    expect(tags()).toEqual(['ready'])
    expect(context()).toMatchObject({ cartId: 'cart-1', items: [item1], pendingOps: [] })
    expect(createCart).not.toHaveBeenCalled()
  })

  it('is empty without creating a cart when the stored one is gone (404), none is stored, or storage is unreadable', async () => {
    for (const setup of [
      { stored: apiError(404, 'not_found') },
      { storedId: null },
      { storedId: new Error('broken JSON') },
    ]) {
      const { context, createCart, storeCartId, forgetCartId } = await ready(setup)
      expect(createCart).not.toHaveBeenCalled()
      expect(storeCartId).not.toHaveBeenCalled()
      expect(context()).toMatchObject({ cartId: null, items: [] })
      // A stale id is dropped so the next visit does not ask for the gone cart again.
      expect(forgetCartId).toHaveBeenCalledTimes('stored' in setup ? 1 : 0)
    }
  })

  it('creates and stores the cart with the first add, then adds to it', async () => {
    const { actor, tags, context, createCart, storeCartId, addItems } = await ready({ storedId: null })
    actor.send({ type: 'cart.add', items: [itemInput], requestId: 'first' })
    expect(tags()).toEqual(['ready', 'busy'])
    await flush()
    expect(createCart).toHaveBeenCalledTimes(1)
    expect(storeCartId).toHaveBeenCalledExactlyOnceWith({ cartId: 'cart-new' })
    expect(addItems.last().input).toEqual({ cartId: 'cart-new', items: [itemInput] })
    addItems.last().resolve({ items: [item1], createdItems: [{ _id: 'item-1' }] })
    await flush()
    expect(context()).toMatchObject({ cartId: 'cart-new', items: [item1], pendingOps: [] })
  })

  it('reports the first add as failed when the cart cannot be created', async () => {
    const { actor, tags, context, createCart, notifyAddToCartFailure } = await ready({ storedId: null })
    createCart.mockRejectedValueOnce(apiError(503, 'service_unavailable'))
    actor.send({ type: 'cart.add', items: [itemInput], requestId: 'first' })
    await flush()
    expect(tags()).toEqual(['error'])
    expect(context()).toMatchObject({ error: 'service_unavailable', pendingOps: [] })
    expect(notifyAddToCartFailure).toHaveBeenCalledExactlyOnceWith({ requestId: 'first', replyTo: null })
  })

  it('shows an error when the cart cannot be loaded, and loads again on retry', async () => {
    const { actor, tags, context, fetchCart } = start({ stored: apiError(503, 'service_unavailable') })
    await flush()
    expect(tags()).toEqual(['error'])
    expect(context().error).toBe('service_unavailable')
    fetchCart.mockResolvedValueOnce({ _id: 'cart-1', items: [item1] })
    actor.send({ type: 'cart.retry' })
    await flush()
    expect(tags()).toEqual(['ready'])
    expect(context()).toMatchObject({ error: null, items: [item1] })
  })

  it('adds items and reports the created ids with the request id', async () => {
    const { actor, tags, context, addItems, notifyItemsAdded } = await ready()
    actor.send({ type: 'cart.add', items: [itemInput], requestId: 'request-7' })
    expect(tags()).toEqual(['ready', 'busy'])
    expect(addItems.last().input).toEqual({ cartId: 'cart-1', items: [itemInput] })
    addItems.last().resolve({ items: [item1, item2], createdItems: [{ _id: 'item-2' }] })
    await flush()
    expect(tags()).toEqual(['ready'])
    expect(context().items).toEqual([item1, item2])
    expect(notifyItemsAdded).toHaveBeenCalledExactlyOnceWith({
      requestId: 'request-7',
      createdItemIds: ['item-2'],
    })
  })

  it('warns when adding fails and keeps the items', async () => {
    const { actor, context, addItems, notifyAddToCartFailure } = await ready()
    actor.send({ type: 'cart.add', items: [itemInput] })
    addItems.last().reject(new Error('offline'))
    await flush()
    expect(context()).toMatchObject({ items: [item1], pendingOps: [] })
    expect(notifyAddToCartFailure).toHaveBeenCalledExactlyOnceWith({ requestId: null, replyTo: null })
  })

  it('changes a quantity to a whole number of at least 1 only (§5)', async () => {
    const { actor, snapshot, context, patchItem } = await ready()
    expect(snapshot().can({ type: 'cart.setQuantity', itemId: 'item-1', quantity: 0 })).toBe(false)
    expect(snapshot().can({ type: 'cart.setQuantity', itemId: 'item-1', quantity: 2.5 })).toBe(false)
    expect(snapshot().can({ type: 'cart.setQuantity', itemId: 'item-9', quantity: 2 })).toBe(false)
    actor.send({ type: 'cart.setQuantity', itemId: 'item-1', quantity: 3 })
    expect(patchItem.last().input).toEqual({ cartId: 'cart-1', itemId: 'item-1', quantity: 3 })
    patchItem.last().resolve({ items: [cartItem('item-1', 3)] })
    await flush()
    expect(context().items[0]?.quantity).toBe(3)
  })

  it('runs changes one at a time, in order', async () => {
    const { actor, kinds, patchItem, deleteItem } = await ready({
      stored: { _id: 'cart-1', items: [item1, item2] },
    })
    actor.send({ type: 'cart.setQuantity', itemId: 'item-1', quantity: 2 })
    actor.send({ type: 'cart.setQuantity', itemId: 'item-1', quantity: 3 })
    actor.send({ type: 'cart.remove', itemId: 'item-2' })
    expect(kinds()).toEqual(['setQuantity', 'setQuantity', 'remove'])
    expect(patchItem.calls).toHaveLength(1)
    patchItem.last().resolve({ items: [cartItem('item-1', 2), item2] })
    await flush()
    expect(patchItem.calls.map((call) => call.input.quantity)).toEqual([2, 3])
    patchItem.last().reject(new Error('offline'))
    await flush()
    expect(deleteItem.calls).toHaveLength(1)
    expect(kinds()).toEqual(['remove'])
  })

  it('removing the last item empties the cart and tells the order process; other removals do not', async () => {
    const { actor, context, deleteItem, notifyEmptied } = await ready({
      stored: { _id: 'cart-1', items: [item1, item2] },
    })
    actor.send({ type: 'cart.remove', itemId: 'item-1' })
    deleteItem.last().resolve({ items: [item2] })
    await flush()
    expect(notifyEmptied).not.toHaveBeenCalled()
    actor.send({ type: 'cart.remove', itemId: 'item-2' })
    deleteItem.last().resolve({ items: [] })
    await flush()
    expect(context().items).toEqual([])
    expect(notifyEmptied).toHaveBeenCalledTimes(1)
  })

  it('warns when a removal or quantity change fails', async () => {
    const { actor, deleteItem, notifyCartUpdateFailed, notifyEmptied, context } = await ready()
    actor.send({ type: 'cart.remove', itemId: 'item-1' })
    deleteItem.last().reject(new Error('offline'))
    await flush()
    expect(notifyCartUpdateFailed).toHaveBeenCalledExactlyOnceWith({ kind: 'remove' })
    expect(notifyEmptied).not.toHaveBeenCalled()
    expect(context().items).toEqual([item1])
  })

  it('uploads the preview image of an item', async () => {
    const { actor, context, uploadThumbnail } = await ready()
    const png = new Blob(['png'], { type: 'image/png' })
    actor.send({ type: 'cart.uploadThumbnail', itemId: 'item-1', thumbnail: png })
    expect(uploadThumbnail.last().input).toEqual({ cartId: 'cart-1', itemId: 'item-1', thumbnail: png })
    uploadThumbnail.last().resolve({ items: [cartItem('item-1', 1, { thumbnail: '/t/item-1.png' })] })
    await flush()
    expect(context().items[0]?.thumbnail).toBe('/t/item-1.png')
  })

  it('uploads an attachment only after the disclaimer was accepted, and warns when it fails (§5, §8)', async () => {
    const { actor, snapshot, uploadAttachment, notifyAttachmentFailure } = await ready()
    const event = { type: 'cart.addAttachment', itemId: 'item-1', file: drawing } as const
    expect(snapshot().can({ ...event, disclaimerAccepted: false })).toBe(false)
    actor.send({ ...event, disclaimerAccepted: true })
    expect(uploadAttachment.last().input).toEqual({ cartId: 'cart-1', itemId: 'item-1', file: drawing })
    uploadAttachment.last().reject(new Error('offline'))
    await flush()
    expect(notifyAttachmentFailure).toHaveBeenCalledTimes(1)
  })

  it('queues changes made while loading and runs them when ready; fails them if the cart cannot load', async () => {
    const loading = start()
    loading.actor.send({ type: 'cart.add', items: [itemInput], requestId: 'early' })
    expect(loading.kinds()).toEqual(['add'])
    await flush()
    expect(loading.addItems.calls).toHaveLength(1)

    const failing = start({ stored: apiError(500, 'internal_error') })
    failing.actor.send({ type: 'cart.add', items: [itemInput], requestId: 'early' })
    await flush()
    expect(failing.tags()).toEqual(['error'])
    expect(failing.notifyAddToCartFailure).toHaveBeenCalledExactlyOnceWith({
      requestId: 'early',
      replyTo: null,
    })
    expect(failing.kinds()).toEqual([])
  })

  it('empties on reset without creating a cart, and reads the stored id and fetches again on reload', async () => {
    const { actor, context, createCart, fetchCart, loadCartId, forgetCartId } = await ready()
    actor.send({ type: 'cart.reset' })
    await flush()
    expect(createCart).not.toHaveBeenCalled()
    expect(forgetCartId).toHaveBeenCalledTimes(1)
    expect(context()).toMatchObject({ cartId: null, items: [] })
    actor.send({ type: 'cart.reload' })
    await flush()
    expect(loadCartId).toHaveBeenCalledTimes(2)
    expect(fetchCart).toHaveBeenLastCalledWith(expect.objectContaining({ input: { cartId: 'cart-1' } }))
  })

  it('refuses an empty add, unknown items, and reload or reset while a change runs', async () => {
    const { actor, snapshot } = await ready()
    expect(snapshot().can({ type: 'cart.add', items: [] })).toBe(false)
    expect(snapshot().can({ type: 'cart.remove', itemId: 'item-9' })).toBe(false)
    actor.send({ type: 'cart.add', items: [itemInput] })
    expect(snapshot().can({ type: 'cart.reload' })).toBe(false)
    expect(snapshot().can({ type: 'cart.reset' })).toBe(false)
  })
})
