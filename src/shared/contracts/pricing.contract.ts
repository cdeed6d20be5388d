import { z } from 'zod'
import { MIN_QUANTITY } from '#shared/domain/limits.ts'
import { UnitOfLengthSchema } from '#shared/contracts/analysis.contract.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'

/**
 * Prices per configuration (spec part 1 §3 Colour pricing and printability info, §4 price recalculation, §7
 * `POST /pricing/batch-calculations`). The server prices from its own analysis record and the versioned price sheet;
 * the request names a configuration and never carries a price. Money is integer euro cents.
 */

/** The most configurations one batch may price (every colour × finish of a few print modes). */
export const PRICING_BATCH_MAX_PARAMS = 200

const cents = z.number().int()
const nonNegativeCents = cents.min(0)

// ---------------------------------------------------------------------------------------------------------------
// Request

/** One configuration to price. Without a finish or colour the print mode's first one is priced. */
export const PricingParamSchema = z.strictObject({
  printModeId: IdSchema,
  surfaceFinishId: IdSchema.optional(),
  printModeColorId: IdSchema.optional(),
  /** The colour as the legacy client named it (hex or name); informational, the id decides. */
  printModeColor: z.string().max(100).optional(),
})
export type PricingParam = z.infer<typeof PricingParamSchema>

/**
 * The batch request. `params[0]` is the user's current selection: `printabilityForSelected` describes it. Strict:
 * unknown fields (a `price`, a `netPrice`) are rejected with validation_failed.
 */
export const PricingBatchRequestSchema = z.strictObject({
  objectId: IdSchema,
  /** The user's scale; z.number() refuses NaN and ±Infinity. */
  objectScale: z.number().positive(),
  objectUnitLength: UnitOfLengthSchema,
  objectQuantity: z.number().int().min(MIN_QUANTITY),
  params: z.array(PricingParamSchema).min(1).max(PRICING_BATCH_MAX_PARAMS),
})
export type PricingBatchRequest = z.infer<typeof PricingBatchRequestSchema>

// ---------------------------------------------------------------------------------------------------------------
// Response

/** A price for one piece, with the tax rate it was taxed at (percent). */
export const UnitPriceSchema = z.object({
  netPrice: nonNegativeCents,
  totalPrice: nonNegativeCents,
  tax: nonNegativeCents,
  taxRate: z.number().min(0).max(100),
})
export type UnitPrice = z.infer<typeof UnitPriceSchema>

/** A price for the whole line (unit price × quantity, taxed per line). */
export const LinePriceSchema = z.object({
  netPrice: nonNegativeCents,
  totalPrice: nonNegativeCents,
  tax: nonNegativeCents,
})
export type LinePrice = z.infer<typeof LinePriceSchema>

/**
 * One priced configuration. The field names match the spec's Colour pricing (`price.netPrice`/`price.totalPrice`,
 * `printable`, `tooLarge`, `tooSmall`, `productionTimeDays`), so a colour's `pricing` is one of these.
 */
export const ConfigurationPriceSchema = z.object({
  printModeId: IdSchema,
  /** The finish and colour actually priced (the first ones when the request named none); null if the mode has none. */
  surfaceFinishId: IdSchema.nullable(),
  printModeColorId: IdSchema.nullable(),
  price: UnitPriceSchema,
  linePrice: LinePriceSchema,
  /** Can be ordered in this print mode: the mesh is printable, it fits, is not too small, the mode accepts it. */
  printable: z.boolean(),
  tooLarge: z.boolean(),
  /** Smaller than the mode's minimum feature size as a whole: not printable, no price shown (decision 0102). */
  tooSmall: z.boolean(),
  /** A warning only: some walls thinner than the minimum feature size at this scale. */
  mightCauseProblems: z.boolean(),
  productionTimeDays: z.number().int().min(0),
  /** The price sheet version that computed it. */
  sheetVersion: z.string().min(1),
})
export type ConfigurationPrice = z.infer<typeof ConfigurationPriceSchema>

/**
 * What the configurations of one evaluation share: everything but their ids. Within one request the lines of a print
 * mode differ mostly in their colour and finish, and colours and finishes that share a price factor share one of
 * these (decision 0136).
 */
