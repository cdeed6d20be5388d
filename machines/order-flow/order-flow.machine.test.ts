import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise } from 'xstate'
import { type AddCartItemsResponse } from '#shared/contracts/cart.contract.ts'
import { type PricedConfigurations } from '#shared/contracts/pricing.contract.ts'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { cartMachine } from '#machines/cart/cart.machine.ts'
import { cartItem } from '#machines/cart/cart.fixtures.ts'
import { configureMachine } from '#machines/configure/configure.machine.ts'
import { selectPm1 } from '#machines/configure/configure.fixtures.ts'
import { pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import { uploadMachine } from '#machines/upload/upload.machine.ts'
import { analysedFile, completedTask, uploadResponse } from '#machines/upload/upload.fixtures.ts'
import { checkoutDiscount, ORDER_ID } from '#machines/checkout/checkout.fixtures.ts'
import { orderFlowMachine } from './order-flow.machine.ts'

/** Lets the stubbed calls answer and the children's messages go round (the upload waits 1 ms per delay). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 30))

/** The real upload with its calls answered at once: `upload.startDemo` ends with the analysed file. */
const upload = uploadMachine.provide({
  actors: {
    uploadDemo: fromPromise(async () => uploadResponse),
    fetchTask: fromPromise(async () => completedTask),
    fetchFile: fromPromise(async () => analysedFile),
  },
})

/** The order flow with real children (their I/O stubbed) and the upload stand-in. */
const start = (options: { addFails?: boolean } = {}) => {
  const navigations: string[] = []
  const machine = orderFlowMachine.provide({
    actors: {
      upload,
      printModes: printModesMachine.provide({
        actors: { loadPrintModes: fromPromise(async (): Promise<PrintMode[]> => []) },
      }),
      pricing: pricingMachine.provide({
        actors: { fetchPrices: fromPromise(() => new Promise<PricedConfigurations>(() => {})) },
      }),
      configure: configureMachine.provide({
        actors: {
          persistFile: fromPromise(async () => analysedFile),
          createCartItem: fromPromise(async () => ({ cartItemId: 'current:object-1' })),
        },
      }),
      cart: cartMachine.provide({
        actors: {
          loadCartId: fromPromise(async (): Promise<string | null> => null),
          createCart: fromPromise(async () => ({ _id: 'cart-1' })),
          addItems: fromPromise(async (): Promise<AddCartItemsResponse> => {
            if (options.addFails) throw new Error('offline')
            return { items: [cartItem('item-7')], createdItems: [cartItem('item-7')] }
          }),
        },
      }),
    },
    actions: {
      showConfigure: () => navigations.push('configure'),
      showCart: () => navigations.push('cart'),
    },
  })
  const flow = createActor(machine, {
    input: {
      upload: { maxPolls: 1, pollIntervalMs: 1, createNewDelayMs: 1, demoDelayMs: 1 },
      pricing: { debounceMs: 0, loadingFlagClearMs: 0 },
    },
    systemId: 'orderFlow',
  }).start()
  const child = (id: string): AnyActorRef | undefined => flow.system.get(id)
  const orderStep = () => child('orderProcess')?.getSnapshot().value as unknown
  return { flow, child, orderStep, navigations }
}

/** Uploads a file and walks the configure child to its finishes step. */
const atFinishes = async (options?: { addFails?: boolean }) => {
  const started = start(options)
  started.child('upload')?.send({ type: 'upload.startDemo' })
  await flush()
  const configure = started.child('configure')
  configure?.send({ type: 'configure.next' })
  await flush()
  configure?.send(selectPm1)
  configure?.send({ type: 'pricing.updated', printable: true })
  configure?.send({ type: 'configure.chooseFinishes' })
  await flush()
  return { ...started, configure }
}

describe('order flow', () => {
  it('starts the order process, cart, catalogue and an upload as children of one system', () => {
    const { child, orderStep } = start()
    for (const id of ['orderProcess', 'cart', 'printModes', 'upload']) expect(child(id)).toBeDefined()
    expect(child('configure')).toBeUndefined()
    expect(orderStep()).toBe('noOrderOngoing')
  })

  it('asks for the catalogue only when a file is configured, and creates no cart before the first add', async () => {
    const { child } = start()
    await flush()
    expect(child('printModes')?.getSnapshot().value).toBe('idle')
    expect(child('cart')?.getSnapshot().context.cartId).toBeNull()
    child('upload')?.send({ type: 'upload.startDemo' })
    await flush()
    expect(child('printModes')?.getSnapshot().value).toBe('ready')
    expect(child('cart')?.getSnapshot().context.cartId).toBeNull()
  })

  it('a finished upload starts configure and pricing for its file and a fresh upload', async () => {
    const { child, orderStep, navigations } = start()
    const firstUpload = child('upload')
    firstUpload?.send({ type: 'upload.startDemo' })
    await flush()
    expect(orderStep()).toBe('configureModel')
    expect(child('configure')?.getSnapshot().context.file).toEqual(analysedFile)
    expect(child('pricing')).toBeDefined()
    expect(child('upload')).not.toBe(firstUpload)
    expect(navigations).toEqual(['configure'])
  })

  it('follows the configure sub-steps in the order process', async () => {
    const { child, configure } = await atFinishes()
    expect(child('orderProcess')?.getSnapshot().context.configureSubStep).toBe(2)
    configure?.send({ type: 'configure.back' })
    await flush()
    expect(child('orderProcess')?.getSnapshot().context.configureSubStep).toBe(1)
    configure?.send({ type: 'configure.back' })
    await flush()
    expect(child('orderProcess')?.getSnapshot().context.configureSubStep).toBe(0)
  })

  it('restores a file configured before a reload: configure step, a configure child for it (issue 14, item 3)', async () => {
    const { flow, child, orderStep, navigations } = start()
    const upload = child('upload')
    flow.send({ type: 'orderFlow.restore', file: analysedFile })
    await flush()
    expect(orderStep()).toBe('configureModel')
    expect(child('orderProcess')?.getSnapshot().context.currentItemId).toBe(analysedFile._id)
    expect(child('configure')?.getSnapshot().context.file).toEqual(analysedFile)
    expect(child('upload')).toBe(upload)
    // Already on the page the shopper reloaded: no navigation.
    expect(navigations).toEqual([])
  })

  it('adds to the cart by events: the cart answers, the order process shows the cart, the configuration ends', async () => {
    const { child, orderStep, navigations, configure } = await atFinishes()
    configure?.send({ type: 'configure.addToCart' })
    await flush()
    expect(configure?.getSnapshot().status).toBe('done')
    expect(orderStep()).toBe('viewCart')
    expect(child('configure')).toBeUndefined()
    expect(child('pricing')).toBeUndefined()
    expect(navigations).toEqual(['configure', 'cart'])
  })

  it('a failed add leaves the configuration on its finishes step with the failure', async () => {
    const { orderStep, configure } = await atFinishes({ addFails: true })
    configure?.send({ type: 'configure.addToCart' })
    await flush()
    expect(configure?.getSnapshot().value).toEqual({ editing: { choosing: 'finishes' } })
    expect(configure?.getSnapshot().context.error).toBe('add-to-cart-failure')
    expect(orderStep()).toBe('configureModel')
  })

  it('leaving the configure step stops the configuration', async () => {
    const { child } = await atFinishes()
    child('orderProcess')?.send({ type: 'order.reset' })
    await flush()
    expect(child('configure')).toBeUndefined()
  })

  it("forwards the voucher's discount to the checkout and clears it with a placed order (issue 16)", async () => {
    const { flow, child } = start()
    await flush()
    const discountOfCheckout = () => child('checkout')?.getSnapshot().context.discount as unknown
    flow.send({ type: 'voucher.changed', discount: checkoutDiscount })
    expect(flow.getSnapshot().context.discount).toEqual(checkoutDiscount)
    expect(discountOfCheckout()).toEqual(checkoutDiscount)
    flow.send({ type: 'checkout.completed', orderId: ORDER_ID })
    await flush()
    expect(flow.getSnapshot().context.discount).toBeNull()
    expect(discountOfCheckout()).toBeNull()
    expect(child('cart')?.getSnapshot().context.items).toEqual([])
  })
})
