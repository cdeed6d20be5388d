import { type ShippingCountry } from '#shared/contracts/shipping.contract.ts'

/**
 * Shipping countries for the registration's paths, tests and stories: Germany (the default), Austria (EU: business
 * customers need a VAT number), Switzerland (not EU) and the Netherlands (letters in the postal code), with the
 * patterns of the shop's seed data.
 */
function country(countryCode: string, name: string, isEU: boolean, postalCodeRegex: string): ShippingCountry {
  return {
    _id: `country${countryCode}${'0'.repeat(13)}`,
    country: name,
    countryCode,
    isEU,
    taxRate: 19,
    postalCodeRegex,
    shippingMethods: [],
  }
}

export const sampleCountries: readonly ShippingCountry[] = [
  country('DE', 'Deutschland', true, '^\\d{5}$'),
  country('AT', 'Österreich', true, '^\\d{4}$'),
  country('CH', 'Schweiz', false, '^\\d{4}$'),
  country('NL', 'Niederlande', true, '^\\d{4} ?[A-Za-z]{2}$'),
]

export const [germany, austria, switzerland, netherlands] = sampleCountries as [
  ShippingCountry,
  ShippingCountry,
  ShippingCountry,
  ShippingCountry,
]

/** Valid values for every field of the form, in form order. */
export const sampleAccount = {
  username: 'ada_lovelace',
  email: 'ada@example.org',
  password: 'Rechenwerk1',
  passwordRepeat: 'Rechenwerk1',
} as const

export const sampleAddress = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Analytical Engines',
  street: 'Hauptstraße 1',
  postalCode: '10115',
  city: 'Berlin',
} as const

/** An answer of `POST /api/auth/signup` refused with field issues (the API's error shape, as the client rejects). */
export const signUpFieldError = {
  code: 'validation_failed',
  status: 400,
  issues: [{ path: ['username'], code: 'custom', message: 'too_short' }],
}
export const signUpUsernameTaken = { code: 'username_taken', status: 409 }
export const signUpServerError = { code: 'internal_error', status: 500 }