export const PricedResultSchema = ConfigurationPriceSchema.omit({
  printModeId: true,
  surfaceFinishId: true,
  printModeColorId: true,
})
export type PricedResult = z.infer<typeof PricedResultSchema>

/** The finish and colour the server priced for a param that left one of them out (the print mode's defaults). */
export const FilledInParamSchema = z.object({
  /** The param's index in the request. */
  param: z.number().int().min(0),
  surfaceFinishId: IdSchema.nullable(),
  printModeColorId: IdSchema.nullable(),
})
export type FilledInParam = z.infer<typeof FilledInParamSchema>

/** An object's fields as columns: every field that is not an object becomes an array of its values. */
type ColumnsOf<T> = { [K in keyof T]: T[K] extends object ? ColumnsOf<T[K]> : T[K][] }

/**
 * The distinct results in columns (decision 0149): each field of {@link PricedResult}, at the same path, holds one
 * value per result, so `columns.price.netPrice[i]` is result `i`'s `price.netPrice`. Each field is named once per
 * answer instead of once per result: the bench's first answer shrinks from 2.7 to 1.2 kB, and `JSON.stringify` of
 * it from 14.5 to 7 µs (issue 18). `resultsOf` turns the columns back into results.
 */
const unit = UnitPriceSchema.shape
const line = LinePriceSchema.shape
const result = PricedResultSchema.shape
// Each column takes its field's own schema, so a value is checked by the same rule as in a result.
export const PricedResultColumnsSchema = z.object({
  price: z.object({
    netPrice: z.array(unit.netPrice),
    totalPrice: z.array(unit.totalPrice),
    tax: z.array(unit.tax),
    taxRate: z.array(unit.taxRate),
  }),
  linePrice: z.object({
    netPrice: z.array(line.netPrice),
    totalPrice: z.array(line.totalPrice),
    tax: z.array(line.tax),
  }),
  printable: z.array(result.printable),
  tooLarge: z.array(result.tooLarge),
  tooSmall: z.array(result.tooSmall),
  mightCauseProblems: z.array(result.mightCauseProblems),
  productionTimeDays: z.array(result.productionTimeDays),
  sheetVersion: z.array(result.sheetVersion),
  // A field added to the results and missing here fails to compile.
}) satisfies z.ZodType<ColumnsOf<PricedResult>>
export type PricedResultColumns = z.infer<typeof PricedResultColumnsSchema>

/** The results in columns, in order: what the server sends. */
export function resultColumnsOf(results: readonly PricedResult[]): PricedResultColumns {
  const columns: PricedResultColumns = {
    price: { netPrice: [], totalPrice: [], tax: [], taxRate: [] },
    linePrice: { netPrice: [], totalPrice: [], tax: [] },
    printable: [],
    tooLarge: [],
    tooSmall: [],
    mightCauseProblems: [],
    productionTimeDays: [],
    sheetVersion: [],
  }
  for (const result of results) {
    columns.price.netPrice.push(result.price.netPrice)
    columns.price.totalPrice.push(result.price.totalPrice)
    columns.price.tax.push(result.price.tax)
    columns.price.taxRate.push(result.price.taxRate)
    columns.linePrice.netPrice.push(result.linePrice.netPrice)
    columns.linePrice.totalPrice.push(result.linePrice.totalPrice)
    columns.linePrice.tax.push(result.linePrice.tax)
    columns.printable.push(result.printable)
    columns.tooLarge.push(result.tooLarge)
    columns.tooSmall.push(result.tooSmall)
    columns.mightCauseProblems.push(result.mightCauseProblems)
    columns.productionTimeDays.push(result.productionTimeDays)
    columns.sheetVersion.push(result.sheetVersion)
  }
  return columns
}

/** Every column's length: the answer holds as many results as all of them agree on. */
function columnLengths(columns: PricedResultColumns): number[] {
  const { price, linePrice } = columns
  return [
    price.netPrice,
    price.totalPrice,
    price.tax,
    price.taxRate,
    linePrice.netPrice,
    linePrice.totalPrice,
    linePrice.tax,
    columns.printable,
    columns.tooLarge,
    columns.tooSmall,
    columns.mightCauseProblems,
    columns.productionTimeDays,
    columns.sheetVersion,
  ].map((values) => values.length)
}

