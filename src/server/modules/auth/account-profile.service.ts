import type {
  UpdateUserDetailsRequest,
  UpdateUserPreferencesRequest,
  UserDetails,
} from '#shared/contracts/account.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { type AccountRow, uniqueViolationOf } from '#server/modules/auth/account.repo.ts'
import {
  type AccountServiceDeps,
  type AccountSupport,
  linkInvalid,
} from '#server/modules/auth/account-support.ts'
import { hashToken } from '#server/modules/auth/auth.service.ts'

function detailsOf(row: AccountRow): UserDetails {
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    billingInformation: row.billing_address,
    shippingInformation: row.shipping_address,
    termsOfPayment: row.terms_of_payment_days,
    billingPaymentMethod: row.billing_payment_method,
    isBusinessCustomer: row.is_business_customer || row.is_verified_company,
    isVerifiedCompany: row.is_verified_company,
  }
}

/** The e-mail change (by confirmation link) and the account data of a signed-in customer (issue 15). */
export function createAccountProfileService(deps: AccountServiceDeps, support: AccountSupport) {
  const { repo, links } = deps

  async function accountOf(userId: string): Promise<AccountRow> {
    const row = await repo.findById(userId)
    if (row === undefined) throw new AppError(ErrorCode.Unauthorized, 'The account no longer exists')
    return row
  }

  return {
    /**
     * A confirmation link to the new address; when another account has it, its owner is told instead and the
     * caller gets the same answer (no enumeration through the e-mail change).
     */
    async requestEmailChange(userId: string, email: string, locale: Locale): Promise<void> {
      const account = await accountOf(userId)
      if (account.email.toLowerCase() === email.toLowerCase()) return
      const owner = await repo.findByEmail(email)
      if (owner !== undefined) {
        support.deliver({ kind: 'email-change-taken' }, owner.email, locale)
        return
      }
      const link = await support.issueLink('email-change', userId, locale, email)
      support.deliver({ kind: 'email-change', username: account.username, link }, email, locale)
    },

    /** The change itself, when the link is opened (no session needed: the link proves the new address). */
    async confirmEmailChange(code: string): Promise<void> {
      const link = await links.consumeLink(hashToken(code), 'email-change')
      if (link?.new_email == null) throw linkInvalid()
      try {
        await repo.setEmail(link.user_id, link.new_email)
      } catch (error) {
        if (uniqueViolationOf(error) === undefined) throw error
        throw new AppError(ErrorCode.Conflict, 'Another account uses this address by now')
      }
      await links.retireLinks(link.user_id, 'email-change')
    },

    async details(userId: string): Promise<UserDetails> {
      return detailsOf(await accountOf(userId))
    },

    /** Saves the account form; `userId` and `email` of the body are ignored (the session and the link decide). */
    async updateDetails(userId: string, body: UpdateUserDetailsRequest): Promise<UserDetails> {
      const account = await accountOf(userId)
      const isBusiness =
        (body.isBusinessCustomer ?? account.is_business_customer) || account.is_verified_company
      const { billing, shipping } = await support.validAddresses(
        body.billingAddress,
        body.shippingAddress,
        isBusiness,
      )
      await repo.updateDetails(userId, {
        phone: body.phone,
        billingPaymentMethod: body.billingPaymentMethod,
        billingAddress: billing,
        shippingAddress: shipping,
        isBusinessCustomer: body.isBusinessCustomer,
      })
      return detailsOf(await accountOf(userId))
    },

    /** The header switch of a signed-in customer; the answer is the account as the details report it. */
    async updatePreferences(userId: string, body: UpdateUserPreferencesRequest): Promise<UserDetails> {
      await accountOf(userId)
      await repo.setBusinessPreference(userId, body.isBusinessCustomer)
      return detailsOf(await accountOf(userId))
    },
  }
}
