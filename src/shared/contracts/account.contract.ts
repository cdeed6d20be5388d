import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import {
  ADDRESS_FIELD_MAX,
  mailField,
  MAIL_MAX,
  oneLineText,
  phoneField,
  POSTAL_CODE_MAX,
  requiredNameField,
  requiredOneLineText,
} from '#shared/domain/forms/form-fields.ts'
import { PASSWORD, USERNAME } from '#shared/domain/limits.ts'

/**
 * The account side of spec part 2 (§3 "User account", "Registration payload"; §7 `/auth/*`; issue 15). Every body
 * is a strict object: an unknown key (a `userId` among them, which the session decides) is ignored by the routes
 * that the spec lists it for and refused elsewhere. Field issues carry codes of FORM_ISSUE_CODES as messages.
 */
export const SIGN_UP_PATH = '/api/auth/signup'
export const OPTIN_PATH = '/api/auth/optin'
export const RESET_PASSWORD_PATH = '/api/auth/reset-password'
export const RESET_PASSWORD_CALLBACK_PATH = '/api/auth/reset-password/callback'
export const PASSWORD_CHANGE_PATH = '/api/auth/password'
export const EMAIL_CHANGE_PATH = '/api/auth/email'
/** Opening the link of the e-mail change mail (`/mail-update?confirm={uuid}`) posts its code here. */
export const EMAIL_CONFIRM_PATH = '/api/auth/email/confirm'
export const USER_DETAILS_PATH = '/api/auth/user/details'
/** The preferences of a signed-in customer (issue 15: they live on the server while an account is known). */
export const USER_PREFERENCES_PATH = '/api/auth/user/preferences'

/** Username: 4–20 characters, no @ (part 2 §5). */
export const usernameField = () =>
  requiredOneLineText(USERNAME.max)
    .min(USERNAME.min, { error: 'too_short' })
    .refine((name) => !name.includes('@'), { error: 'no_at_sign' })

/**
 * A new password (registration, reset, change): 8–20 characters of any kind (decision 0087: the spec's 20 applies
 * everywhere so a password set by a reset also satisfies registration's rule). Not trimmed: spaces count.
 */
export const newPasswordField = () =>
  z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .min(PASSWORD.min, { error: 'too_short' })
    .max(PASSWORD.max, { error: 'too_long' })

/** A single-use code from a mail link (opt-in, reset, e-mail change): 32 random bytes, base64url. */
export const LinkCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid_code')

/**
 * A billing or shipping address (part 2 §3). `countryId` is the shipping country's `_id`; the country's postal-code
 * regex, the business rules (company, VAT number) and the required fields are checked by `addressIssues`
 * (src/shared/domain/forms/address.ts) on both sides, because they depend on the country list and the customer.
 */
export const AddressSchema = z.strictObject({
  title: oneLineText(ADDRESS_FIELD_MAX).default(''),
  firstname: requiredNameField(),
  lastname: requiredNameField(),
  company: oneLineText(ADDRESS_FIELD_MAX).default(''),
  street: requiredOneLineText(ADDRESS_FIELD_MAX),
  addressSuffix: oneLineText(ADDRESS_FIELD_MAX).default(''),
  postalCode: requiredOneLineText(POSTAL_CODE_MAX),
  city: requiredOneLineText(ADDRESS_FIELD_MAX),
  countryId: IdSchema,
})
export type Address = z.infer<typeof AddressSchema>
export type AddressInput = z.input<typeof AddressSchema>

/** Billing adds the VAT registration number and a separate invoice e-mail (both optional here). */
export const BillingAddressSchema = AddressSchema.extend({
  vatRegistrationNumber: oneLineText(20).default(''),
  email: z.union([z.literal(''), mailField()]).default(''),
})
export type BillingAddress = z.infer<typeof BillingAddressSchema>
export type BillingAddressInput = z.input<typeof BillingAddressSchema>