/** The results the columns hold, in order. Throws when the columns differ in length (an answer cut short). */
export function resultsOf(columns: PricedResultColumns): PricedResult[] {
  const lengths = columnLengths(columns)
  const count = lengths[0]!
  if (lengths.some((length) => length !== count))
    throw new Error('the pricing answer’s result columns differ in length')
  const { price, linePrice } = columns
  return Array.from({ length: count }, (_, index) => ({
    price: {
      netPrice: price.netPrice[index]!,
      totalPrice: price.totalPrice[index]!,
      tax: price.tax[index]!,
      taxRate: price.taxRate[index]!,
    },
    linePrice: {
      netPrice: linePrice.netPrice[index]!,
      totalPrice: linePrice.totalPrice[index]!,
      tax: linePrice.tax[index]!,
    },
    printable: columns.printable[index]!,
    tooLarge: columns.tooLarge[index]!,
    tooSmall: columns.tooSmall[index]!,
    mightCauseProblems: columns.mightCauseProblems[index]!,
    productionTimeDays: columns.productionTimeDays[index]!,
    sheetVersion: columns.sheetVersion[index]!,
  }))
}

/**
 * The answer on the wire (decisions 0136, 0149): each distinct result once, in columns, and per requested
 * configuration, in request order, the index of its result. The ids are those of the request, so they are not
 * repeated; only where the request left a finish or colour out does the answer name what was priced (`filledIn`).
 * `pricedConfigurationsOf` turns it back into one {@link ConfigurationPrice} per configuration.
 */
export const PricingBatchResponseSchema = z.object({
  results: PricedResultColumnsSchema,
  /** `resultOf[i]` is the index in the results of `params[i]`'s result; one entry per requested configuration. */
  resultOf: z.array(z.number().int().min(0)),
  /** Only the params that named no finish or no colour, in request order. */
  filledIn: z.array(FilledInParamSchema),
  /** The selection (`params[0]`); `price` is its line price, null when it cannot be ordered (placeholder shown). */
  printabilityForSelected: z.object({
    printable: z.boolean(),
    tooLarge: z.boolean(),
    tooSmall: z.boolean(),
    price: LinePriceSchema.nullable(),
  }),
  /** Too large only if it fits no print mode offered. */
  printabilityForAll: z.object({ tooLarge: z.boolean() }),
})
export type PricingBatchResponse = z.infer<typeof PricingBatchResponseSchema>

/** The answer with one line per requested configuration: what the client's views and the cart work with. */
export interface PricedConfigurations {
  /** One entry per requested configuration, in request order. */
  prices: ConfigurationPrice[]
  printabilityForSelected: PricingBatchResponse['printabilityForSelected']
  printabilityForAll: PricingBatchResponse['printabilityForAll']
}

/**
 * One line per requested configuration: its ids (from the request, or `filledIn`) and its result. Throws when the
 * answer does not fit the request (another number of lines, a result that does not exist, columns of unequal length).
 */
export function pricedConfigurationsOf(
  request: Pick<PricingBatchRequest, 'params'>,
  response: PricingBatchResponse,
): PricedConfigurations {
  const { params } = request
  if (response.resultOf.length !== params.length)
    throw new Error('the pricing answer does not have one result per configuration')
  const results = resultsOf(response.results)
  const filled = new Map(response.filledIn.map((entry) => [entry.param, entry]))
  const prices = params.map((param, index): ConfigurationPrice => {
    const result = results[response.resultOf[index]!]
    if (result === undefined) throw new Error('the pricing answer names a result it does not hold')
    const ids = filled.get(index)
    return {
      printModeId: param.printModeId,
      surfaceFinishId: ids === undefined ? (param.surfaceFinishId ?? null) : ids.surfaceFinishId,
      printModeColorId: ids === undefined ? (param.printModeColorId ?? null) : ids.printModeColorId,
      ...result,
    }
  })
  return {
    prices,
    printabilityForSelected: response.printabilityForSelected,
    printabilityForAll: response.printabilityForAll,
  }
}

export const PRICING_BATCH_PATH = '/api/pricing/batch-calculations'
