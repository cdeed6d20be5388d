import { z } from 'zod'
import {
  newPasswordField,
  type SignUpRequestInput,
  usernameField,
} from '#shared/contracts/account.contract.ts'
import { type BillingAddressInput } from '#shared/contracts/account.contract.ts'
import { type ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import {
  type AddressField,
  addressIssues,
  type AddressIssues,
  emptyAddress,
  parseAddress,
} from '#shared/domain/forms/address.ts'
import {
  type FieldIssues,
  fieldIssuesOf,
  FORM_ISSUE_CODES,
  type FormIssueCode,
  mailField,
} from '#shared/domain/forms/form-fields.ts'

/**
 * The registration form's draft and its rules (spec part 2 §2 Registration screen, §5 username, password and
 * "Registration submit enabled only with …", §3 Registration payload): pure functions the register machine and
 * its views share.
 */

export type AddressDraft = Required<BillingAddressInput>

export type RegisterDraft = {
  username: string
  email: string
  password: string
  passwordRepeat: string
  billingAddress: AddressDraft
  /** The "different shipping address" toggle; off: the billing address is the shipping address. */
  shippingDiffers: boolean
  /** Kept while the toggle is off, so switching it back on brings the typed address back. */
  shippingAddress: AddressDraft
  privacyAccepted: boolean
}

export type AccountField = 'username' | 'email' | 'password' | 'passwordRepeat' | 'privacyAccepted'
export type AddressKind = 'billing' | 'shipping'

/** Each part's first issue per field; every part empty: the draft can be sent. */
export type RegisterIssues = {
  account: FieldIssues<AccountField>
  billing: AddressIssues
  shipping: AddressIssues
}

export type RegisterRules = {
  countries: readonly ShippingCountry[]
  isBusinessCustomer: boolean
}

export const noIssues = (): RegisterIssues => ({ account: {}, billing: {}, shipping: {} })

export function emptyRegisterDraft(countries: readonly ShippingCountry[]): RegisterDraft {
  return {
    username: '',
    email: '',
    password: '',
    passwordRepeat: '',
    billingAddress: emptyAddress(countries),
    shippingDiffers: false,
    shippingAddress: emptyAddress(countries),
    privacyAccepted: false,
  }
}

const AccountSchema = z.object({
  username: usernameField(),
  email: mailField(),
  password: newPasswordField(),
  privacyAccepted: z.literal(true, { error: 'must_confirm' }),
})

function accountIssues(draft: RegisterDraft): FieldIssues<AccountField> {
  const issues = fieldIssuesOf<AccountField>(AccountSchema, draft)
  if (draft.passwordRepeat === '') issues.passwordRepeat = 'required'
  else if (draft.passwordRepeat !== draft.password) issues.passwordRepeat = 'passwords_differ'
  return issues
}

/** Every issue of the draft: the account fields, the billing address and, when it differs, the shipping address. */
export function registerIssues(draft: RegisterDraft, rules: RegisterRules): RegisterIssues {
  return {
    account: accountIssues(draft),
    billing: addressIssues(draft.billingAddress, { ...rules, kind: 'billing' }),
    shipping: draft.shippingDiffers
      ? addressIssues(draft.shippingAddress, { ...rules, kind: 'shipping' })
      : {},
  }
}

export const hasIssues = (issues: RegisterIssues): boolean =>
  Object.keys(issues.account).length +
    Object.keys(issues.billing).length +
    Object.keys(issues.shipping).length >
  0

/** Part 2 §5: submit is enabled only when no rule fails. */
export const canSubmitRegistration = (draft: RegisterDraft, rules: RegisterRules): boolean =>
  !hasIssues(registerIssues(draft, rules))

/** The signup body of a valid draft (the shipping address null when it does not differ); null while invalid. */
export function signUpRequestOf(draft: RegisterDraft, rules: RegisterRules): SignUpRequestInput | null {
  const billingAddress = parseAddress(draft.billingAddress, { ...rules, kind: 'billing' })
  const shippingAddress = draft.shippingDiffers
    ? parseAddress(draft.shippingAddress, { ...rules, kind: 'shipping' })
    : null
  if (!canSubmitRegistration(draft, rules) || billingAddress === null) return null
  if (draft.shippingDiffers && shippingAddress === null) return null
  return {
    username: draft.username.trim(),
    email: draft.email.trim(),
    password: draft.password,
    billingAddress,
    shippingAddress,
    privacyAccepted: true,
    isBusinessCustomer: rules.isBusinessCustomer,
  }
}

const isFormIssueCode = (value: unknown): value is FormIssueCode =>
  typeof value === 'string' && (FORM_ISSUE_CODES as readonly string[]).includes(value)

const ACCOUNT_FIELDS: readonly string[] = ['username', 'email', 'password', 'privacyAccepted']
const ADDRESS_PARTS: Readonly<Record<string, AddressKind>> = {
  billingAddress: 'billing',
  shippingAddress: 'shipping',
}

/** One issue of a 400 answer (`{ path, code, message }`) placed at its field; false for a path no field shows. */
function placeIssue(issues: RegisterIssues, issue: unknown): boolean {
  if (typeof issue !== 'object' || issue === null) return false
  const { path, code, message } = issue as { path?: unknown; code?: unknown; message?: unknown }
  if (!Array.isArray(path)) return false
  const reason: FormIssueCode = isFormIssueCode(message)
    ? message
    : isFormIssueCode(code)
      ? code
      : 'invalid_choice'
  const [head, field] = path as unknown[]
  if (typeof head === 'string' && ACCOUNT_FIELDS.includes(head) && path.length === 1) {
    issues.account[head as AccountField] ??= reason
    return true
  }
  const kind = typeof head === 'string' ? ADDRESS_PARTS[head] : undefined
  if (kind === undefined || typeof field !== 'string') return false
  issues[kind][field as AddressField] ??= reason
  return true
}

/**
 * The field issues of a refused signup (400 with `issues`), placed at the fields they name; null when the answer
 * has none or names a field the form does not show (then the form shows the general failure instead).
 */
export function serverIssuesOf(error: unknown): RegisterIssues | null {
  const list =
    typeof error === 'object' && error !== null && 'issues' in error
      ? (error as { issues: unknown }).issues
      : undefined
  if (!Array.isArray(list) || list.length === 0) return null
  const issues = noIssues()
  for (const issue of list) if (!placeIssue(issues, issue)) return null
  return issues
}

/** The issues to show: the rules' own first, then what the server said about a field (until it changes). */
export function mergeIssues(own: RegisterIssues, server: RegisterIssues): RegisterIssues {
  return {
    account: { ...server.account, ...own.account },
    billing: { ...server.billing, ...own.billing },
    shipping: { ...server.shipping, ...own.shipping },
  }
}
