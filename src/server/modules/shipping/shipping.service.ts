import type { Locale } from '#shared/domain/limits.ts'
import type { GetShippingCountriesResponse, ShippingMethod } from '#shared/contracts/shipping.contract.ts'
import type { PostalCodeResponseSchema } from '#shared/contracts/checkout.contract.ts'
import type { z } from 'zod'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { pickText } from '#server/db/localized-text.ts'
import { createPostalLookup, type PostalLookup } from '#server/modules/shipping/postal-lookup.ts'
import type { ShippingRepo } from '#server/modules/shipping/shipping.repo.ts'

const invalidPostalCode = (path: string, message: string) =>
  new AppError(ErrorCode.ValidationFailed, message, {
    issues: [{ path: [path], code: path === 'country' ? 'invalid_choice' : 'invalid_postal_code', message }],
  })

/** Countries the shop ships to, with their methods (spec part 2 §3 "Shipping country"). */
export function createShippingService(
  repo: ShippingRepo,
  postalLookup: PostalLookup = createPostalLookup({ url: undefined }),
) {
  return {
    /**
     * The city suggestion (part 2 §5): only a country shipped to and a postal code matching its pattern are passed
     * on to the lookup service (so nothing else reaches the third party); the answer is the first place name or null.
     */
    async cityOf(countryCode: string, postalCode: string): Promise<z.infer<typeof PostalCodeResponseSchema>> {
      const country = (await repo.listCountries()).find((row) => row.country_code === countryCode)
      if (country === undefined) throw invalidPostalCode('country', 'Not a shipping country')
      if (!new RegExp(country.postal_code_regex).test(postalCode))
        throw invalidPostalCode('code', "The postal code does not match the country's pattern")
      return { city: await postalLookup.cityOf(countryCode, postalCode) }
    },
    /** The default country (sort order 0, Germany) first, then the others alphabetically in the request's language. */
    async getCountries(locale: Locale): Promise<GetShippingCountriesResponse> {
      const [countries, methods] = await Promise.all([repo.listCountries(), repo.listMethods()])
      const methodsByCountry = new Map<string, ShippingMethod[]>()
      for (const method of methods) {
        const list = methodsByCountry.get(method.shipping_country_id) ?? []
        list.push({
          shippingMethodId: method.id,
          shippingMethod: method.name,
          priceCents: method.price_cents,
          shippingTimeDays: method.shipping_time_days,
        })
        methodsByCountry.set(method.shipping_country_id, list)
      }
      const collator = new Intl.Collator(locale)
      const shippingCountries = countries
        .map((country) => ({
          sortOrder: country.sort_order,
          value: {
            _id: country.id,
            country: pickText(country.name, locale),
            countryCode: country.country_code,
            isEU: country.is_eu,
            taxRate: Number(country.tax_rate),
            postalCodeRegex: country.postal_code_regex,
            shippingMethods: methodsByCountry.get(country.id) ?? [],
          },
        }))
        .sort((a, b) => a.sortOrder - b.sortOrder || collator.compare(a.value.country, b.value.country))
        .map((entry) => entry.value)
      return { shippingCountries }
    },
  }
}
export type ShippingService = ReturnType<typeof createShippingService>
