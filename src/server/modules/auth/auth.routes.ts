import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import {
  LOGOUT_PATH,
  REFRESH_PATH,
  SIGN_IN_PATH,
  SessionResponseSchema,
  SignInRequestSchema,
} from '#shared/contracts/auth.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { AuthService, Session } from '#server/modules/auth/auth.service.ts'
import { createSameOriginGuard } from '#server/modules/auth/request-guards.ts'

/** Sign-in attempts per minute and address: slows password guessing without locking anyone out. */
export const SIGN_IN_RATE_LIMIT_PER_MINUTE = 20

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
  function clearSessionCookie(reply: FastifyReply): void {
    reply.clearCookie(deps.cookieName, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookie,
    })
  }
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
        const session = await deps.auth.signIn(username, password)
        if (session === undefined) {
          clearSessionCookie(reply)
          throw new AppError(ErrorCode.Unauthorized, 'Wrong username or password')
        }
        setSessionCookie(reply, session)
        reply.header('cache-control', 'no-store')
        return answer(session)
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
