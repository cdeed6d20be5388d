import {
  type VatIdRequest,
  type VatIdRequestInput,
  VatIdRequestSchema,
} from '#shared/contracts/contact.contract.ts'
import { type FormIssueCode, fieldIssuesOf } from '#shared/domain/forms/form-fields.ts'

/**
 * The VAT-ID form (spec part 2 §5, §7): one field that must not be empty; the customer's name and e-mail come from
 * the account. It is shown to logged-in customers only, so the privacy confirmation is the one they gave then.
 */

export type VatIdAccount = { mail: string; firstName: string; lastName: string }

export const vatIdRequestOf = (value: string, account: VatIdAccount): VatIdRequestInput => ({
  kind: 'vat-id',
  mail: account.mail,
  firstName: account.firstName,
  lastName: account.lastName,
  message: value,
  confirmation: true,
})

/** The value's problem as a code (`required`, `too_long`, `line_break`), or null when it can be sent. */
export function vatIdValueIssue(value: string): FormIssueCode | null {
  if (value.trim() === '') return 'required'
  return (
    fieldIssuesOf<'message'>(VatIdRequestSchema.pick({ message: true }), { message: value }).message ?? null
  )
}

/** The request to send, or null while the value (or the account data) is not valid. */
export function parseVatIdValue(value: string, account: VatIdAccount): VatIdRequest | null {
  const result = VatIdRequestSchema.safeParse(vatIdRequestOf(value, account))
  return result.success ? result.data : null
}
