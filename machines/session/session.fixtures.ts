import { type SessionUser } from '#shared/contracts/auth.contract.ts'

/** A private customer, as the refresh and sign-in answers carry them. */
export const privateUser: SessionUser = {
  id: 'AAAAAAAAAAAAAAAAAAAAAQ',
  username: 'erika',
  email: 'erika@example.com',
  role: 'customer',
  isBusinessCustomer: false,
}

/** A business customer (the account page shows the VAT-ID form). */
export const businessUser: SessionUser = {
  ...privateUser,
  id: 'AAAAAAAAAAAAAAAAAAAAAg',
  username: 'werkstatt',
  email: 'einkauf@werkstatt.example',
  isBusinessCustomer: true,
}
