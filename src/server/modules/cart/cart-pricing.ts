import type { Locale, UnitOfLength } from '#shared/domain/limits.ts'
import type { PricingBatchRequest, PricedConfigurations } from '#shared/contracts/pricing.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'

/**
 * What the cart needs of pricing and the catalogue, as an interface of its own: the cart module never reads the
 * pricing or catalogue tables. app.ts wires it to the pricing service (the same computation as
 * `POST /api/pricing/batch-calculations`), the catalogue service and the catalogue cache's revision.
 */

/** One cart item's configuration as pricing needs it (the unit is the one the item was configured in). */
export interface CartPricingInput {
  objectId: string
  scale: number
  unit: UnitOfLength
  quantity: number
  printModeId: string
  /** Null: the print mode's default (its first finish, or the colour's first finish). */
  surfaceFinishId: string | null
  /** Null: the finish's first colour. */
  colorId: string | null
}

/** The server's price of one configuration, integer cents. */
export interface CartItemPrice {
  /** The finish and colour priced (the defaults when the input named none). */
  surfaceFinishId: string | null
  colorId: string | null
  unitNetCents: number
  unitTaxCents: number
  lineNetCents: number
  lineTaxCents: number
  taxRatePercent: number
  printable: boolean
  tooLarge: boolean
  tooSmall: boolean
  productionTimeDays: number
  sheetVersion: string
}

export interface CartPricing {
  /**
   * A number that moves whenever anything a price depends on may have changed (price sheets, spreadsheet
   * variables, print-mode limits, archiving). A snapshot priced at another revision is priced again.
   */
  revision(): Promise<number>
  /**
   * Prices one configuration for the white label. Throws AppError: not_found for an unknown 3D object or print
   * mode, validation_failed (issues with paths relative to the item: `['surfaceFinishId']`, `['printModeColorId']`)
   * for a finish or colour that is unknown or not offered together, pricing_failed when the sheet cannot price it.
   */
  priceItem(whiteLabelId: string, input: CartPricingInput): Promise<CartItemPrice>
  /** The print mode as the catalogue shows it in `locale`, or undefined when the white label does not offer it. */
  printMode(whiteLabelId: string, locale: Locale, printModeId: string): Promise<PrintMode | undefined>
}

export interface CartPricingSources {
  /** The pricing service's batch computation (pricing.service.ts `priceBatch`). */
  priceBatch(whiteLabelId: string, request: PricingBatchRequest): Promise<PricedConfigurations>
  /** The catalogue service's print modes (catalogue.service.ts `getPrintModes`; memoised per snapshot). */
  getPrintModes(whiteLabelId: string, locale: Locale): Promise<{ printModes: PrintMode[] }>
  /** The catalogue cache's current revision. */
  catalogueRevision(): Promise<number>
}

/** Issue paths of the batch (`['params', 0, field]`) become paths inside the item (`[field]`). */
function relativeToItem(error: AppError): AppError {
  const { param: _param, ...details } = error.details ?? {}
  return new AppError(error.code, error.message, {
    ...(error.issues === undefined
      ? {}
      : {
          issues: error.issues.map((issue) =>
            issue.path[0] === 'params' ? { ...issue, path: issue.path.slice(2) } : issue,
          ),
        }),
    ...(error.details === undefined ? {} : { details }),
  })
}

export function createCartPricing(sources: CartPricingSources): CartPricing {
  return {
    revision: () => sources.catalogueRevision(),

    async priceItem(whiteLabelId, input) {
      let answer: PricedConfigurations
      try {
        answer = await sources.priceBatch(whiteLabelId, {
          objectId: input.objectId,
          objectScale: input.scale,
          objectUnitLength: input.unit,
          objectQuantity: input.quantity,
          params: [
            {
              printModeId: input.printModeId,
              ...(input.surfaceFinishId === null ? {} : { surfaceFinishId: input.surfaceFinishId }),
              ...(input.colorId === null ? {} : { printModeColorId: input.colorId }),
            },
          ],
        })
      } catch (error) {
        if (error instanceof AppError) throw relativeToItem(error)
        throw error
      }
      const price = answer.prices[0]
      if (price === undefined) throw new AppError(ErrorCode.Internal, 'Pricing answered without a price')
      return {
        surfaceFinishId: price.surfaceFinishId,
        colorId: price.printModeColorId,
        unitNetCents: price.price.netPrice,
        unitTaxCents: price.price.tax,
        lineNetCents: price.linePrice.netPrice,
        lineTaxCents: price.linePrice.tax,
        taxRatePercent: price.price.taxRate,
        printable: price.printable,
        tooLarge: price.tooLarge,
        tooSmall: price.tooSmall,
        productionTimeDays: price.productionTimeDays,
        sheetVersion: price.sheetVersion,
      }
    },

    async printMode(whiteLabelId, locale, printModeId) {
      const { printModes } = await sources.getPrintModes(whiteLabelId, locale)
      return printModes.find((mode) => mode.id === printModeId)
    },
  }
}
