import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  EMAIL_CHANGE_PATH,
  EMAIL_CONFIRM_PATH,
  EmailChangeRequestSchema,
  EmailConfirmRequestSchema,
  NeutralAnswerSchema,
  OPTIN_PATH,
  OptInRequestSchema,
  PASSWORD_CHANGE_PATH,
  PasswordChangeRequestSchema,
  RESET_PASSWORD_CALLBACK_PATH,
  RESET_PASSWORD_PATH,
  ResetPasswordCallbackRequestSchema,
  ResetPasswordRequestSchema,
  SIGN_UP_PATH,
  SignUpRequestSchema,
  SignUpResponseSchema,
  UpdateUserDetailsRequestSchema,
  UpdateUserPreferencesRequestSchema,
  USER_DETAILS_PATH,
  USER_PREFERENCES_PATH,
  UserDetailsSchema,
} from '#shared/contracts/account.contract.ts'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode, errorStatus } from '#shared/errors/error-codes.ts'
import { errorBody } from '#server/http/error-handler.ts'
import { JSON_CONTENT_TYPE, parseResponse } from '#server/http/respond.ts'
import { type AccountThrottles, admitMailRequest, mailKeyOf } from '#server/modules/auth/account-throttle.ts'
import type { AccountService } from '#server/modules/auth/account.service.ts'
import { clearSession } from '#server/modules/auth/auth.routes.ts'
import type { AuthService } from '#server/modules/auth/auth.service.ts'
import { HashQueueBusyError } from '#server/modules/auth/hash-queue.ts'
import { requestLocale } from '#server/modules/auth/request-locale.ts'

/**
 * Requests per minute and address on each account route (signup, links, reset, password and e-mail change): enough
 * for a household behind one address, few for a script. The per-address and per-account throttles come on top.
 */
export const ACCOUNT_RATE_LIMIT_PER_MINUTE = 10
const rateLimited = { rateLimit: { max: ACCOUNT_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } }

/** The one answer of reset and e-mail change requests, whatever they came to (no enumeration). */
const NEUTRAL = parseResponse(NeutralAnswerSchema, { status: 'accepted' })

export interface AccountRoutesDeps {
  account: AccountService
  auth: Pick<AuthService, 'authenticate'>
  throttles: AccountThrottles
  cookieName: string
  secureCookie: boolean
}

/** 429 account_throttled with Retry-After in whole seconds. */
function throttled(reply: FastifyReply, retryAfterMs: number): FastifyReply {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1_000))
  return reply
    .code(errorStatus[ErrorCode.AccountThrottled])
    .header('retry-after', String(retryAfterSeconds))
    .type(JSON_CONTENT_TYPE)
    .send(
      errorBody(ErrorCode.AccountThrottled, 'Too many requests, retry later', {
        details: { retryAfterSeconds },
      }),
    )
}

/** The account data of the session: details (account form) and preferences (header switch). */
function registerAccountDataRoutes(
  app: FastifyInstance,
  account: AccountService,
  sessionUser: (request: FastifyRequest) => Promise<SessionUser>,
): void {
  app.get(USER_DETAILS_PATH, async (request) => {
    const user = await sessionUser(request)
    return parseResponse(UserDetailsSchema, await account.details(user.id))
  })

  app.put(USER_DETAILS_PATH, async (request) => {
    const user = await sessionUser(request)
    const body = UpdateUserDetailsRequestSchema.parse(request.body)
    return parseResponse(UserDetailsSchema, await account.updateDetails(user.id, body))
  })

  app.put(USER_PREFERENCES_PATH, async (request) => {
    const user = await sessionUser(request)
    const body = UpdateUserPreferencesRequestSchema.parse(request.body)
    return parseResponse(UserDetailsSchema, await account.updatePreferences(user.id, body))
  })
}

/** Registration, the mail links, reset, password and e-mail change, and the account data (issue 15). */
export function createAccountRoutes(deps: AccountRoutesDeps): FastifyPluginAsync {
  const { account, throttles } = deps

  async function sessionUser(request: FastifyRequest): Promise<SessionUser> {
    const user = await deps.auth.authenticate(request.cookies[deps.cookieName])
    if (user === undefined) throw new AppError(ErrorCode.Unauthorized, 'Sign in first')
    return user
  }

  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })

    app.post(SIGN_UP_PATH, { config: rateLimited }, async (request, reply) => {
      const body = SignUpRequestSchema.parse(request.body)
      const wait = admitMailRequest(throttles.signUp, mailKeyOf(body.email))
      if (wait !== undefined) return throttled(reply, wait)
      await account.signUp(body, requestLocale(request))
      return reply.code(201).send(parseResponse(SignUpResponseSchema, { status: 'pending-optin' }))
    })

    app.post(OPTIN_PATH, { config: rateLimited }, async (request, reply) => {
      await account.confirmOptIn(OptInRequestSchema.parse(request.body).uuid)
      return reply.code(204).send()
    })

    app.post(RESET_PASSWORD_PATH, { config: rateLimited }, async (request, reply) => {
      const { email } = ResetPasswordRequestSchema.parse(request.body)
      const wait = admitMailRequest(throttles.reset, mailKeyOf(email))
      if (wait !== undefined) return throttled(reply, wait)
      await account.requestReset(email, requestLocale(request))
      return reply.code(202).send(NEUTRAL)
    })

    app.post(RESET_PASSWORD_CALLBACK_PATH, { config: rateLimited }, async (request, reply) => {
      const { uuid, password } = ResetPasswordCallbackRequestSchema.parse(request.body)
      await account.resetPassword(uuid, password)
      clearSession(reply, deps.cookieName, deps.secureCookie)
      return reply.code(204).send()
    })

    app.post(PASSWORD_CHANGE_PATH, { config: rateLimited }, async (request, reply) => {
      const user = await sessionUser(request)
      const { oldPassword, newPassword } = PasswordChangeRequestSchema.parse(request.body)
      const admission = throttles.passwordChange.admit(`user:${user.id}`)
      if (!admission.admitted) return throttled(reply, admission.retryAfterMs)
      let changed: boolean
      try {
        changed = await account.changePassword(user.id, oldPassword, newPassword)
      } catch (error) {
        admission.settle('unchecked')
        if (error instanceof HashQueueBusyError)
          throw new AppError(ErrorCode.ServiceBusy, 'Busy, retry later')
        throw error
      }
      admission.settle(changed ? 'succeeded' : 'failed')
      if (!changed) throw new AppError(ErrorCode.WrongPassword, 'The old password is wrong')
      // Every session of the account ended with the change: this browser signs in again (part 2 §4).
      clearSession(reply, deps.cookieName, deps.secureCookie)
      return reply.code(204).send()
    })

    app.post(EMAIL_CHANGE_PATH, { config: rateLimited }, async (request, reply) => {
      const user = await sessionUser(request)
      const { email } = EmailChangeRequestSchema.parse(request.body)
      const wait =
        admitMailRequest(throttles.emailChange, `user:${user.id}`) ??
        admitMailRequest(throttles.emailChange, mailKeyOf(email))
      if (wait !== undefined) return throttled(reply, wait)
      await account.requestEmailChange(user.id, email, requestLocale(request))
      return reply.code(202).send(NEUTRAL)
    })

    app.post(EMAIL_CONFIRM_PATH, { config: rateLimited }, async (request, reply) => {
      await account.confirmEmailChange(EmailConfirmRequestSchema.parse(request.body).uuid)
      return reply.code(204).send()
    })

    registerAccountDataRoutes(app, account, sessionUser)
  }
}
