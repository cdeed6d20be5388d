import { DEFAULT_LOCALE } from '#shared/domain/limits.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { atItem, invalid, type Path } from '#server/modules/cart/cart-errors.ts'
import { CART_MAX_QUANTITY } from '#server/modules/cart/cart-limits.ts'
import type { CartModelLookup } from '#server/modules/cart/cart-models.ts'
import type { CartItemPrice, CartPricing } from '#server/modules/cart/cart-pricing.ts'
import type { Wanted } from '#server/modules/cart/cart-wanted.ts'
import type { CartRow, ChosenProcessingStep, ItemConfiguration } from '#server/modules/cart/cart.repo.ts'

/**
 * Checking and pricing one item's configuration before it is written (docs/decisions/0060-cart-pricing.md): every
 * price is the server's, computed by the pricing service from the analysis record, never taken from the request.
 */

export interface Prepared {
  configuration: ItemConfiguration
  price: CartItemPrice
}

type StoredModel = Pick<ItemConfiguration, 'modelFileId' | 'modelName' | 'unit' | 'dimensions'>

export interface PrepareOptions {
  at: Path
  index: number
  /** The 3D file of an existing item as it was configured (kept unless the file changes). */
  stored?: StoredModel
  checkRepair: boolean
  /** False for a change of quantity only. */
  checkPrintable: boolean
}

function checkProcessingSteps(mode: PrintMode | undefined, steps: readonly ChosenProcessingStep[], at: Path) {
  const seen = new Set<string>()
  for (const [index, chosen] of steps.entries()) {
    const step = mode?.processingSteps.find((candidate) => candidate.id === chosen.stepId)
    if (step === undefined) {
      throw invalid(
        [...at, 'processingSteps', index, 'stepId'],
        'unknown_processing_step',
        'The print mode has no such processing step',
      )
    }
    if (seen.has(chosen.stepId)) {
      throw invalid(
        [...at, 'processingSteps', index, 'stepId'],
        'duplicate_processing_step',
        'A processing step may be chosen once per item',
      )
    }
    seen.add(chosen.stepId)
    if (!step.options.some((option) => option._id === chosen.optionId)) {
      throw invalid(
        [...at, 'processingSteps', index, 'optionId'],
        'unknown_processing_option',
        'The processing step has no such option',
      )
    }
  }
}

export function createCartItemPricing(deps: { pricing: CartPricing; models: CartModelLookup }) {
  const { pricing, models } = deps

  /** The 3D file the item is priced from: the stored one, or the wanted one after its repair check. */
  async function modelOf(wanted: Wanted, options: PrepareOptions): Promise<StoredModel> {
    if (options.stored !== undefined && !options.checkRepair) return options.stored
    const found = await models.findModel(wanted.objectId)
    if (found === undefined) {
      throw new AppError(ErrorCode.NotFound, 'Unknown 3D object', {
        details: { resource: 'object', id: wanted.objectId },
      })
    }
    if (found.repaired && !wanted.acknowledgedRepairInfo) {
      throw invalid(
        ['acknowledgedRepairInfo'],
        'repair_not_acknowledged',
        'The 3D file was repaired: the repair must be acknowledged',
      )
    }
    // An unchanged 3D file keeps the unit and name it was configured with.
    return options.stored !== undefined && options.stored.modelFileId === found.id
      ? options.stored
      : {
          modelFileId: found.id,
          modelName: found.name,
          unit: found.givenUnitOfLength,
          dimensions: found.dimensions,
        }
  }

  async function checkedPrice(cart: CartRow, wanted: Wanted, options: PrepareOptions): Promise<Prepared> {
    if (wanted.quantity > CART_MAX_QUANTITY) {
      throw invalid(['quantity'], 'too_big', `At most ${CART_MAX_QUANTITY} pieces per item`, {
        maximum: CART_MAX_QUANTITY,
      })
    }
    const model = await modelOf(wanted, options)
    const price = await pricing.priceItem(cart.white_label_id, {
      objectId: model.modelFileId,
      scale: wanted.scale,
      unit: model.unit,
      quantity: wanted.quantity,
      printModeId: wanted.printModeId,
      surfaceFinishId: wanted.surfaceFinishId,
      colorId: wanted.colorId,
    })
    // After pricing, which names an unknown print mode as such.
    if (wanted.processingSteps.length > 0) {
      const mode = await pricing.printMode(cart.white_label_id, DEFAULT_LOCALE, wanted.printModeId)
      checkProcessingSteps(mode, wanted.processingSteps, [])
    }
    if (options.checkPrintable && !price.printable) {
      throw invalid([], 'not_printable', 'This configuration cannot be printed', {
        tooLarge: price.tooLarge,
        tooSmall: price.tooSmall,
      })
    }
    const { quantity, scale, printModeId, acknowledgedRepairInfo, processingSteps } = wanted
    return {
      price,
      configuration: { ...model, quantity, scale, printModeId, acknowledgedRepairInfo, processingSteps },
    }
  }

  return {
    /** Checks and prices one configuration, outside any transaction; errors name the item's place in the request. */
    async prepare(cart: CartRow, wanted: Wanted, options: PrepareOptions): Promise<Prepared> {
      try {
        return await checkedPrice(cart, wanted, options)
      } catch (error) {
        if (error instanceof AppError) throw atItem(error, options.at, options.index)
        throw error
      }
    },
  }
}
export type CartItemPricing = ReturnType<typeof createCartItemPricing>
