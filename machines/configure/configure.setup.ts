import { assign, fromPromise, setup } from 'xstate'
import type { AnalysisFile, AnalysisFilePatch } from '#shared/contracts/analysis.contract.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'
import type { PricingSelection } from '#machines/pricing/pricing-request.ts'
import type {
  Axis,
  CartAddRequest,
  Configuration,
  ConfigureReport,
  ConfigureTag,
  Context,
  Event,
  Input,
  Output,
} from './configure.types.ts'
import {
  cartItemInputOf,
  isAcceptedScale,
  isValidEntry,
  quantityErrorOf,
  scaleForDimension,
  unitSuggestionFor,
} from './configure-context.ts'

/** The configure machine's actors (the client provides them), actions and guards; its states are in configure.machine.ts. */
export const configureSetup = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    output: {} as Output,
    tags: {} as ConfigureTag,
  },
  actors: {
    /** Client: `PATCH /api/analytx/file/{objectId}` with the trimmed name and the unit; answers the file. */
    persistFile: fromPromise<AnalysisFile, { objectId: string; patch: AnalysisFilePatch }>(async () => {
      throw new Error('configure: persistFile is not provided')
    }),
    /**
     * Client: the file once its analysis is complete (decision 0124 §2). A file measured while its wall thickness
     * and pictures are computed (`pending`) is read again (`GET /api/analytx/file/{id}`) until it is complete; a
     * complete one is the answer at once, without a request.
     */
    awaitAnalysis: fromPromise<AnalysisFile, { file: AnalysisFile }>(async ({ input }) => {
      if (input.file.pending !== true) return input.file
      throw new Error('configure: awaitAnalysis is not provided')
    }),
    /** Client: create the current cart item for the object (defaults scale 1, quantity 1). */
    createCartItem: fromPromise<{ cartItemId: string }, { configuration: Configuration }>(async () => {
      throw new Error('configure: createCartItem is not provided')
    }),
  },
  actions: {
    /** The order flow turns the selection into a batch request for the pricing actor (null: no scale). */
    invalidatePrices: ({ system }, params: { selection: PricingSelection | null }) => {
      const report: ConfigureReport = { type: 'configure.selectionChanged', selection: params.selection }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    /** The order flow moves the order process's sub-step along. */
    reportStep: ({ system }, params: { step: 0 | 1 | 2 }) => {
      const report: ConfigureReport = { type: 'configure.stepChanged', step: params.step }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    /** `cart.add` to the cart; it answers `cart.itemsAdded` / `cart.addFailed` with the request id. */
    requestAddToCart: ({ system }, params: { requestId: string; configuration: Configuration }) => {
      const request: CartAddRequest = {
        type: 'cart.add',
        items: [cartItemInputOf(params.configuration)],
        requestId: params.requestId,
        replyTo: SYSTEM_IDS.configure,
      }
      tell(system, SYSTEM_IDS.cart, request)
    },
    /** Client: take a picture of the 3D preview for the item being added (I/O). */
    capturePreview: () => {},
    /** Client: upload that picture as the new cart item's thumbnail (I/O). */
    uploadPreview: (_, _params: { cartItemId: string }) => {},
    /** Client: the configure-failure warning. */
    notifyConfigureFailure: () => {},
    /** Client: the add-to-cart-failure warning. */
    notifyAddToCartFailure: () => {},
    markAddFailed: assign({ error: 'add-to-cart-failure' as const }),
    /** Until the new prices come, the selection counts as not printable. */
    markRepricing: assign({ printable: false }),
    setUnit: assign(({ context }, params: { unit: UnitOfLength }) => ({
      unit: params.unit,
      unitSuggestion: unitSuggestionFor(context, params.unit),
    })),
  },
  guards: {
    /** The file is measured, its wall thickness and pictures still being computed (decision 0124 §2). */
    isAnalysisPending: ({ context }) => context.file.pending === true,
    hasRepairInfo: ({ context }) => context.file.repairInfo !== null,
    hasRepairAgreement: ({ context }) => context.acknowledgedRepairInfo,
    hasUnitSuggestion: ({ context }) => context.unitSuggestion !== null,
    isAcceptedScale: (_, params: { scale: number }) => isAcceptedScale(params.scale),
    isReachableDimension: ({ context }, params: { axis: Axis; value: number | null }) =>
      scaleForDimension(context.file, params.axis, params.value) !== null,
    isValidQuantity: (_, params: { quantity: number }) => quantityErrorOf(params.quantity) === null,
    /** The unit changed after step 0 saved the file: the server prices the cart item in the file's unit. */
    isUnitUnsaved: ({ context }) => context.unit !== context.savedUnit,
    /** The cart's answer to the request this machine waits for. */
    isAnswer: ({ context }, params: { requestId: string | null }) =>
      context.addRequestId !== null && params.requestId === context.addRequestId,
    /** The answer created the item (an answer without one counts as a failure). */
    isItemCreated: ({ context }, params: { requestId: string | null; createdItemIds: readonly string[] }) =>
      context.addRequestId !== null &&
      params.requestId === context.addRequestId &&
      params.createdItemIds.length > 0,
    hasPrintMode: ({ context }) => context.printModeId !== null,
    /** Part 1 §4: a colour supports the current finish, or has no finishes when none is chosen. */
    isColorSelectable: ({ context }, params: { colorFinishIds: readonly string[] }) =>
      context.surfaceFinishId === null
        ? params.colorFinishIds.length === 0
        : params.colorFinishIds.includes(context.surfaceFinishId),
    /** Part 1 §5: choose-finishes needs a printable selection and no pending add. */
    canChooseFinishes: ({ context }) => context.printable && !context.addingPending && isValidEntry(context),
    /** Part 1 §5: add to cart needs a printable selection, no pending add and the repair agreement. */
    canAddToCart: ({ context }) =>
      context.printable &&
      isValidEntry(context) &&
      !context.addingPending &&
      context.acknowledgedRepairInfo &&
      context.printModeId !== null,
  },
})
