import {
  type Address,
  AddressSchema,
  type AddressInput,
  type BillingAddressInput,
  BillingAddressSchema,
} from '#shared/contracts/account.contract.ts'
import { type ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import { type FieldIssues, fieldIssuesOf } from '#shared/domain/forms/form-fields.ts'

/**
 * The address rules of spec part 2 §5, shared by registration, the account form and checkout, run by the machines
 * and again by the server: the six required fields, the company for business customers, the VAT number for business
 * customers in an EU country other than Germany (and only with a company), the postal code against the country's
 * pattern, names 20 and the other limits of AddressSchema.
 */

export type AddressField = keyof BillingAddressInput
export type AddressIssues = FieldIssues<AddressField>

/** The required fields in form order (company and VAT number depend on the customer; see below). */
export const REQUIRED_ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'street',
  'postalCode',
  'city',
  'countryId',
] as const

/** The shop's default country (part 2 §5 "Default country: code DE"). */
export const DEFAULT_COUNTRY_CODE = 'DE'

export type AddressRules = {
  /** The shipping countries (their `_id`s are the `countryId`s). */
  countries: readonly ShippingCountry[]
  /** A business customer (preference set or verified company). */
  isBusinessCustomer: boolean
  /** Billing adds the VAT number and the invoice e-mail; shipping has neither. */
  kind: 'billing' | 'shipping'
}

/** Two letters (the EU country prefix, EL for Greece) and 2–13 letters or digits, spaces ignored. */
const VAT_ID_PATTERN = /^[A-Z]{2}[A-Z0-9]{2,13}$/

export const normalizeVatId = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase()

export const isWellFormedVatId = (value: string): boolean => VAT_ID_PATTERN.test(normalizeVatId(value))

export const countryOf = (
  countries: readonly ShippingCountry[],
  countryId: string,
): ShippingCountry | undefined => countries.find((country) => country._id === countryId)

/** The default country's id (DE), else the first country; '' when the list is empty. */
export const defaultCountryId = (countries: readonly ShippingCountry[]): string =>
  (countries.find((country) => country.countryCode === DEFAULT_COUNTRY_CODE) ?? countries[0])?._id ?? ''

/** The VAT number is asked for: a business customer with a billing address in an EU country other than Germany. */
export function vatIdRequired(address: Pick<AddressInput, 'countryId'>, rules: AddressRules): boolean {
  const country = countryOf(rules.countries, address.countryId)
  return (
    rules.kind === 'billing' &&
    rules.isBusinessCustomer &&
    country !== undefined &&
    country.isEU &&
    country.countryCode !== DEFAULT_COUNTRY_CODE
  )
}

/** The VAT number field can be filled only once a company is given (part 2 §5). */
export const vatIdEnabled = (address: Pick<AddressInput, 'company'>): boolean =>
  (address.company ?? '').trim() !== ''

function ruleIssues(address: BillingAddressInput, rules: AddressRules): AddressIssues {
  const issues: AddressIssues = {}
  const country = countryOf(rules.countries, address.countryId)
  if (address.countryId !== '' && country === undefined) issues.countryId = 'invalid_choice'
  const postalCode = address.postalCode.trim()
  if (country && postalCode !== '' && !new RegExp(country.postalCodeRegex).test(postalCode))
    issues.postalCode = 'invalid_postal_code'
  if (rules.isBusinessCustomer && (address.company ?? '').trim() === '') issues.company = 'required'
  if (rules.kind !== 'billing') return issues
  const vatId = (address.vatRegistrationNumber ?? '').trim()
  if (vatId !== '' && !vatIdEnabled(address)) issues.vatRegistrationNumber = 'not_allowed'
  else if (vatId === '' && vatIdRequired(address, rules)) issues.vatRegistrationNumber = 'required'
  else if (vatId !== '' && !isWellFormedVatId(vatId)) issues.vatRegistrationNumber = 'invalid_vat_id'
  return issues
}

/** Every field's first issue (shape and limits first, then the rules above); empty when the address is valid. */
export function addressIssues(address: BillingAddressInput, rules: AddressRules): AddressIssues {
  const schema = rules.kind === 'billing' ? BillingAddressSchema : AddressSchema
  const input = rules.kind === 'billing' ? address : shippingPart(address)
  const issues = { ...ruleIssues(address, rules), ...fieldIssuesOf<AddressField>(schema, input) }
  // IdSchema's pattern message is no form code (it reads as invalid_choice): no country chosen is a missing field.
  if (address.countryId.trim() === '') issues.countryId = 'required'
  return issues
}

/** The address parsed (trimmed, VAT number normalised) or null when any rule fails. */
export function parseAddress(address: BillingAddressInput, rules: AddressRules): Address | null {
  if (Object.keys(addressIssues(address, rules)).length > 0) return null
  const schema = rules.kind === 'billing' ? BillingAddressSchema : AddressSchema
  const parsed = schema.parse(rules.kind === 'billing' ? address : shippingPart(address))
  if ('vatRegistrationNumber' in parsed && typeof parsed.vatRegistrationNumber === 'string')
    return { ...parsed, vatRegistrationNumber: normalizeVatId(parsed.vatRegistrationNumber) } as Address
  return parsed
}

function shippingPart(address: BillingAddressInput): AddressInput {
  const { vatRegistrationNumber: _vat, email: _email, ...rest } = address
  return rest
}

/** An empty address in the default country (the forms' start). */
export function emptyAddress(countries: readonly ShippingCountry[]): Required<BillingAddressInput> {
  return {
    title: '',
    firstname: '',
    lastname: '',
    company: '',
    street: '',
    addressSuffix: '',
    postalCode: '',
    city: '',
    countryId: defaultCountryId(countries),
    vatRegistrationNumber: '',
    email: '',
  }
}
