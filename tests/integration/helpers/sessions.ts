import type { FastifyInstance } from 'fastify'
import type { SignUpRequestInput } from '#shared/contracts/account.contract.ts'
import { LOGOUT_PATH, SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { hashPassword } from '#server/modules/auth/password.ts'

/**
 * Cheap argon2id parameters for test accounts (the hash is self-describing, so verification follows them; the
 * first sign-in stores a hash with the real parameters).
 */
const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const

export interface TestUser {
  id: string
  username: string
  email: string
  password: string
}

export async function createUser(
  db: Queryable,
  role: 'staff' | 'customer',
  username = `${role}-${newId().slice(0, 8)}`,
): Promise<TestUser> {
  const id = newId()
  const password = `pw-${newId().slice(0, 12)}`
  await db.query(`INSERT INTO users (id, username, email, password_hash, role) VALUES ($1, $2, $3, $4, $5)`, [
    id,
    username,
    `${username}@example.test`,
    await hashPassword(password, TEST_ARGON2),
    role,
  ])
  return { id, username, email: `${username}@example.test`, password }
}

/** The session cookie's `name=value` from a Set-Cookie header. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]
  const cookie = headers.find((header) => /schichtwerk-session=[^;]+/.test(header))
  return cookie?.split(';', 1)[0]
}

/** Signs in and returns the Cookie header value for later requests. */
export async function signIn(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: SIGN_IN_PATH,
    payload: { username: user.username, password: user.password },
  })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  const cookie = sessionCookieOf(response.headers['set-cookie'])
  if (cookie === undefined) throw new Error('sign-in set no session cookie')
  return cookie
}

export async function signOut(app: FastifyInstance, cookie: string): Promise<void> {
  await app.inject({ method: 'POST', url: LOGOUT_PATH, headers: { cookie } })
}

/** A valid registration body in Germany (the seeded shipping country DE); `countryId` from {@link germanyId}. */
export function signUpBody(
  countryId: string,
  overrides: Partial<SignUpRequestInput> = {},
): SignUpRequestInput {
  const name = `kunde${newId()
    .slice(0, 8)
    .replace(/[^A-Za-z0-9]/g, 'x')}`
  return {
    username: name,
    password: 'geheim-123',
    email: `${name}@example.test`,
    billingAddress: {
      firstname: 'Erika',
      lastname: 'Muster',
      street: 'Hauptstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      countryId,
    },
    shippingAddress: null,
    privacyAccepted: true,
    ...overrides,
  }
}

/** The id of the seeded shipping country Germany. */
export async function germanyId(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM shipping_countries WHERE country_code = 'DE'",
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('the seed has no Germany')
  return id
}

/** The single-use code of the one link in a mail text (opt-in, reset or e-mail change). */
export function linkCodeOf(text: string): string {
  const match = /(?:\/optin\/|\/reset-password\/|[?&]confirm=)([A-Za-z0-9_-]{43})/.exec(text)
  if (match?.[1] === undefined) throw new Error(`no link code in: ${text}`)
  return match[1]
}
