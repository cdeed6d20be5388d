import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { statesOf } from '#tests/graph/path-testing.ts'
import { ORDER_PROCESS_TAGS, type Event, orderProcessMachine } from './order-process.machine.ts'
import { orderProcessPathModel } from './order-process.paths.ts'

const start = () => {
  const notifyUploadFailed = vi.fn()
  const scrollToTopAndGoHome = vi.fn()
  const actor = createActor(
    orderProcessMachine.provide({ actions: { notifyUploadFailed, scrollToTopAndGoHome } }),
  ).start()
  const send = (...events: Event[]) => events.forEach((event) => actor.send(event))
  return { actor, send, notifyUploadFailed, scrollToTopAndGoHome }
}

const tagsOf = (snapshot: { hasTag: (tag: (typeof ORDER_PROCESS_TAGS)[number]) => boolean }) =>
  ORDER_PROCESS_TAGS.filter((tag) => snapshot.hasTag(tag))

describe('orderProcessMachine', () => {
  it('starts with no order ongoing, checkout closed and nothing to configure', () => {
    const { actor } = start()
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('noOrderOngoing')
    expect(snapshot.context).toEqual({ checkoutOpen: false, configureSubStep: 0, currentItemId: null })
  })

  it('tags each step for the steps bar, the header upload button and the order panel (spec part 1 §2)', () => {
    const tags = Object.fromEntries(
      statesOf(orderProcessPathModel).map((state) => [state.name, tagsOf(state.snapshot)]),
    )
    expect(tags).toEqual({
      noOrderOngoing: ['step-upload', 'show-header-upload'],
      upload: ['step-upload', 'order-ongoing'],
      configureModel: ['step-configure', 'order-ongoing'],
      viewCart: ['step-cart', 'order-ongoing'],
      provideCustomerDetails: ['step-cart', 'order-ongoing'],
      reviewOrder: ['step-cart', 'order-ongoing'],
      orderCompleted: ['step-upload', 'show-header-upload'],
    })
  })

  it('walks from upload over configuration and cart to the completed order', () => {
    const { actor, send } = start()
    send({ type: 'order.startUpload' })
    expect(actor.getSnapshot().value).toBe('upload')
    expect(actor.getSnapshot().context.checkoutOpen).toBe(true)

    send({ type: 'upload.succeeded', objectId: 'obj-7' })
    expect(actor.getSnapshot().value).toBe('configureModel')
    expect(actor.getSnapshot().context).toMatchObject({ currentItemId: 'obj-7', configureSubStep: 0 })

    send({ type: 'configure.next' })
    expect(actor.getSnapshot().context.configureSubStep).toBe(1)
    send({ type: 'configure.chooseFinishes' })
    expect(actor.getSnapshot().context.configureSubStep).toBe(2)
    send({ type: 'configure.back' })
    expect(actor.getSnapshot().context.configureSubStep).toBe(1)
    send({ type: 'configure.chooseFinishes' })

    send({ type: 'cart.itemAdded' })
    expect(actor.getSnapshot().value).toBe('viewCart')
    // The current item moved into the cart, and leaving the configure view resets the sub-step.
    expect(actor.getSnapshot().context).toMatchObject({ currentItemId: null, configureSubStep: 0 })

    send({ type: 'checkout.proceed' }, { type: 'checkout.review' })
    expect(actor.getSnapshot().value).toBe('reviewOrder')
    send({ type: 'checkout.back' })
    expect(actor.getSnapshot().value).toBe('provideCustomerDetails')
    send({ type: 'checkout.back' })
    expect(actor.getSnapshot().value).toBe('viewCart')

    send({ type: 'checkout.proceed' }, { type: 'checkout.review' }, { type: 'order.completed' })
    expect(actor.getSnapshot().value).toBe('orderCompleted')
    send({ type: 'order.startUpload' })
    expect(actor.getSnapshot().value).toBe('upload')
  })

  it('returns to no order ongoing and notifies when the upload fails', () => {
    const { actor, send, notifyUploadFailed } = start()
    send({ type: 'order.startUpload' }, { type: 'upload.failed' })
    expect(actor.getSnapshot().value).toBe('noOrderOngoing')
    expect(notifyUploadFailed).toHaveBeenCalledTimes(1)
  })

  it('closing the upload hides the checkout', () => {
    const { actor, send } = start()
    send({ type: 'order.startUpload' }, { type: 'order.closeUpload' })
    expect(actor.getSnapshot().value).toBe('noOrderOngoing')
    expect(actor.getSnapshot().context.checkoutOpen).toBe(false)
  })

  it('the logo resets the order from anywhere: current item cleared, checkout closed', () => {
    const { actor, send } = start()
    send(
      { type: 'order.startUpload' },
      { type: 'upload.succeeded', objectId: 'obj-1' },
      { type: 'configure.next' },
    )
    send({ type: 'order.reset' })
    expect(actor.getSnapshot().value).toBe('noOrderOngoing')
    expect(actor.getSnapshot().context).toEqual({
      checkoutOpen: false,
      configureSubStep: 0,
      currentItemId: null,
    })
  })

  it("'add another file' goes to configure step 0, scrolls up and goes home", () => {
    const { actor, send, scrollToTopAndGoHome } = start()
    send(
      { type: 'order.startUpload' },
      { type: 'upload.succeeded', objectId: 'obj-1' },
      { type: 'cart.itemAdded' },
      { type: 'cart.addAnotherFile' },
    )
    expect(actor.getSnapshot().value).toBe('configureModel')
    expect(actor.getSnapshot().context.configureSubStep).toBe(0)
    expect(scrollToTopAndGoHome).toHaveBeenCalledTimes(1)
  })

  it('deleting the last cart item ends the order', () => {
    const { actor, send } = start()
    send({ type: 'cart.open' }, { type: 'cart.emptied' })
    expect(actor.getSnapshot().value).toBe('noOrderOngoing')
  })

  it('opening the cart with no order ongoing shows the cart step', () => {
    const { actor, send } = start()
    send({ type: 'cart.open' })
    expect(actor.getSnapshot().value).toBe('viewCart')
    expect(actor.getSnapshot().context.checkoutOpen).toBe(true)
  })

  it("follows the browser's Back and Forward through the sub-steps (issue 14, item 3)", () => {
    const { actor, send } = start()
    send({ type: 'order.startUpload' }, { type: 'upload.succeeded', objectId: 'obj-1' })
    const steps: number[] = []
    const record = () => steps.push(actor.getSnapshot().context.configureSubStep)
    for (const type of [
      'configure.next',
      'configure.chooseFinishes',
      'configure.back',
      'configure.back',
    ] as const) {
      send({ type })
      record()
    }
    send({ type: 'configure.back' })
    record()
    send({ type: 'configure.next' })
    record()
    expect(steps).toEqual([1, 2, 1, 0, 0, 1])
    expect(actor.getSnapshot().value).toBe('configureModel')
  })

  it('refuses steps that do not follow from the current one', () => {
    const { actor, send } = start()
    expect(actor.getSnapshot().can({ type: 'checkout.proceed' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'upload.succeeded', objectId: 'x' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'order.completed' })).toBe(false)

    send({ type: 'order.startUpload' }, { type: 'upload.succeeded', objectId: 'obj-1' })
    // Sub-steps go 0 → 1 → 2 and back 2 → 1 → 0 (the browser's Back, issue 14 item 3).
    expect(actor.getSnapshot().can({ type: 'configure.chooseFinishes' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'configure.back' })).toBe(false)
    send({ type: 'configure.next' })
    expect(actor.getSnapshot().can({ type: 'configure.next' })).toBe(false)

    send({ type: 'cart.itemAdded' })
    // The header upload button is hidden while an order is ongoing.
    expect(actor.getSnapshot().can({ type: 'order.startUpload' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'checkout.review' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'order.completed' })).toBe(false)
  })
})
