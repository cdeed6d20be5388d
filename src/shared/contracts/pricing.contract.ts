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

export const PricingBatchResponseSchema = z.object({
  /** One entry per requested configuration, in request order. */
  prices: z.array(ConfigurationPriceSchema),
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

export const PRICING_BATCH_PATH = '/api/pricing/batch-calculations'
