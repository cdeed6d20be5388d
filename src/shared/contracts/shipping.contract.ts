import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'

/**
 * Shipping countries and methods (spec part 2 §3 "Shipping country", §7 `GET /shipping/countries`). Country names
 * arrive in the language of the language header; method names are the canonical German ones, because free shipping
 * is tied to the name 'Standard-Versand' (FREE_SHIPPING_METHOD_NAME).
 */
export const SHIPPING_COUNTRIES_PATH = '/api/shipping/countries'

export const ShippingMethodSchema = z.object({
  shippingMethodId: IdSchema,
  shippingMethod: z.string().min(1),
  priceCents: z.number().int().min(0),
  /** Business days. */
  shippingTimeDays: z.number().int().min(0),
})
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>

export const ShippingCountrySchema = z.object({
  _id: IdSchema,
  country: z.string().min(1),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  isEU: z.boolean(),
  /** The country's standard VAT rate in percent; whether it applies is decided by the tax rules. */
  taxRate: z.number().min(0).max(100),
  /** A JavaScript regular expression (anchored) a postal code of this country must match. */
  postalCodeRegex: z.string().min(1),
  shippingMethods: z.array(ShippingMethodSchema),
})
export type ShippingCountry = z.infer<typeof ShippingCountrySchema>

export const GetShippingCountriesResponseSchema = z.object({
  shippingCountries: z.array(ShippingCountrySchema),
})
export type GetShippingCountriesResponse = z.infer<typeof GetShippingCountriesResponseSchema>