export const SignUpRequestSchema = z.strictObject({
  username: usernameField(),
  password: newPasswordField(),
  email: mailField(),
  billingAddress: BillingAddressSchema,
  /** null or absent: the billing address is the shipping address. */
  shippingAddress: AddressSchema.nullable().default(null),
  /** The privacy confirmation of the form (part 2 §5). */
  privacyAccepted: z.literal(true, { error: 'must_confirm' }),
  /** The shopper's customer-type choice (a business customer needs a company in the billing address). */
  isBusinessCustomer: z.boolean().default(false),
})
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>
export type SignUpRequestInput = z.input<typeof SignUpRequestSchema>

/** Every signup that is not a username conflict answers this (a known e-mail included: no enumeration). */
export const SignUpResponseSchema = z.object({ status: z.literal('pending-optin') })

export const OptInRequestSchema = z.strictObject({ uuid: LinkCodeSchema })

export const ResetPasswordRequestSchema = z.strictObject({ email: mailField() })
/** One answer whether or not an account exists (part 2 §8: "if an account exists"). */
export const NeutralAnswerSchema = z.object({ status: z.literal('accepted') })

export const ResetPasswordCallbackRequestSchema = z.strictObject({
  uuid: LinkCodeSchema,
  password: newPasswordField(),
})

export const PasswordChangeRequestSchema = z.strictObject({
  oldPassword: z.string().min(1).max(200),
  newPassword: newPasswordField(),
})

export const EmailChangeRequestSchema = z.strictObject({ email: mailField() })
export const EmailConfirmRequestSchema = z.strictObject({ uuid: LinkCodeSchema })

export const PAYMENT_METHODS = ['prepaid', 'billing', 'quote', 'paypal'] as const
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS)
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

/** `GET /api/auth/user/details`: the account of the session (part 2 §3 "User account"). */
export const UserDetailsSchema = z.object({
  userId: IdSchema,
  username: z.string(),
  email: z.string().max(MAIL_MAX),
  phone: z.string(),
  billingInformation: BillingAddressSchema.nullable(),
  /** null: shipping goes to the billing address. */
  shippingInformation: AddressSchema.nullable(),
  /** Days until an invoice is due (default net 10 days). */
  termsOfPayment: z.number().int().min(0),
  billingPaymentMethod: PaymentMethodSchema,
  isBusinessCustomer: z.boolean(),
  /** Set by staff after checking the company (the staff workspace builds the screen). */
  isVerifiedCompany: z.boolean(),
})
export type UserDetails = z.infer<typeof UserDetailsSchema>

/**
 * `PUT /api/auth/user/details` (part 2 §3 "Account update payload"). `userId` and `email` are accepted for the
 * spec's payload but ignored: the session names the account, and the e-mail changes only through its confirmation
 * link (`POST /api/auth/email`).
 */
export const UpdateUserDetailsRequestSchema = z.strictObject({
  userId: z.string().optional(),
  email: z.string().optional(),
  phone: phoneField().default(''),
  billingPaymentMethod: PaymentMethodSchema.default('prepaid'),
  billingAddress: BillingAddressSchema,
  shippingAddress: AddressSchema.nullable().default(null),
  isBusinessCustomer: z.boolean().optional(),
})
export type UpdateUserDetailsRequest = z.infer<typeof UpdateUserDetailsRequestSchema>
export type UpdateUserDetailsRequestInput = z.input<typeof UpdateUserDetailsRequestSchema>

/**
 * `PUT /api/auth/user/preferences`: the customer-type choice of the header switch. Only the preference is stored; the
 * company that a business customer needs is asked for by the forms that use the address (checkout, account form).
 */
export const UpdateUserPreferencesRequestSchema = z.strictObject({ isBusinessCustomer: z.boolean() })
export type UpdateUserPreferencesRequest = z.infer<typeof UpdateUserPreferencesRequestSchema>
