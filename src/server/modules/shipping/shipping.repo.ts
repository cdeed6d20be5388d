import type { Queryable } from '#server/db/db.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'

export interface ShippingCountryRow {
  id: string
  country_code: string
  name: LocalizedText
  is_eu: boolean
  /** numeric(5,2) arrives as a string from both engines. */
  tax_rate: string
  postal_code_regex: string
  sort_order: number
}

export interface ShippingMethodRow {
  id: string
  shipping_country_id: string
  name: string
  price_cents: number
  shipping_time_days: number
}

export function createShippingRepo(db: Queryable) {
  return {
    async listCountries(): Promise<ShippingCountryRow[]> {
      const { rows } = await db.query<ShippingCountryRow>(
        `SELECT id, country_code, name, is_eu, tax_rate::text AS tax_rate, postal_code_regex, sort_order
         FROM shipping_countries ORDER BY sort_order, country_code`,
      )
      return rows
    },
    async listMethods(): Promise<ShippingMethodRow[]> {
      const { rows } = await db.query<ShippingMethodRow>(
        `SELECT id, shipping_country_id, name, price_cents, shipping_time_days
         FROM shipping_methods ORDER BY shipping_country_id, sort_order, price_cents, id`,
      )
      return rows
    },
  }
}
export type ShippingRepo = ReturnType<typeof createShippingRepo>
