import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LOGOUT_PATH,
  REFRESH_PATH,
  SIGN_IN_PATH,
  SessionResponseSchema,
} from '#shared/contracts/auth.contract.ts'
import { staffPaths } from '#shared/contracts/staff-catalogue.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from '#server/modules/auth/auth.routes.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'
import { createUser, sessionCookieOf, signIn, type TestUser } from '#tests/integration/helpers/sessions.ts'

let t: TestApp
let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  t = await createTestApp({ seed: true })
  staff = await createUser(t.db, 'staff')
  customer = await createUser(t.db, 'customer')
})
afterAll(async () => {
  await t.close()
})

const errorCode = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code

describe('POST /api/auth/signin', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and stores only the hash of a 256-bit token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: SIGN_IN_PATH,
      payload: { username: staff.username, password: staff.password },
    })
    expect(response.statusCode).toBe(200)
    const body = SessionResponseSchema.parse(response.json())
    expect(body.user).toEqual({
      id: staff.id,
      username: staff.username,
      email: staff.email,
      isBusinessCustomer: false,
      role: 'staff',
    })
    expect(response.headers['cache-control']).toBe('no-store')

    const setCookie = String(response.headers['set-cookie'])
    expect(setCookie).toMatch(/^schichtwerk-session=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toMatch(/; HttpOnly/)
    expect(setCookie).toMatch(/; SameSite=Lax/)
    expect(setCookie).toMatch(/; Path=\//)
    // PUBLIC_URL is http in this test: no Secure flag (the browser would drop the cookie), hence no __Host- prefix.
    expect(setCookie).not.toMatch(/Secure/)

    const token = sessionCookieOf(response.headers['set-cookie'])!.split('=')[1]!
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const { rows } = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE user_id = $1',
      [staff.id],
    )
    expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('accepts the e-mail address as login, case-insensitively', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: SIGN_IN_PATH,
      payload: { username: `${customer.username.toUpperCase()}@EXAMPLE.TEST`, password: customer.password },
    })
    expect(response.statusCode).toBe(200)
  })

  it('answers a wrong password and an unknown user alike: 401 unauthorized, no cookie', async () => {
    for (const payload of [
      { username: staff.username, password: 'wrong-password' },
      { username: 'nobody-here', password: 'wrong-password' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: SIGN_IN_PATH, payload })
      expect(response.statusCode).toBe(401)
      expect(errorCode(response.body)).toBe('unauthorized')
      expect(sessionCookieOf(response.headers['set-cookie'])).toBeUndefined()
    }
  })

  it('refuses extra fields (mass assignment) and malformed bodies with 400', async () => {
    for (const payload of [
      { username: staff.username, password: staff.password, role: 'staff' },
      { username: staff.username },
      { username: 1, password: 2 },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: SIGN_IN_PATH, payload })
      expect(response.statusCode).toBe(400)
      expect(errorCode(response.body)).toBe('validation_failed')
    }
  })

  it('gives every sign-in a new session (no fixation) and ends the one the browser had', async () => {
    const first = await signIn(t.app, staff)
    const response = await t.app.inject({
      method: 'POST',
      url: SIGN_IN_PATH,
      headers: { cookie: first },
      payload: { username: staff.username, password: staff.password },
    })
    const second = sessionCookieOf(response.headers['set-cookie'])
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    expect(
      (await t.app.inject({ method: 'POST', url: REFRESH_PATH, headers: { cookie: first } })).statusCode,
    ).toBe(204)
  })

  it('refuses a sign-in posted from another origin', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: SIGN_IN_PATH,
        headers,
        payload: { username: staff.username, password: staff.password },
      })
      expect(response.statusCode).toBe(403)
    }
  })
})

