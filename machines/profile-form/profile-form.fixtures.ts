import type { UserDetails } from '#shared/contracts/account.contract.ts'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'

/** Three shipping countries as `GET /api/shipping/countries` lists them: Germany, Austria (EU), Switzerland. */
export const profileCountries: readonly ShippingCountry[] = [
  {
    _id: 'Q291bnRyeURFAAAAAAAAAA',
    country: 'Deutschland',
    countryCode: 'DE',
    isEU: true,
    taxRate: 19,
    postalCodeRegex: '^\\d{5}$',
    shippingMethods: [],
  },
  {
    _id: 'Q291bnRyeUFUAAAAAAAAAA',
    country: 'Österreich',
    countryCode: 'AT',
    isEU: true,
    taxRate: 20,
    postalCodeRegex: '^\\d{4}$',
    shippingMethods: [],
  },
  {
    _id: 'Q291bnRyeUNIAAAAAAAAAA',
    country: 'Schweiz',
    countryCode: 'CH',
    isEU: false,
    taxRate: 8.1,
    postalCodeRegex: '^\\d{4}$',
    shippingMethods: [],
  },
]

/** A private customer with a billing address in Germany and no separate shipping address. */
export const privateDetails: UserDetails = {
  userId: 'AAAAAAAAAAAAAAAAAAAAAQ',
  username: 'erika',
  email: 'erika@example.com',
  phone: '030123456',
  billingInformation: {
    title: '',
    firstname: 'Erika',
    lastname: 'Mustermann',
    company: '',
    street: 'Heidestraße 17',
    addressSuffix: '',
    postalCode: '51147',
    city: 'Köln',
    countryId: 'Q291bnRyeURFAAAAAAAAAA',
    vatRegistrationNumber: '',
    email: '',
  },
  shippingInformation: null,
  termsOfPayment: 10,
  billingPaymentMethod: 'prepaid',
  isBusinessCustomer: false,
  isVerifiedCompany: false,
}

/** A business customer whose billing address has no company yet (the form asks for it). */
export const businessDetails: UserDetails = {
  ...privateDetails,
  userId: 'AAAAAAAAAAAAAAAAAAAAAg',
  username: 'werkstatt',
  email: 'einkauf@werkstatt.example',
  isBusinessCustomer: true,
}

/** A new account without any address yet. */
export const emptyDetails: UserDetails = {
  ...privateDetails,
  phone: '',
  billingInformation: null,
}
