import { describe, expect, it } from 'vitest'
import { type ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import {
  addressIssues,
  type AddressRules,
  countryOf,
  defaultCountryId,
  emptyAddress,
  isWellFormedVatId,
  normalizeVatId,
  parseAddress,
  REQUIRED_ADDRESS_FIELDS,
  vatIdEnabled,
  vatIdRequired,
} from '#shared/domain/forms/address.ts'

/** A country with a 22-character id made of its code, as the server's ids look. */
function country(countryCode: string, isEU: boolean, postalCodeRegex: string): ShippingCountry {
  return {
    _id: `${countryCode}${'0'.repeat(20)}`,
    country: countryCode,
    countryCode,
    isEU,
    taxRate: 20,
    postalCodeRegex,
    shippingMethods: [],
  }
}

// The patterns of the seeded countries (src/server/db/seed-data/shipping.ts) that differ in shape.
const AT = country('AT', true, '^\\d{4}$')
const DE = country('DE', true, '^\\d{5}$')
const NL = country('NL', true, '^\\d{4} ?[A-Za-z]{2}$')
const PL = country('PL', true, '^\\d{2}-\\d{3}$')
const IE = country('IE', true, '^[A-Za-z]\\d[\\dWw] ?[A-Za-z\\d]{4}$')
const CH = country('CH', false, '^\\d{4}$')
const GB = country('GB', false, '^[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}$')
const US = country('US', false, '^\\d{5}(-\\d{4})?$')
const countries = [AT, DE, NL, PL, IE, CH, GB, US]

const billing: AddressRules = { countries, isBusinessCustomer: false, kind: 'billing' }
const business: AddressRules = { ...billing, isBusinessCustomer: true }
const shipping: AddressRules = { ...billing, kind: 'shipping' }

const filled = {
  ...emptyAddress(countries),
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: 'Hauptstraße 1',
  postalCode: '10115',
  city: 'Berlin',
}

describe('address defaults', () => {
  it('starts empty in Germany (part 2 §5 "Default country: code DE"), else in the first country', () => {
    expect(emptyAddress(countries)).toMatchObject({
      countryId: DE._id,
      firstname: '',
      vatRegistrationNumber: '',
    })
    expect(defaultCountryId([AT, CH])).toBe(AT._id)
    expect(defaultCountryId([])).toBe('')
    expect(countryOf(countries, NL._id)).toBe(NL)
    expect(countryOf(countries, 'nope')).toBeUndefined()
  })
})

describe('required fields', () => {
  it('asks for the six required fields of an empty address, in form order', () => {
    const issues = addressIssues(emptyAddress(countries), billing)
    expect(Object.keys(issues).sort()).toEqual(
      REQUIRED_ADDRESS_FIELDS.filter((field) => field !== 'countryId').sort(),
    )
    expect(Object.values(issues)).toEqual(Array(5).fill('required'))
  })

  it('accepts a complete private address and parses it trimmed', () => {
    expect(addressIssues(filled, billing)).toEqual({})
    expect(parseAddress({ ...filled, city: '  Berlin ' }, billing)).toMatchObject({ city: 'Berlin' })
  })

  it('needs a country: none chosen is required, an unknown one an invalid choice', () => {
    expect(addressIssues({ ...filled, countryId: '' }, billing).countryId).toBe('required')
    expect(addressIssues({ ...filled, countryId: 'x'.repeat(22) }, billing).countryId).toBe('invalid_choice')
  })

  it('limits names to 20 characters and refuses line breaks', () => {
    expect(addressIssues({ ...filled, firstname: 'x'.repeat(20) }, billing)).toEqual({})
    expect(addressIssues({ ...filled, firstname: 'x'.repeat(21) }, billing).firstname).toBe('too_long')
    expect(addressIssues({ ...filled, lastname: 'x'.repeat(21) }, billing).lastname).toBe('too_long')
    expect(addressIssues({ ...filled, street: 'a\nb' }, billing).street).toBe('line_break')
    expect(addressIssues({ ...filled, street: 'x'.repeat(101) }, billing).street).toBe('too_long')
  })

  it('returns null from parseAddress while any issue is left', () => {
    expect(parseAddress({ ...filled, city: '' }, billing)).toBeNull()
  })
})

describe('postal code against the selected country', () => {
  const cases: Array<[ShippingCountry, string[], string[]]> = [
    [DE, ['10115', '01067'], ['1011', '101155', 'ABCDE']],
    [AT, ['1010'], ['10101', '101']],
    [NL, ['1012 AB', '1012AB'], ['1012', 'AB 1012']],
    [PL, ['00-950'], ['00950', '0-950']],
    [IE, ['D02 X285', 'A65F4E2'], ['02 X285']],
    [CH, ['8001'], ['80011']],
    [GB, ['SW1A 1AA', 'M1 1AE'], ['SW1A', '12345']],
    [US, ['90210', '90210-1234'], ['9021', '90210-12']],
  ]
  for (const [each, valid, invalid] of cases) {
    it(`${each.countryCode}: ${valid.join(', ')} pass, ${invalid.join(', ')} do not`, () => {
      for (const postalCode of valid) {
        expect(addressIssues({ ...filled, countryId: each._id, postalCode }, billing), postalCode).toEqual({})
      }
      for (const postalCode of invalid) {
        expect(
          addressIssues({ ...filled, countryId: each._id, postalCode }, billing).postalCode,
          postalCode,
        ).toBe('invalid_postal_code')
      }
    })
  }

  it('checks the trimmed code, and a German code fails after switching to Austria', () => {
    expect(addressIssues({ ...filled, postalCode: ' 10115 ' }, billing)).toEqual({})
    expect(addressIssues({ ...filled, countryId: AT._id }, billing).postalCode).toBe('invalid_postal_code')
  })
})

describe('business customers: company and VAT number', () => {
  it('requires a company for business customers only', () => {
    expect(addressIssues(filled, business).company).toBe('required')
    expect(addressIssues(filled, billing).company).toBeUndefined()
    expect(addressIssues({ ...filled, company: 'Analytical Engines' }, business)).toEqual({})
    expect(addressIssues(filled, { ...shipping, isBusinessCustomer: true }).company).toBe('required')
  })

  it('asks for the VAT number only for business billing in an EU country other than Germany', () => {
    expect(vatIdRequired({ countryId: AT._id }, business)).toBe(true)
    expect(vatIdRequired({ countryId: DE._id }, business)).toBe(false)
    expect(vatIdRequired({ countryId: CH._id }, business)).toBe(false)
    expect(vatIdRequired({ countryId: AT._id }, billing)).toBe(false)
    expect(vatIdRequired({ countryId: AT._id }, { ...business, kind: 'shipping' })).toBe(false)
    expect(vatIdRequired({ countryId: 'unknown' }, business)).toBe(false)
  })

  it('reports the missing VAT number of an Austrian business and accepts a well-formed one', () => {
    const austrian = { ...filled, countryId: AT._id, postalCode: '1010', company: 'Wiener Werk' }
    expect(addressIssues(austrian, business).vatRegistrationNumber).toBe('required')
    expect(addressIssues({ ...austrian, vatRegistrationNumber: 'ATU12345678' }, business)).toEqual({})
    expect(addressIssues({ ...austrian, vatRegistrationNumber: '12' }, business).vatRegistrationNumber).toBe(
      'invalid_vat_id',
    )
  })

  it('enables the VAT number only with a company; a number without one is not allowed', () => {
    expect(vatIdEnabled({ company: '' })).toBe(false)
    expect(vatIdEnabled({ company: '  ' })).toBe(false)
    expect(vatIdEnabled({ company: 'Werk' })).toBe(true)
    expect(
      addressIssues({ ...filled, vatRegistrationNumber: 'DE123456789' }, billing).vatRegistrationNumber,
    ).toBe('not_allowed')
  })

  it('normalises the VAT number when parsing (spaces, dots, dashes, case)', () => {
    expect(normalizeVatId(' de 123.456-789 ')).toBe('DE123456789')
    expect(isWellFormedVatId('de 123 456 789')).toBe(true)
    expect(isWellFormedVatId('D1')).toBe(false)
    const parsed = parseAddress(
      { ...filled, company: 'Werk', vatRegistrationNumber: 'de 123 456 789' },
      billing,
    )
    expect(parsed).toMatchObject({ vatRegistrationNumber: 'DE123456789' })
  })

  it('checks the separate invoice e-mail when one is given', () => {
    expect(addressIssues({ ...filled, email: 'rechnung@example.org' }, billing)).toEqual({})
    expect(addressIssues({ ...filled, email: 'nope' }, billing).email).toBe('invalid_email')
  })
})

describe('shipping addresses', () => {
  it('ignore the billing-only fields and parse without them', () => {
    const withExtras = { ...filled, vatRegistrationNumber: 'nonsense', email: 'nope' }
    expect(addressIssues(withExtras, shipping)).toEqual({})
    const parsed = parseAddress(withExtras, shipping)
    expect(parsed).not.toBeNull()
    expect(parsed).not.toHaveProperty('vatRegistrationNumber')
    expect(parsed).not.toHaveProperty('email')
  })
})
