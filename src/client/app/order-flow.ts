import {
  type ActorRefFrom,
  createActor,
  type InspectionEvent,
  type Observer,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate'
import { type cartMachine } from '#machines/cart/cart.machine.ts'
import { type orderProcessMachine } from '#machines/order-process/order-process.machine.ts'
import { type Input as UploadInput, type uploadMachine } from '#machines/upload/upload.machine.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type CartItemInput } from '#shared/contracts/cart.contract.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { abortError, type ApiClient, ApiRequestError } from '#client/actors/api-client.ts'
import { type NotificationsRef } from '#client/actors/notify.ts'
import { type printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import { createUploadActors } from '#client/actors/upload.actors.ts'
import { type UploadActor } from './app-actors.tsx'
import { type ConfigureActor, type ConfigureSession, createConfigureSession } from './configure-session.ts'
import { createSlot, type Slot } from './slot.ts'

type OrderProcessActor = ActorRefFrom<typeof orderProcessMachine>
type CartActor = ActorRefFrom<typeof cartMachine>

/**
 * `cart.add` answers through actions (`notifyItemsAdded` / `notifyAddToCartFailure` with the request id): this turns
 * them back into a promise for the configure machine's `addToCart`.
 */
export function createCartRequests() {
  const pending = new Map<string, { resolve: (ids: string[]) => void; reject: (error: unknown) => void }>()
  let sequence = 0
  return {
    /** The cart's `notifyItemsAdded`. */
    itemsAdded(requestId: string | null, createdItemIds: string[]) {
      const request = requestId === null ? undefined : pending.get(requestId)
      if (!request || requestId === null) return
      pending.delete(requestId)
      request.resolve(createdItemIds)
    },
    /** The cart's `notifyAddToCartFailure`; false when nobody waits for this request. */
    addFailed(requestId: string | null): boolean {
      const request = requestId === null ? undefined : pending.get(requestId)
      if (!request || requestId === null) return false
      pending.delete(requestId)
      request.reject(new ApiRequestError(ErrorCode.Internal, null, 'the item could not be added to the cart'))
      return true
    },
    /** Sends `cart.add` and resolves with the new item's id. */
    add(cart: CartActor, item: CartItemInput, signal: AbortSignal): Promise<string> {
      const requestId = `add-${++sequence}`
      const event = { type: 'cart.add' as const, items: [item], requestId }
      if (!cart.getSnapshot().can(event)) {
        // The cart could not be loaded: try again for the next attempt.
        cart.send({ type: 'cart.retry' })
        return Promise.reject(
          new ApiRequestError(ErrorCode.ServiceUnavailable, null, 'the cart is not available'),
        )
      }
      return new Promise<string[]>((resolve, reject) => {
        pending.set(requestId, { resolve, reject })
        signal.addEventListener(
          'abort',
          () => {
            if (pending.delete(requestId)) reject(abortError())
          },
          { once: true },
        )
        cart.send(event)
      }).then(([id]) => {
        if (id === undefined) throw new ApiRequestError(ErrorCode.Internal, null, 'the cart created no item')
        return id
      })
    },
  }
}
export type CartRequests = ReturnType<typeof createCartRequests>

export type OrderFlowDeps = {
  api: ApiClient
  notifications: NotificationsRef
  orderProcess: OrderProcessActor
  cart: CartActor
  cartRequests: CartRequests
  printModes: ActorRefFrom<typeof printModesMachine>
  uploadInput: UploadInput
  pricingInput: { debounceMs: number; loadingFlagClearMs: number }
  /** Clicks the visible file input. */
  openFilePicker: () => void
  /** The configure view is on the home page: go there (keeps the scroll position). */
  showConfigure: () => void
  /** After "add to cart": the cart page. */
  showCart: () => void
  inspect?: Observer<InspectionEvent> | undefined
  snapshots?: {
    upload?: Snapshot<unknown> | undefined
    configuration?:
      | {
          file: AnalysisFile
          configure?: Snapshot<unknown> | undefined
          pricing?: Snapshot<unknown> | undefined
        }
      | undefined
  }
}

export type OrderFlow = {
  upload: Slot<UploadActor>
  configuration: Slot<ConfigureSession | null>
  stop(): void
}

/** An upload that has started (or is about to open the picker): the order process should be in its upload step. */
const isUploadUnderway = (snapshot: SnapshotFrom<typeof uploadMachine>) =>
  snapshot.hasTag('busy') || snapshot.matches('openingPicker')

/** The configure sub-step a configure snapshot shows (0 basics, 1 materials, 2 finishes). */
const subStepOf = (snapshot: SnapshotFrom<ConfigureActor>): 0 | 1 | 2 =>
  snapshot.hasTag('step-finishes') ? 2 : snapshot.hasTag('step-materials') ? 1 : 0

/**
 * The order flow (spec part 1 §4): an upload that starts puts the order process into its upload step; a finished
 * upload starts a configure session and the configure step; the configure sub-steps follow the configure machine;
 * "add to cart" moves the item into the cart and shows the cart; leaving the configure step ends the session; going
 * back to no order aborts a running upload. The order process, upload, configure and cart machines know nothing of
 * each other: this is where they meet.
 */
export function createOrderFlow(deps: OrderFlowDeps): OrderFlow {
  const { orderProcess } = deps
  const inspect = deps.inspect ? { inspect: deps.inspect } : {}
  const configuration = createSlot<ConfigureSession | null>(null)

  const ensureUploadStep = () => {
    if (orderProcess.getSnapshot().can({ type: 'cart.addAnotherFile' }))
      orderProcess.send({ type: 'cart.addAnotherFile' })
    if (orderProcess.getSnapshot().can({ type: 'order.startUpload' }))
      orderProcess.send({ type: 'order.startUpload' })
  }

  const endSession = (session: ConfigureSession) => {
    if (configuration.get() === session) configuration.set(null)
    // Not from inside the actor's own subscriber.
    queueMicrotask(() => session.stop())
  }

  const startSession = (
    file: AnalysisFile,
    snapshots?: { configure?: Snapshot<unknown> | undefined; pricing?: Snapshot<unknown> | undefined },
  ) => {
    const previous = configuration.get()
    if (previous) endSession(previous)
    const session = createConfigureSession({
      file,
      api: deps.api,
      notifications: deps.notifications,
      printModes: deps.printModes,
      addCartItem: (item, signal) => deps.cartRequests.add(deps.cart, item, signal),
      uploadThumbnail: (itemId, image) =>
        deps.cart.send({ type: 'cart.uploadThumbnail', itemId, thumbnail: image }),
      pricingInput: deps.pricingInput,
      inspect: deps.inspect,
      snapshots,
    })
    let subStep = subStepOf(session.configure.getSnapshot())
    session.configure.subscribe((snapshot) => {
      const next = subStepOf(snapshot)
      if (subStep === 0 && next === 1) orderProcess.send({ type: 'configure.next' })
      if (subStep === 1 && next === 2) orderProcess.send({ type: 'configure.chooseFinishes' })
      if (subStep === 2 && next === 1) orderProcess.send({ type: 'configure.back' })
      subStep = next
      if (snapshot.status === 'done') {
        // The current item moved into the cart.
        orderProcess.send({ type: 'cart.itemAdded' })
        endSession(session)
        deps.showCart()
      }
    })
    configuration.set(session)
    return session
  }

  const createUpload = (snapshot?: Snapshot<unknown>): UploadActor => {
    const actor = createActor(
      createUploadActors({
        api: deps.api,
        notifications: deps.notifications,
        onUploadFailed: () => orderProcess.send({ type: 'upload.failed' }),
        openFilePicker: deps.openFilePicker,
      }),
      { input: deps.uploadInput, ...inspect, ...(snapshot ? { snapshot } : {}) },
    )
    let underway = isUploadUnderway(actor.getSnapshot())
    actor.subscribe((next) => {
      const nowUnderway = isUploadUnderway(next)
      if (nowUnderway && !underway) ensureUploadStep()
      underway = nowUnderway
      if (next.status === 'done' && upload.get() === actor) {
        const { file } = next.output
        ensureUploadStep()
        orderProcess.send({ type: 'upload.succeeded', objectId: file._id })
        startSession(file)
        // The next upload gets a fresh actor; this one has finished.
        upload.set(createUpload())
        deps.showConfigure()
      }
    })
    actor.start()
    return actor
  }

  const upload = createSlot<UploadActor>(createUpload(deps.snapshots?.upload))
  const restored = deps.snapshots?.configuration
  if (restored) startSession(restored.file, restored)

  const orderSubscription = orderProcess.subscribe((snapshot) => {
    // The sub-step resets when the configure view is left (spec part 1 §4): so does the configuration.
    const session = configuration.get()
    if (session && !snapshot.matches('configureModel')) endSession(session)
    // The logo, a failed upload or closing the upload: nothing may keep uploading.
    const current = upload.get()
    if (snapshot.matches('noOrderOngoing') && isUploadUnderway(current.getSnapshot())) {
      current.send({ type: 'upload.abort' })
    }
  })

  return {
    upload,
    configuration,
    stop() {
      orderSubscription.unsubscribe()
      upload.get().stop()
      configuration.get()?.stop()
      configuration.set(null)
    },
  }
}