describe('POST /api/auth/refresh and /api/auth/logout', () => {
  it('answers 201 with the user while signed in, 204 without a session', async () => {
    const cookie = await signIn(t.app, customer)
    const refreshed = await t.app.inject({ method: 'POST', url: REFRESH_PATH, headers: { cookie } })
    expect(refreshed.statusCode).toBe(201)
    expect(SessionResponseSchema.parse(refreshed.json()).user.role).toBe('customer')
    expect(sessionCookieOf(refreshed.headers['set-cookie'])).toBe(cookie)

    expect((await t.app.inject({ method: 'POST', url: REFRESH_PATH })).statusCode).toBe(204)
    const forged = await t.app.inject({
      method: 'POST',
      url: REFRESH_PATH,
      headers: { cookie: 'schichtwerk-session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    })
    expect(forged.statusCode).toBe(204)
  })

  it('ends the session: the same cookie is refused afterwards', async () => {
    const cookie = await signIn(t.app, customer)
    const logout = await t.app.inject({ method: 'POST', url: LOGOUT_PATH, headers: { cookie } })
    expect(logout.statusCode).toBe(204)
    expect(String(logout.headers['set-cookie'])).toMatch(/schichtwerk-session=;/)
    expect((await t.app.inject({ method: 'POST', url: REFRESH_PATH, headers: { cookie } })).statusCode).toBe(
      204,
    )
    // Logging out without a session is fine too.
    expect((await t.app.inject({ method: 'POST', url: LOGOUT_PATH })).statusCode).toBe(204)
  })

  it('does not accept an expired session', async () => {
    const cookie = await signIn(t.app, customer)
    const token = cookie.split('=')[1]!
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      createHash('sha256').update(token).digest('hex'),
    ])
    expect((await t.app.inject({ method: 'POST', url: REFRESH_PATH, headers: { cookie } })).statusCode).toBe(
      204,
    )
  })
})

describe('requireStaff on /api/staff routes', () => {
  const url = staffPaths.list('materials')

  it('answers anonymous 401, a customer 403 and staff 200', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url })
    expect(anonymous.statusCode).toBe(401)
    expect(errorCode(anonymous.body)).toBe('unauthorized')

    const asCustomer = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await signIn(t.app, customer) },
    })
    expect(asCustomer.statusCode).toBe(403)
    expect(errorCode(asCustomer.body)).toBe('forbidden')

    const asStaff = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await signIn(t.app, staff) },
    })
    expect(asStaff.statusCode).toBe(200)
  })

  it('refuses state-changing staff requests from another origin, even with a staff session', async () => {
    const cookie = await signIn(t.app, staff)
    const payload = { name: { de: 'Testmaterial' } }
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload })
      expect(response.statusCode, JSON.stringify(headers)).toBe(403)
    }
    const { rows } = await t.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM materials WHERE name->>'de' = 'Testmaterial'",
    )
    expect(rows[0]?.count).toBe(0)

    // The shop's own pages (same origin, or the public origin) may.
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { origin: t.config.publicUrl }]) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload })
      expect(response.statusCode, JSON.stringify(headers)).toBe(201)
    }
  })
})

describe('behind HTTPS', () => {
  it('uses a __Host- cookie with the Secure flag', async () => {
    const secure = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example' } })
    try {
      const user = await createUser(secure.db, 'staff')
      const response = await secure.app.inject({
        method: 'POST',
        url: SIGN_IN_PATH,
        payload: { username: user.username, password: user.password },
      })
      expect(response.statusCode).toBe(200)
      const setCookie = String(response.headers['set-cookie'])
      expect(setCookie).toMatch(/^__Host-schichtwerk-session=/)
      expect(setCookie).toMatch(/; Secure/)
      expect(setCookie).toMatch(/; HttpOnly/)
      expect(setCookie).not.toMatch(/Domain=/)
    } finally {
      await secure.close()
    }
  })
})

describe('sign-in throttling', () => {
  it('answers 429 rate_limited after SIGN_IN_RATE_LIMIT_PER_MINUTE attempts from one address', async () => {
    const fresh = await createTestApp({ seed: false })
    try {
      // A new account each time, so only the per-address limit counts (the per-account throttle is 0075's).
      const attempt = (i: number) =>
        fresh.app.inject({
          method: 'POST',
          url: SIGN_IN_PATH,
          payload: { username: `nobody-${i}`, password: 'wrong-password' },
        })
      for (let i = 0; i < SIGN_IN_RATE_LIMIT_PER_MINUTE; i++) expect((await attempt(i)).statusCode).toBe(401)
      const limited = await attempt(SIGN_IN_RATE_LIMIT_PER_MINUTE)
      expect(limited.statusCode).toBe(429)
      expect(errorCode(limited.body)).toBe('rate_limited')
    } finally {
      await fresh.close()
    }
  })
})
