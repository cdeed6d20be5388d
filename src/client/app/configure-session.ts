import { type ActorRefFrom, createActor, type InspectionEvent, type Observer, type Snapshot } from 'xstate'
import {
  type Configuration,
  type configureMachine,
  type PricingSelection,
  pricingSelectionOf,
} from '#machines/configure/configure.machine.ts'
import { type pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { type AnalysisFile, AnalysisFileSchema } from '#shared/contracts/analysis.contract.ts'
import { type CartItemInput } from '#shared/contracts/cart.contract.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { type ApiClient, ApiRequestError } from '#client/actors/api-client.ts'
import { analysisAssetUrl, apiPaths } from '#client/actors/api-paths.ts'
import { createConfigureActors } from '#client/actors/configure.actors.ts'
import { type NotificationsRef } from '#client/actors/notify.ts'
import { createPricingActors } from '#client/actors/pricing.actors.ts'
import { type printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import { pricingRequestOf } from './pricing-request.ts'

export type ConfigureActor = ActorRefFrom<typeof configureMachine>
export type PricingActor = ActorRefFrom<typeof pricingMachine>

/** Takes a PNG of the 3D preview as it is now; null when it cannot. */
export type PreviewCapture = () => Promise<Blob | null>

/**
 * The preview image of the current item (spec part 1 §4 "Preview image"): the 3D view stores one whenever the model
 * or its colour changes, and "add to cart" takes a fresh one for the cart item.
 */
export type PreviewStore = {
  latest(): Blob | null
  store(image: Blob): void
  /** The mounted 3D view registers how to take a picture (null when it unmounts). */
  setCapture(capture: PreviewCapture | null): void
  /** A fresh picture while the 3D view shows, else the last stored one. */
  take(): Promise<Blob | null>
}

export function createPreviewStore(): PreviewStore {
  let latest: Blob | null = null
  let capture: PreviewCapture | null = null
  return {
    latest: () => latest,
    store(image) {
      latest = image
    },
    setCapture(next) {
      capture = next
    },
    async take() {
      const fresh = capture ? await capture().catch(() => null) : null
      if (fresh) latest = fresh
      return latest
    },
  }
}

/** One uploaded file being configured: its configure and pricing actors and its preview image. */
export type ConfigureSession = {
  /** Unique per session (a key for views). */
  id: number
  /** The file as uploaded (the configure context has the saved one). */
  file: AnalysisFile
  configure: ConfigureActor
  pricing: PricingActor
  preview: PreviewStore
  /** The (repaired) model as 3MF for the 3D preview: `GET /api/analytx{files['3mf']}`. */
  loadModel: (signal: AbortSignal) => Promise<ArrayBuffer>
  stop(): void
}

export type ConfigureSessionDeps = {
  file: AnalysisFile
  api: ApiClient
  notifications: NotificationsRef
  printModes: ActorRefFrom<typeof printModesMachine>
  /** Adds the item to the cart; resolves with the new cart item's id. */
  addCartItem: (item: CartItemInput, signal: AbortSignal) => Promise<string>
  /** Uploads the preview image of a cart item (`cart.uploadThumbnail`). */
  uploadThumbnail: (itemId: string, image: Blob) => void
  pricingInput: { debounceMs: number; loadingFlagClearMs: number }
  inspect?: Observer<InspectionEvent> | undefined
  /** Start in a given state (stories and tests). */
  snapshots?:
    { configure?: Snapshot<unknown> | undefined; pricing?: Snapshot<unknown> | undefined } | undefined
}

let nextSessionId = 1

/** What the cart gets for a configuration (never a price: the server prices it). */
export function cartItemInputOf(configuration: Configuration): CartItemInput {
  if (configuration.printModeId === null) {
    throw new ApiRequestError(ErrorCode.ValidationFailed, null, 'no print mode chosen')
  }
  return {
    objectId: configuration.objectId,
    quantity: configuration.quantity,
    scale: configuration.scale,
    printModeId: configuration.printModeId,
    surfaceFinishId: configuration.surfaceFinishId,
    printModeColorId: configuration.colorId,
    acknowledgedRepairInfo: configuration.acknowledgedRepairInfo,
  }
}

/**
 * Creates and starts the actors of one configuration: every priced change becomes a batch request for the pricing
 * actor (or a clear while the scale field is empty); the pricing verdict goes back to the configure actor; "add to
 * cart" saves a changed unit, adds the item through the cart and uploads its preview image.
 */
export function createConfigureSession(deps: ConfigureSessionDeps): ConfigureSession {
  const { api, file } = deps
  const preview = createPreviewStore()
  const inspect = deps.inspect ? { inspect: deps.inspect } : {}
  let persistedUnit = file.givenUnitOfLength
  let lastSelection: PricingSelection | null = null
  // Set right below; the pricing actor only reports after the configure actor exists.
  const late: { configure?: ConfigureActor } = {}

  const pricing: PricingActor = createActor(
    createPricingActors({
      api,
      // Without a chosen print mode params[0] is only the first mode's default: nothing to add to the cart yet.
      onPriceChange: (change) =>
        late.configure?.send({
          type: 'pricing.updated',
          printable: lastSelection?.printModeId != null && change.printable,
        }),
    }),
    {
      input: deps.pricingInput,
      ...inspect,
      ...(deps.snapshots?.pricing ? { snapshot: deps.snapshots.pricing } : {}),
    },
  )

  const reprice = () => {
    const request =
      lastSelection && pricingRequestOf(lastSelection, deps.printModes.getSnapshot().context.printModes)
    pricing.send(request ? { type: 'pricing.invalidate', request } : { type: 'pricing.clear' })
  }

  const addToCart = async (configuration: Configuration, signal: AbortSignal) => {
    const item = cartItemInputOf(configuration)
    const image = preview.take()
    // The unit can change after step 0 saved the file: the server prices the cart item in the file's unit.
    if (configuration.unit !== persistedUnit) {
      const saved = await api.patch(
        apiPaths.file(configuration.objectId),
        { givenUnitOfLength: configuration.unit },
        AnalysisFileSchema,
        { signal },
      )
      persistedUnit = saved.givenUnitOfLength
    }
    const cartItemId = await deps.addCartItem(item, signal)
    void image.then((png) => {
      if (png) deps.uploadThumbnail(cartItemId, png)
    })
    return { cartItemId }
  }

  const started: ConfigureActor = createActor(
    createConfigureActors({
      api,
      notifications: deps.notifications,
      invalidatePrices: (selection) => {
        lastSelection = selection
        reprice()
      },
      onFilePersisted: (saved) => {
        persistedUnit = saved.givenUnitOfLength
      },
      addToCart,
    }),
    {
      input: { file },
      ...inspect,
      ...(deps.snapshots?.configure ? { snapshot: deps.snapshots.configure } : {}),
    },
  )
  late.configure = started

  pricing.start()
  started.start()
  // A restored configuration already has a selection; a fresh one gets it with its first priced change.
  if (deps.snapshots?.configure && !started.getSnapshot().hasTag('step-basics')) {
    lastSelection = pricingSelectionOf(started.getSnapshot().context)
  }

  // The catalogue decides what is priced: price again once it (re)loads.
  let catalogueReady = deps.printModes.getSnapshot().matches('ready')
  const catalogue = deps.printModes.subscribe((snapshot) => {
    const ready = snapshot.matches('ready')
    if (ready && !catalogueReady && lastSelection) reprice()
    catalogueReady = ready
  })

  return {
    id: nextSessionId++,
    file,
    configure: started,
    pricing,
    preview,
    loadModel: (signal) => api.binary(analysisAssetUrl(file.files['3mf']), { signal }),
    stop() {
      catalogue.unsubscribe()
      preview.setCapture(null)
      started.stop()
      pricing.stop()
    },
  }
}
