import { type ActorRefFrom, fromPromise } from 'xstate'
import { loginMachine, type SignInInput } from '#machines/login/login.machine.ts'
import { type sessionMachine } from '#machines/session/session.machine.ts'
import { SessionResponseSchema, SIGN_IN_PATH, type SessionUser } from '#shared/contracts/auth.contract.ts'
import {
  API_KEY_HEADER,
  LANGUAGE_HEADER,
  LANGUAGE_HEADER_VALUES,
  type Locale,
} from '#shared/domain/limits.ts'
import { ErrorBodySchema, ErrorCode } from '#shared/errors/error-codes.ts'
import { ApiRequestError } from './api-client.ts'

/** A refused sign-in; a throttled one (429) says how long to wait. */
export class SignInError extends ApiRequestError {
  override name = 'SignInError'
  readonly retryAfterSeconds: number | null

  constructor(code: ErrorCode, status: number | null, retryAfterSeconds: number | null = null) {
    super(code, status, `sign-in failed (${status ?? 'no answer'})`)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export type LoginDeps = {
  fetch: typeof fetch
  locale: () => Locale
  apiKey?: string | undefined
  session: ActorRefFrom<typeof sessionMachine>
  /** A path of this site without locale prefix (it may carry a search), shown in the current language. */
  showPage: (path: string) => void
}

/** The wait of a 429: the Retry-After header (seconds), else the body's `details.retryAfterSeconds`. */
function retryAfterOf(response: Response, body: unknown): number | null {
  const header = Number(response.headers.get('retry-after'))
  if (Number.isFinite(header) && header > 0) return header
  const parsed = ErrorBodySchema.safeParse(body)
  const seconds = parsed.success ? parsed.data.error.details?.retryAfterSeconds : undefined
  return typeof seconds === 'number' ? seconds : null
}

/**
 * `POST /api/auth/signin` outside the API client's session rule: its 401 means wrong credentials, not an expired
 * session to refresh (docs/decisions/0088).
 */
export function signInCall(deps: Pick<LoginDeps, 'fetch' | 'locale' | 'apiKey'>) {
  return async (input: SignInInput, signal: AbortSignal): Promise<SessionUser> => {
    let response: Response
    try {
      response = await deps.fetch(SIGN_IN_PATH, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [LANGUAGE_HEADER]: LANGUAGE_HEADER_VALUES[deps.locale()],
          ...(deps.apiKey ? { [API_KEY_HEADER]: deps.apiKey } : {}),
        },
        body: JSON.stringify(input),
        credentials: 'same-origin',
        signal,
      })
    } catch {
      throw new SignInError(ErrorCode.ServiceUnavailable, null)
    }
    const body: unknown = await response.json().catch(() => null)
    if (response.ok) {
      const parsed = SessionResponseSchema.safeParse(body)
      if (parsed.success) return parsed.data.user
      throw new SignInError(ErrorCode.Internal, response.status)
    }
    const code = ErrorBodySchema.safeParse(body)
    throw new SignInError(
      code.success ? code.data.error.code : ErrorCode.Internal,
      response.status,
      response.status === 429 ? retryAfterOf(response, body) : null,
    )
  }
}

/** The login form with its client edges: the sign-in call, the session actor and navigation. */
export function createLoginActors(deps: LoginDeps) {
  const signIn = signInCall(deps)
  return loginMachine.provide({
    actors: { signIn: fromPromise(({ input, signal }) => signIn(input, signal)) },
    actions: {
      tellSession: (_, params) => deps.session.send({ type: 'session.loggedIn', user: params.user }),
      navigate: (_, params) => deps.showPage(params.to),
    },
  })
}
