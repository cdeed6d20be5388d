import { randomBytes } from 'node:crypto'
import type { Address, BillingAddress } from '#shared/contracts/account.contract.ts'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import { type AccountLinkKind, accountLinkUrl } from '#shared/domain/account-links.ts'
import { addressIssues, parseAddress } from '#shared/domain/forms/address.ts'
import {
  EMAIL_CHANGE_LINK_TTL_MS,
  type Locale,
  OPTIN_LINK_TTL_MS,
  RESET_LINK_TTL_MS,
} from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode, type ErrorIssue } from '#shared/errors/error-codes.ts'
import { type AccountMail, accountMailMessage } from '#server/modules/auth/account-mails.ts'
import type { AccountLinksRepo } from '#server/modules/auth/account-links.repo.ts'
import type { AccountRepo } from '#server/modules/auth/account.repo.ts'
import { hashToken } from '#server/modules/auth/auth.service.ts'
import { type HashQueue, HashQueueBusyError } from '#server/modules/auth/hash-queue.ts'
import { hashPassword } from '#server/modules/auth/password.ts'
import type { MailMessage, SentMail } from '#server/modules/mail/mail.module.ts'

/** What the account services are built from (auth.module.ts wires it). */
export interface AccountServiceDeps {
  repo: AccountRepo
  links: AccountLinksRepo
  /** Revokes every session of an account (reset, password change). */
  revokeAllSessions(userId: string): Promise<void>
  hashing: HashQueue
  mail: { send(message: MailMessage): Promise<SentMail> }
  /** The shipping countries (their ids are the addresses' countryIds), from the shipping module. */
  countries(): Promise<readonly ShippingCountry[]>
  publicUrl: string
  onMailError(error: unknown, kind: AccountMail['kind']): void
}

const LINK_TTL_MS: Record<AccountLinkKind, number> = {
  optin: OPTIN_LINK_TTL_MS,
  reset: RESET_LINK_TTL_MS,
  'email-change': EMAIL_CHANGE_LINK_TTL_MS,
}

export const linkInvalid = () =>
  new AppError(ErrorCode.LinkInvalid, 'The link was already used or has expired')

/** Field issues of an address as the error body's issues: the path names the field, the message its issue code. */
function issuesAt(prefix: string, issues: Partial<Record<string, string>>): ErrorIssue[] {
  return Object.entries(issues).map(([field, code]) => ({
    path: [prefix, field],
    code: 'custom',
    message: code ?? 'invalid_choice',
  }))
}

/**
 * The pieces both account services share: mails in the background, link codes, hashing through the queue and the
 * address rules. Mails leave in the background so that neither SMTP latency nor a skipped mail (a known or unknown
 * address) shows in an answer's timing (decision 0086).
 */
export function createAccountSupport(deps: AccountServiceDeps) {
  const pendingMails = new Set<Promise<void>>()

  return {
    deliver(mail: AccountMail, to: string, locale: Locale): void {
      const message = accountMailMessage(mail, to, locale)
      // After the answer is on its way: composing and writing the mail (the outbox writes synchronously) must not
      // lengthen the answers that send one against those that do not.
      const sending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => deps.mail.send(message))
        .then(
          () => undefined,
          (error: unknown) => deps.onMailError(error, mail.kind),
        )
      pendingMails.add(sending)
      void sending.finally(() => pendingMails.delete(sending))
    },

    /** A new link: 32 random bytes as base64url in the mail, only their SHA-256 in the database. */
    async issueLink(kind: AccountLinkKind, userId: string, locale: Locale, newEmail?: string) {
      const code = randomBytes(32).toString('base64url')
      await deps.links.insertLink(hashToken(code), {
        kind,
        userId,
        ttlMs: LINK_TTL_MS[kind],
        ...(newEmail === undefined ? {} : { newEmail }),
      })
      return accountLinkUrl(deps.publicUrl, kind, code, locale)
    },

    /** A password hash through the sign-in hashing queue; a full queue answers 503 service_busy. */
    async hashThroughQueue(password: string): Promise<string> {
      try {
        return await deps.hashing.run(() => hashPassword(password))
      } catch (error) {
        if (error instanceof HashQueueBusyError)
          throw new AppError(ErrorCode.ServiceBusy, 'Busy, retry later')
        throw error
      }
    },

    /** Both addresses checked by the shared rules of part 2 §5; 400 validation_failed with field issues otherwise. */
    async validAddresses(
      billingAddress: BillingAddress,
      shippingAddress: Address | null,
      isBusinessCustomer: boolean,
    ): Promise<{ billing: BillingAddress; shipping: Address | null }> {
      const countries = await deps.countries()
      const billingRules = { countries, isBusinessCustomer, kind: 'billing' } as const
      const shippingRules = { countries, isBusinessCustomer, kind: 'shipping' } as const
      const issues = [
        ...issuesAt('billingAddress', addressIssues(billingAddress, billingRules)),
        ...issuesAt('shippingAddress', shippingAddress ? addressIssues(shippingAddress, shippingRules) : {}),
      ]
      if (issues.length > 0) throw new AppError(ErrorCode.ValidationFailed, 'Invalid address', { issues })
      return {
        billing: parseAddress(billingAddress, billingRules) as BillingAddress,
        shipping: shippingAddress && parseAddress(shippingAddress, shippingRules),
      }
    },

    /** Resolves when every mail handed over so far has been sent or failed (shutdown, tests). */
    async mailsSettled(): Promise<void> {
      await Promise.all([...pendingMails])
    },
  }
}
export type AccountSupport = ReturnType<typeof createAccountSupport>
