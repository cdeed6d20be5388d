import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import {
  LOGOUT_PATH,
  REFRESH_PATH,
  SIGN_IN_PATH,
  SessionResponseSchema,
  SignInRequestSchema,
} from '#shared/contracts/auth.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode, errorStatus } from '#shared/errors/error-codes.ts'
import { errorBody } from '#server/http/error-handler.ts'
import { JSON_CONTENT_TYPE, parseResponse } from '#server/http/respond.ts'
import type { AuthService, Session } from '#server/modules/auth/auth.service.ts'
import { createSameOriginGuard } from '#server/modules/auth/request-guards.ts'
import { requestLocale } from '#server/modules/auth/request-locale.ts'

/** Sign-in attempts per minute and address: slows password guessing without locking anyone out. */
export const SIGN_IN_RATE_LIMIT_PER_MINUTE = 20

/**
 * A sign-in refused before its password was checked: 429 sign_in_throttled (the account's throttle) or 503
 * service_busy (the hashing queue is full), with Retry-After in whole seconds. Sent here rather than thrown: a busy
 * queue is expected under a flood, not a bug for the error log.
 */
function refuse(
  reply: FastifyReply,
  code: typeof ErrorCode.SignInThrottled | typeof ErrorCode.ServiceBusy,
  retryAfterMs: number,
): FastifyReply {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1_000))
  const message =
    code === ErrorCode.SignInThrottled
      ? 'Too many failed sign-ins for this account, retry later'
      : 'Sign-in is busy, retry later'
  return reply
    .code(errorStatus[code])
    .header('retry-after', String(retryAfterSeconds))
    .type(JSON_CONTENT_TYPE)
    .send(errorBody(code, message, { details: { retryAfterSeconds } }))
}

/** Drops the session cookie in the browser (sign-out, a failed sign-in, a password change). */
export function clearSession(reply: FastifyReply, cookieName: string, secure: boolean): void {
  reply.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure })
}

export function createAuthRoutes(deps: {
  auth: AuthService
  cookieName: string
  secureCookie: boolean
  publicOrigin: string
}): FastifyPluginAsync {
  const sameOrigin = createSameOriginGuard(deps.publicOrigin)

  function setSessionCookie(reply: FastifyReply, session: Session): void {
    reply.setCookie(deps.cookieName, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookie,
      expires: session.expiresAt,
    })
  }
  const clearSessionCookie = (reply: FastifyReply) => clearSession(reply, deps.cookieName, deps.secureCookie)
  const answer = (session: Session) =>
    parseResponse(SessionResponseSchema, { user: session.user, expiresAt: session.expiresAt.toISOString() })

  return async (app) => {
    app.post(
      SIGN_IN_PATH,
      {
        preHandler: sameOrigin,
        config: { rateLimit: { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const { username, password } = SignInRequestSchema.parse(request.body)
        // A new session id per sign-in (no fixation): an existing session of this browser ends.
        await deps.auth.logout(request.cookies[deps.cookieName])
        const outcome = await deps.auth.signIn(username, password, requestLocale(request))
        reply.header('cache-control', 'no-store')
        if (outcome.kind === 'throttled')
          return refuse(reply, ErrorCode.SignInThrottled, outcome.retryAfterMs)
        if (outcome.kind === 'busy') return refuse(reply, ErrorCode.ServiceBusy, outcome.retryAfterMs)
        if (outcome.kind === 'wrong-credentials') {
          clearSessionCookie(reply)
          throw new AppError(ErrorCode.Unauthorized, 'Wrong username or password')
        }
        setSessionCookie(reply, outcome.session)
        return answer(outcome.session)
      },
    )

    app.post(REFRESH_PATH, { preHandler: sameOrigin }, async (request, reply) => {
      const session = await deps.auth.refresh(request.cookies[deps.cookieName])
      reply.header('cache-control', 'no-store')
      if (session === undefined) {
        clearSessionCookie(reply)
        // "Not signed in" is a normal answer to this probe, not an error: 201 means signed in (spec part 2 §4),
        // 204 means anonymous, so every anonymous page view does not log a failed request in the browser.
        return reply.code(204).send()
      }
      setSessionCookie(reply, session)
      return reply.code(201).send(answer(session))
    })

    app.post(LOGOUT_PATH, { preHandler: sameOrigin }, async (request, reply) => {
      await deps.auth.logout(request.cookies[deps.cookieName])
      clearSessionCookie(reply)
      return reply.code(204).send()
    })
  }
}
