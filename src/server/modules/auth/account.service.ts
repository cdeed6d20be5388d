import type { Address, BillingAddress, SignUpRequest } from '#shared/contracts/account.contract.ts'
import { type Locale, OPTIN_RESEND_INTERVAL_MS, RESET_LINK_INTERVAL_MS } from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import { uniqueViolationOf } from '#server/modules/auth/account.repo.ts'
import { createAccountProfileService } from '#server/modules/auth/account-profile.service.ts'
import {
  type AccountServiceDeps,
  type AccountSupport,
  createAccountSupport,
  linkInvalid,
} from '#server/modules/auth/account-support.ts'
import { hashToken } from '#server/modules/auth/auth.service.ts'
import { verifyPassword } from '#server/modules/auth/password.ts'

export type { AccountServiceDeps } from '#server/modules/auth/account-support.ts'

const usernameTaken = (username: string) =>
  new AppError(ErrorCode.UsernameTaken, `The username ${username} is already taken`, {
    details: { username },
  })

type Addresses = { billing: BillingAddress; shipping: Address | null }

/**
 * Registration, opt-in, password reset and password change (issue 15, decision 0086). Answers never tell whether an
 * e-mail address has an account: the owner of a known address gets an informative mail instead.
 */
function createRegistrationService(deps: AccountServiceDeps, support: AccountSupport) {
  const { repo, links } = deps

  /** Creates the account and mails the opt-in link; a username or e-mail taken meanwhile is handled as before. */
  async function createAccount(
    body: SignUpRequest,
    addresses: Addresses,
    passwordHash: string,
    locale: Locale,
  ) {
    const id = newId()
    try {
      await repo.insertCustomer({
        id,
        username: body.username,
        email: body.email,
        isBusinessCustomer: body.isBusinessCustomer,
        passwordHash,
        billingAddress: addresses.billing,
        shippingAddress: addresses.shipping,
      })
    } catch (error) {
      if (uniqueViolationOf(error) === undefined) throw error
      if (await repo.usernameTaken(body.username)) throw usernameTaken(body.username)
      support.deliver({ kind: 'signup-known-address' }, body.email, locale)
      return
    }
    const link = await support.issueLink('optin', id, locale)
    support.deliver({ kind: 'optin', username: body.username, link }, body.email, locale)
  }

  return {
    /**
     * 409 username_taken for a taken username (usernames are public by choice); otherwise the same answer whether or
     * not the e-mail has an account. The password is hashed on both paths, so they take as long.
     */
    async signUp(body: SignUpRequest, locale: Locale): Promise<void> {
      const { billingAddress, shippingAddress, isBusinessCustomer } = body
      const addresses = await support.validAddresses(billingAddress, shippingAddress, isBusinessCustomer)
      if (await repo.usernameTaken(body.username)) throw usernameTaken(body.username)
      const passwordHash = await support.hashThroughQueue(body.password)
      const owner = await repo.findByEmail(body.email)
      if (owner === undefined) return createAccount(body, addresses, passwordHash, locale)
      support.deliver({ kind: 'signup-known-address' }, owner.email, locale)
    },

    async confirmOptIn(code: string): Promise<void> {
      const link = await links.consumeLink(hashToken(code), 'optin')
      if (link === undefined) throw linkInvalid()
      await links.confirmOptIn(link.user_id)
      await links.retireLinks(link.user_id, 'optin')
    },

    /** The sign-in of an unconfirmed account resends the opt-in mail, at most once an hour. */
    async resendOptIn(user: { id: string; username: string; email: string }, locale: Locale): Promise<void> {
      if (!(await links.claimOptInResend(user.id, OPTIN_RESEND_INTERVAL_MS))) return
      const link = await support.issueLink('optin', user.id, locale)
      support.deliver({ kind: 'optin', username: user.username, link }, user.email, locale)
    },

    /**
     * A reset link to a confirmed account, unless an unused one of the last 24 h exists ("Active code found":
     * not told, decision 0086). The caller always gets the same answer.
     */
    async requestReset(email: string, locale: Locale): Promise<void> {
      await links.deleteStaleLinks()
      const account = await repo.findByEmail(email)
      // The same look-up for an unknown address, so both take the same queries until the link is written.
      const recent = await links.hasRecentLiveLink(account?.id ?? '', 'reset', RESET_LINK_INTERVAL_MS)
      if (account === undefined || account.optin_pending || recent) return
      const link = await support.issueLink('reset', account.id, locale)
      support.deliver({ kind: 'reset', username: account.username, link }, account.email, locale)
    },

    /** Sets the password of a live reset link, ends its other reset links and every session of the account. */
    async resetPassword(code: string, password: string): Promise<void> {
      const tokenHash = hashToken(code)
      // Checked before the costly hash, taken after it: a full hashing queue does not burn the customer's link.
      if (!(await links.isLinkLive(tokenHash, 'reset'))) throw linkInvalid()
      const passwordHash = await support.hashThroughQueue(password)
      const link = await links.consumeLink(tokenHash, 'reset')
      if (link === undefined) throw linkInvalid()
      await repo.setPasswordHash(link.user_id, passwordHash)
      await links.retireLinks(link.user_id, 'reset')
      await deps.revokeAllSessions(link.user_id)
    },

    /** False for a wrong old password; on success every session of the account ends (the route clears the cookie). */
    async changePassword(userId: string, oldPassword: string, newPassword: string): Promise<boolean> {
      const stored = await repo.passwordHashOf(userId)
      const valid = await deps.hashing.run(() => verifyPassword(oldPassword, stored ?? ''))
      if (!valid || stored === undefined) return false
      await repo.setPasswordHash(userId, await support.hashThroughQueue(newPassword))
      await deps.revokeAllSessions(userId)
      return true
    },
  }
}

/** Every account operation of the routes: registration and passwords, e-mail change and the account data. */
export function createAccountService(deps: AccountServiceDeps) {
  const support = createAccountSupport(deps)
  return {
    ...createRegistrationService(deps, support),
    ...createAccountProfileService(deps, support),
    mailsSettled: support.mailsSettled,
  }
}
export type AccountService = ReturnType<typeof createAccountService>
