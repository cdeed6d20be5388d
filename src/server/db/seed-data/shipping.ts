import { FREE_SHIPPING_METHOD_NAME } from '#shared/domain/limits.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'

/**
 * Shipping countries of a fresh installation: Germany, the other 26 EU members, Switzerland, the United Kingdom,
 * Norway and the United States. Tax rates are each country's standard VAT rate in percent (US: no federal VAT);
 * whether a rate applies to an order is a pricing rule. Postal-code patterns are anchored and linear (no nested
 * quantifiers), so they are safe to run on any input.
 */

export interface SeedShippingMethod {
  name: string
  priceCents: number
  shippingTimeDays: number
}

export interface SeedShippingCountry {
  countryCode: string
  name: Required<LocalizedText>
  isEU: boolean
  taxRate: number
  postalCodeRegex: string
  methods: SeedShippingMethod[]
}

export const EXPRESS_SHIPPING_METHOD_NAME = 'Express-Versand'

const methods = (standard: [number, number], express: [number, number]): SeedShippingMethod[] => [
  { name: FREE_SHIPPING_METHOD_NAME, priceCents: standard[0], shippingTimeDays: standard[1] },
  { name: EXPRESS_SHIPPING_METHOD_NAME, priceCents: express[0], shippingTimeDays: express[1] },
]

const germany = methods([490, 2], [1490, 1])
const eu = methods([990, 4], [2990, 2])
const europeNonEu = methods([1990, 6], [4990, 3])
const overseas = methods([2990, 8], [6990, 4])

type Row = [code: string, de: string, en: string, fr: string, taxRate: number, postalCodeRegex: string]

const euCountries: Row[] = [
  ['DE', 'Deutschland', 'Germany', 'Allemagne', 19, '^\\d{5}$'],
  ['AT', 'Österreich', 'Austria', 'Autriche', 20, '^\\d{4}$'],
  ['BE', 'Belgien', 'Belgium', 'Belgique', 21, '^\\d{4}$'],
  ['BG', 'Bulgarien', 'Bulgaria', 'Bulgarie', 20, '^\\d{4}$'],
  ['HR', 'Kroatien', 'Croatia', 'Croatie', 25, '^\\d{5}$'],
  ['CY', 'Zypern', 'Cyprus', 'Chypre', 19, '^\\d{4}$'],
  ['CZ', 'Tschechien', 'Czechia', 'Tchéquie', 21, '^\\d{3} ?\\d{2}$'],
  ['DK', 'Dänemark', 'Denmark', 'Danemark', 25, '^\\d{4}$'],
  ['EE', 'Estland', 'Estonia', 'Estonie', 24, '^\\d{5}$'],
  ['FI', 'Finnland', 'Finland', 'Finlande', 25.5, '^\\d{5}$'],
  ['FR', 'Frankreich', 'France', 'France', 20, '^\\d{5}$'],
  ['GR', 'Griechenland', 'Greece', 'Grèce', 24, '^\\d{3} ?\\d{2}$'],
  ['HU', 'Ungarn', 'Hungary', 'Hongrie', 27, '^\\d{4}$'],
  ['IE', 'Irland', 'Ireland', 'Irlande', 23, '^[A-Za-z]\\d[\\dWw] ?[A-Za-z\\d]{4}$'],
  ['IT', 'Italien', 'Italy', 'Italie', 22, '^\\d{5}$'],
  ['LV', 'Lettland', 'Latvia', 'Lettonie', 21, '^(LV-)?\\d{4}$'],
  ['LT', 'Litauen', 'Lithuania', 'Lituanie', 21, '^(LT-)?\\d{5}$'],
  ['LU', 'Luxemburg', 'Luxembourg', 'Luxembourg', 17, '^(L-)?\\d{4}$'],
  ['MT', 'Malta', 'Malta', 'Malte', 18, '^[A-Za-z]{3} ?\\d{2,4}$'],
  ['NL', 'Niederlande', 'Netherlands', 'Pays-Bas', 21, '^\\d{4} ?[A-Za-z]{2}$'],
  ['PL', 'Polen', 'Poland', 'Pologne', 23, '^\\d{2}-\\d{3}$'],
  ['PT', 'Portugal', 'Portugal', 'Portugal', 23, '^\\d{4}-\\d{3}$'],
  ['RO', 'Rumänien', 'Romania', 'Roumanie', 21, '^\\d{6}$'],
  ['SK', 'Slowakei', 'Slovakia', 'Slovaquie', 23, '^\\d{3} ?\\d{2}$'],
  ['SI', 'Slowenien', 'Slovenia', 'Slovénie', 22, '^(SI-)?\\d{4}$'],
  ['ES', 'Spanien', 'Spain', 'Espagne', 21, '^\\d{5}$'],
  ['SE', 'Schweden', 'Sweden', 'Suède', 25, '^\\d{3} ?\\d{2}$'],
]

const nonEuCountries: Row[] = [
  ['CH', 'Schweiz', 'Switzerland', 'Suisse', 8.1, '^\\d{4}$'],
  [
    'GB',
    'Vereinigtes Königreich',
    'United Kingdom',
    'Royaume-Uni',
    20,
    '^[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}$',
  ],
  ['NO', 'Norwegen', 'Norway', 'Norvège', 25, '^\\d{4}$'],
  ['US', 'Vereinigte Staaten', 'United States', 'États-Unis', 0, '^\\d{5}(-\\d{4})?$'],
]

export const seedShippingCountries: SeedShippingCountry[] = [
  ...euCountries.map(([countryCode, de, en, fr, taxRate, postalCodeRegex]) => ({
    countryCode,
    name: { de, en, fr },
    isEU: true,
    taxRate,
    postalCodeRegex,
    methods: countryCode === 'DE' ? germany : eu,
  })),
  ...nonEuCountries.map(([countryCode, de, en, fr, taxRate, postalCodeRegex]) => ({
    countryCode,
    name: { de, en, fr },
    isEU: false,
    taxRate,
    postalCodeRegex,
    methods: countryCode === 'US' ? overseas : europeNonEu,
  })),
]
