import type { Locale } from '#shared/domain/limits.ts'
import type { GetShippingCountriesResponse, ShippingMethod } from '#shared/contracts/shipping.contract.ts'
import { pickText } from '#server/db/localized-text.ts'
import type { ShippingRepo } from '#server/modules/shipping/shipping.repo.ts'

/** Countries the shop ships to, with their methods (spec part 2 §3 "Shipping country"). */
export function createShippingService(repo: ShippingRepo) {
  return {
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
