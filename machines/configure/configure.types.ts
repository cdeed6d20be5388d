import type { AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { CartItemInput } from '#shared/contracts/cart.contract.ts'
import type { NotificationMessage } from '#machines/notifications/notification-messages.ts'
import type { PricingSelection } from '#machines/pricing/pricing-request.ts'

export type Input = {
  /** The analysed 3D file (the upload machine's output). */
  file: AnalysisFile
}

export type Axis = 'x' | 'y' | 'z'

/** Why a quantity was refused (part 1 §5: whole number, at least 1); the same reasons as `assertQuantity`. */
export type QuantityError = 'not_integer' | 'below_minimum'

/** Why a typed scale was refused (part 1 §5: at least SCALE_FIELD.min; negative, tiny or not a number). */
export type ScaleError = 'below_minimum'

export type ConfigureError = Extract<NotificationMessage, 'configure-failure' | 'add-to-cart-failure'>

export type Context = {
  file: AnalysisFile
  /** The object name as typed; trimmed when saved. */
  name: string
  unit: UnitOfLength
  /** 0 while the scale field is empty (the printability message is hidden then). */
  scale: number
  quantity: number
  printModeId: string | null
  surfaceFinishId: string | null
  colorId: string | null
  /** True when the file has no repair info; otherwise false until the user ticks the repair agreement. */
  acknowledgedRepairInfo: boolean
  /** The current item, once step 0 created it. */
  cartItemId: string | null
  addingPending: boolean
  /** The unit the server has for the file (saved by step 0 or by add to cart). */
  savedUnit: UnitOfLength
  /** The `requestId` of the `cart.add` waiting for the cart's answer; null when none waits. */
  addRequestId: string | null
  /** Counts add-to-cart requests (their ids). */
  addRequests: number
  /** From the pricing machine (`pricing.updated`); false while prices are being calculated. */
  printable: boolean
  error: ConfigureError | null
  quantityError: QuantityError | null
  /** The scale field holds a refused value: nothing is priced or added until it is fixed (issue 14, item 5). */
  scaleError: ScaleError | null
  /** "Was this drawn in inches?": the unit to suggest, or null. */
  unitSuggestion: UnitOfLength | null
  unitSuggestionDismissed: boolean
  /**
   * The background read of a file still being analysed failed (decision 0124 §2): its wall thickness and pictures
   * stay pending until "next" asks for the complete file again.
   */
  analysisWatchFailed: boolean
}

export type { PricingSelection }

/** The configuration the actors persist and add to the cart. */
export type Configuration = {
  objectId: string
  cartItemId: string | null
  name: string
  unit: UnitOfLength
  scale: number
  quantity: number
  printModeId: string | null
  surfaceFinishId: string | null
  colorId: string | null
  acknowledgedRepairInfo: boolean
}

export type Output = { cartItemId: string; configuration: Configuration }

export type Event =
  | { type: 'configure.setName'; name: string }
  | { type: 'configure.setUnit'; unit: UnitOfLength }
  | { type: 'configure.toggleRepairAgreement' }
  | { type: 'configure.acceptUnitSuggestion' }
  | { type: 'configure.dismissUnitSuggestion' }
  | { type: 'configure.next' }
  /** The scale field (null when empty, which counts as 0) or the slider. */
  | { type: 'configure.setScale'; scale: number | null }
  /** A size field in the file's unit (null when empty): the scale becomes value ÷ analysed dimension. */
  | { type: 'configure.setDimension'; axis: Axis; value: number | null }
  /** The print mode's first finish and first colour become the selection (null when it has none). */
  | {
      type: 'configure.selectPrintMode'
      printModeId: string
      firstFinishId: string | null
      firstColorId: string | null
    }
  /** Choosing a finish selects its first colour. */
  | { type: 'configure.selectFinish'; finishId: string; firstColorId: string | null }
  /** `colorFinishIds`: the finishes the colour is offered in (its `surfaceFinishes`). */
  | { type: 'configure.selectColor'; colorId: string; colorFinishIds: readonly string[] }
  | { type: 'configure.setQuantity'; quantity: number }
  | { type: 'configure.chooseFinishes' }
  | { type: 'configure.back' }
  | { type: 'configure.addToCart' }
  | { type: 'pricing.updated'; printable: boolean }
  /** The cart's answer to this machine's `cart.add` (docs/decisions/0080). */
  | { type: 'cart.itemsAdded'; requestId: string | null; createdItemIds: string[] }
  | { type: 'cart.addFailed'; requestId: string | null }

/** The cart's `cart.add` as this machine sends it (the cart machine's event; machines do not import each other). */
export type CartAddRequest = { type: 'cart.add'; items: CartItemInput[]; requestId: string; replyTo: string }

/** What the configure machine tells the order flow (its parent). */
export type ConfigureReport =
  | { type: 'configure.selectionChanged'; selection: PricingSelection | null }
  | { type: 'configure.stepChanged'; step: 0 | 1 | 2 }

export const CONFIGURE_TAGS = [
  'step-basics',
  'analysis-pending',
  'step-materials',
  'step-finishes',
  'busy',
  'adding',
  'added',
] as const
export type ConfigureTag = (typeof CONFIGURE_TAGS)[number]
