import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import type { Config } from '#server/config/env.ts'
import type { Queryable } from '#server/db/db.ts'
import { createAccountLinksRepo } from '#server/modules/auth/account-links.repo.ts'
import { createAccountRepo } from '#server/modules/auth/account.repo.ts'
import { createAccountRoutes } from '#server/modules/auth/account.routes.ts'
import { createAccountService, type AccountService } from '#server/modules/auth/account.service.ts'
import { type AccountThrottleOptions, createAccountThrottles } from '#server/modules/auth/account-throttle.ts'
import { createAuthRoutes } from '#server/modules/auth/auth.routes.ts'
import { createAuthService, type AuthService } from '#server/modules/auth/auth.service.ts'
import {
  createHashQueue,
  DEFAULT_HASH_QUEUE,
  type HashQueueOptions,
} from '#server/modules/auth/hash-queue.ts'
import { createRequireStaff, sessionCookieName } from '#server/modules/auth/request-guards.ts'
import { createSessionRepo } from '#server/modules/auth/session.repo.ts'
import type { MailMessage, SentMail } from '#server/modules/mail/mail.module.ts'
import {
  createSignInThrottle,
  DEFAULT_SIGN_IN_THROTTLE,
  type SignInThrottleOptions,
} from '#server/modules/auth/sign-in-throttle.ts'

export {
  registerSameOriginGuard,
  sessionCookieName,
  staffUserOf,
} from '#server/modules/auth/request-guards.ts'

export interface AuthModule {
  /** Sign-in, sign-out, the session routes and the account routes (issue 15). */
  plugin: FastifyPluginAsync
  service: AuthService
  /** Registration, links, reset, password and e-mail change, account data. */
  account: AccountService
  /** Pre-handler for staff routes: 403 cross-origin, 401 anonymous, 403 customer. */
  requireStaff: ReturnType<typeof createRequireStaff>
  /** The order back office's face (issue 17): marks a customer a verified company; false for no such customer. */
  verifyCompany(userId: string): Promise<boolean>
}

/** Bounds of sign-in (docs/decisions/0075-…); the defaults suit production, tests pass small ones. */
export interface SignInLimits {
  hashQueue?: HashQueueOptions
  throttle?: SignInThrottleOptions
  /** The throttles of signup, reset, e-mail and password change (account-throttle.ts). */
  account?: AccountThrottleOptions
}

/** What the account side needs from other modules: mail, the shipping countries (address rules), a log. */
export interface AccountDeps {
  mail: { send(message: MailMessage): Promise<SentMail> }
  countries(): Promise<readonly ShippingCountry[]>
  log: Pick<FastifyBaseLogger, 'error'>
}

/** Sessions and the staff guard (docs/decisions/0052-session-mechanism.md). */
export function createAuthModule(deps: {
  db: Queryable
  config: Config
  accounts: AccountDeps
  signIn?: SignInLimits
}): AuthModule {
  const secure = deps.config.publicUrl.startsWith('https://')
  const cookieName = sessionCookieName(secure)
  const publicOrigin = new URL(deps.config.publicUrl).origin
  const sessions = createSessionRepo(deps.db)
  const accountRepo = createAccountRepo(deps.db)
  // One hashing queue for sign-in, signup, reset and password change: together they never exceed its bounds.
  const hashing = createHashQueue(deps.signIn?.hashQueue ?? DEFAULT_HASH_QUEUE)
  const account = createAccountService({
    repo: accountRepo,
    links: createAccountLinksRepo(deps.db),
    revokeAllSessions: (userId) => sessions.deleteSessionsOf(userId),
    hashing,
    mail: deps.accounts.mail,
    countries: deps.accounts.countries,
    publicUrl: deps.config.publicUrl,
    onMailError: (error, kind) => deps.accounts.log.error({ err: error, kind }, 'account mail not sent'),
  })
  const auth = createAuthService(sessions, {
    hashing,
    throttle: createSignInThrottle(deps.signIn?.throttle ?? DEFAULT_SIGN_IN_THROTTLE),
    onOptInPending: (user, locale) => account.resendOptIn(user, locale),
  })
  const authRoutes = createAuthRoutes({ auth, cookieName, secureCookie: secure, publicOrigin })
  const accountRoutes = createAccountRoutes({
    account,
    auth,
    throttles: createAccountThrottles(deps.signIn?.account),
    cookieName,
    secureCookie: secure,
  })
  return {
    async plugin(app) {
      await app.register(authRoutes)
      await app.register(accountRoutes)
    },
    service: auth,
    account,
    requireStaff: createRequireStaff({ auth, publicOrigin, cookieName }),
    verifyCompany: (userId) => accountRepo.markVerifiedCompany(userId),
  }
}
