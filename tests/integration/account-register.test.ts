import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  OPTIN_PATH,
  SIGN_UP_PATH,
  type SignUpRequestInput,
  USER_DETAILS_PATH,
  UserDetailsSchema,
} from '#shared/contracts/account.contract.ts'
import { SIGN_IN_PATH, SessionResponseSchema } from '#shared/contracts/auth.contract.ts'
import { LANGUAGE_HEADER } from '#shared/domain/limits.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { DEMO_CUSTOMER, seed } from '#server/db/seed.ts'
import type { OutboxMail } from '#server/modules/mail/outbox.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'
import { germanyId, linkCodeOf, sessionCookieOf, signUpBody } from '#tests/integration/helpers/sessions.ts'

/** Registration, opt-in and sign-in before the opt-in (issue 15, decision 0086). */

let t: TestApp
let de: string
let address = 0

beforeAll(async () => {
  t = await createTestApp({ seed: true })
  de = await germanyId(t.db)
})
afterAll(async () => {
  await t.close()
})

/** Each test its own client address: the per-address rate limit of the account routes is tested on its own. */
const nextAddress = () => `10.1.0.${++address}`

const post = (url: string, payload: unknown, options: { ip?: string; language?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? nextAddress(),
    headers: options.language === undefined ? {} : { [LANGUAGE_HEADER]: options.language },
  })

const errorOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error

/** The mails to `to`, once at least `count` arrived (account mails leave in the background). */
async function mailsTo(to: string, count = 1): Promise<OutboxMail[]> {
  return vi.waitFor(
    () => {
      const mails = t.mail.outbox!.list().filter((mail) => mail.to.includes(to))
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${to}`)
      return mails
    },
    { timeout: 5_000, interval: 20 },
  )
}

async function register(overrides: Partial<SignUpRequestInput> = {}, language?: string) {
  const body = signUpBody(de, overrides)
  const response = await post(SIGN_UP_PATH, body, language === undefined ? {} : { language })
  return { body, response }
}

describe('POST /api/auth/signup', () => {
  it('creates an account awaiting the opt-in and mails the link in the shopper language', async () => {
    const { body, response } = await register({}, 'GB')
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ status: 'pending-optin' })
    const [mail] = await mailsTo(body.email)
    expect(mail!.subject).toBe('Please confirm your registration at Schichtwerk')
    expect(mail!.text).toMatch(/http:\/\/localhost:\d+\/en\/optin\/[A-Za-z0-9_-]{43}/)
    const { rows } = await t.db.query<{ optin_pending: boolean; password_hash: string }>(
      'SELECT optin_pending, password_hash FROM users WHERE username = $1',
      [body.username],
    )
    expect(rows[0]!.optin_pending).toBe(true)
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/)
  })

  it('writes German links without a prefix and French ones under /fr', async () => {
    const german = await register()
    const french = await register({}, 'FR')
    expect((await mailsTo(german.body.email))[0]!.text).toMatch(/localhost:\d+\/optin\//)
    const [frenchMail] = await mailsTo(french.body.email)
    expect(frenchMail!.text).toMatch(/localhost:\d+\/fr\/optin\//)
    expect(frenchMail!.subject).toBe('Veuillez confirmer votre inscription chez Schichtwerk')
  })

  it('answers 409 username_taken with the name for a taken username (any case)', async () => {
    const first = await register()
    const { response } = await register({ username: first.body.username.toUpperCase() })
    expect(response.statusCode).toBe(409)
    const error = errorOf(response.body)
    expect(error.code).toBe('username_taken')
    expect(error.details).toEqual({ username: first.body.username.toUpperCase() })
  })

  it('answers a known e-mail exactly like a new one and mails its owner instead', async () => {
    const first = await register()
    await mailsTo(first.body.email)
    const again = await register({ email: first.body.email.toUpperCase() })
    const fresh = await register()
    expect(again.response.statusCode).toBe(fresh.response.statusCode)
    expect(again.response.body).toBe(fresh.response.body)
    const mails = await mailsTo(first.body.email, 2)
    expect(mails[1]!.subject).toBe('Registrierungsversuch mit Ihrer E-Mail-Adresse')
    expect(mails[1]!.text).not.toMatch(/optin/)
    const { rows } = await t.db.query('SELECT 1 FROM users WHERE username = $1', [again.body.username])
    expect(rows).toHaveLength(0)
  })

  it('takes about as long for a known as for a new e-mail (the password is hashed on both paths)', async () => {
    const known: number[] = []
    const fresh: number[] = []
    const timed = async (overrides: Partial<SignUpRequestInput>) => {
      const started = performance.now()
      expect((await register(overrides)).response.statusCode).toBe(201)
      return performance.now() - started
    }
    for (let round = 0; round < 5; round++) {
      const first = await register()
      known.push(await timed({ email: first.body.email }))
      fresh.push(await timed({}))
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!
    // Generous: the machine is shared and argon2id varies; a missing hash would differ by a whole hash (~50 ms+).
    const tolerance = Math.max(100, median(fresh) / 2)
    expect(Math.abs(median(known) - median(fresh))).toBeLessThan(tolerance)
  })

  it('reports field issues of the addresses as a 400 with their codes', async () => {
    const body = signUpBody(de)
    const { response } = await register({
      billingAddress: { ...body.billingAddress, postalCode: '123' },
      shippingAddress: { ...body.billingAddress, countryId: 'x'.repeat(22) },
      isBusinessCustomer: true,
    })
    expect(response.statusCode).toBe(400)
    const issues = errorOf(response.body).issues!.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues).toEqual(
      expect.arrayContaining([
        ['billingAddress.postalCode', 'invalid_postal_code'],
        ['billingAddress.company', 'required'],
        ['shippingAddress.countryId', 'invalid_choice'],
      ]),
    )
  })

  it('reports field issues of the account fields with their codes', async () => {
    const { response } = await register({ username: 'a@b', password: 'short' })
    expect(response.statusCode).toBe(400)
    const messages = errorOf(response.body).issues!.map((issue) => [issue.path.join('.'), issue.message])
    expect(messages).toEqual(
      expect.arrayContaining([
        ['username', 'too_short'],
        ['password', 'too_short'],
      ]),
    )
  })

  it('throttles signups for one address: 429 account_throttled with Retry-After', async () => {
    const email = signUpBody(de).email
    const statuses: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await register({ email })).response.statusCode)
    }
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201])
    expect(statuses[3]).toBe(429)
    const last = await register({ email })
    expect(errorOf(last.response.body).code).toBe('account_throttled')
    expect(Number(last.response.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('limits signups per client address: the 11th in a minute is 429', async () => {
    const ip = nextAddress()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await post(SIGN_UP_PATH, { username: 'x' }, { ip })).statusCode)
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('refuses a cross-origin signup with 403 before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: SIGN_UP_PATH,
      payload: signUpBody(de),
      headers: { origin: 'https://evil.example' },
      remoteAddress: nextAddress(),
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('sign-in before the opt-in and POST /api/auth/optin', () => {
  it('refuses the sign-in like a wrong password, resends the link at most hourly, then confirms', async () => {
    const { body } = await register()
    await mailsTo(body.email)
    const signIn = () =>
      post(SIGN_IN_PATH, { username: body.username, password: body.password }, { ip: nextAddress() })
    const wrong = await post(SIGN_IN_PATH, { username: body.username, password: 'wrong-password' })
    const early = await signIn()
    expect(early.statusCode).toBe(401)
    expect(early.body).toBe(wrong.body)
    // The signup's own mail was just sent: no resend within the hour.
    await t.db.query(`UPDATE users SET optin_mail_sent_at = now() - interval '2 hours' WHERE username = $1`, [
      body.username,
    ])
    expect((await signIn()).statusCode).toBe(401)
    const mails = await mailsTo(body.email, 2)
    expect((await signIn()).statusCode).toBe(401)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(t.mail.outbox!.list().filter((mail) => mail.to.includes(body.email))).toHaveLength(2)

    const confirmed = await post(OPTIN_PATH, { uuid: linkCodeOf(mails[1]!.text) })
    expect(confirmed.statusCode).toBe(204)
    const session = await signIn()
    expect(session.statusCode).toBe(200)
    expect(SessionResponseSchema.parse(session.json()).user).toMatchObject({
      username: body.username,
      email: body.email,
      role: 'customer',
      isBusinessCustomer: false,
    })
    // The first link was retired with the confirmation.
    expect((await post(OPTIN_PATH, { uuid: linkCodeOf(mails[0]!.text) })).statusCode).toBe(410)
  })

  it('accepts a link once: used, unknown and expired links are 410 link_invalid', async () => {
    const first = await register()
    const second = await register()
    const code = linkCodeOf((await mailsTo(first.body.email))[0]!.text)
    expect((await post(OPTIN_PATH, { uuid: code })).statusCode).toBe(204)
    const used = await post(OPTIN_PATH, { uuid: code })
    expect(used.statusCode).toBe(410)
    expect(errorOf(used.body).code).toBe('link_invalid')
    expect((await post(OPTIN_PATH, { uuid: 'A'.repeat(43) })).statusCode).toBe(410)
    const secondCode = linkCodeOf((await mailsTo(second.body.email))[0]!.text)
    await t.db.query(
      `UPDATE account_links SET expires_at = now() - interval '1 second'
       WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
      [second.body.username],
    )
    expect((await post(OPTIN_PATH, { uuid: secondCode })).statusCode).toBe(410)
    expect((await post(OPTIN_PATH, { uuid: 'too-short' })).statusCode).toBe(400)
  })

  it('stores only the SHA-256 of a link code, with a 7-day expiry', async () => {
    const { body } = await register()
    await mailsTo(body.email)
    const { rows } = await t.db.query<{ token_hash: string; days: number }>(
      `SELECT token_hash, extract(epoch FROM expires_at - created_at) / 86400 AS days FROM account_links
       WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
      [body.username],
    )
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(Number(rows[0]!.days)).toBeCloseTo(7, 3)
  })

  it('keeps the business preference of the signup in the session and the details', async () => {
    const base = signUpBody(de)
    const { body } = await register({
      isBusinessCustomer: true,
      billingAddress: { ...base.billingAddress, company: 'Muster GmbH' },
    })
    await post(OPTIN_PATH, { uuid: linkCodeOf((await mailsTo(body.email))[0]!.text) })
    const signIn = await post(SIGN_IN_PATH, { username: body.email, password: body.password })
    expect(SessionResponseSchema.parse(signIn.json()).user.isBusinessCustomer).toBe(true)
    const details = await t.app.inject({
      method: 'GET',
      url: USER_DETAILS_PATH,
      headers: { cookie: sessionCookieOf(signIn.headers['set-cookie'])! },
    })
    expect(UserDetailsSchema.parse(details.json())).toMatchObject({
      isBusinessCustomer: true,
      isVerifiedCompany: false,
      termsOfPayment: 10,
      billingPaymentMethod: 'prepaid',
      billingInformation: { company: 'Muster GmbH', postalCode: '10115', countryId: de },
      shippingInformation: null,
    })
  })
})

describe('the demo customer of a fresh shop', () => {
  it('signs in with the password handed over once at the first start and has a German billing address', async () => {
    const seeded = await seed(t.db, { thumbnailsDir: t.config.thumbnailsDir })
    const demo = seeded.demoCustomerAccount
    expect(demo?.username).toBe(DEMO_CUSTOMER.username)
    expect(demo?.password).toMatch(/^[A-Za-z0-9_-]{20}$/)
    const response = await post(SIGN_IN_PATH, { username: DEMO_CUSTOMER.username, password: demo!.password })
    expect(response.statusCode).toBe(200)
    const cookie = sessionCookieOf(response.headers['set-cookie'])!
    const details = await t.app.inject({ method: 'GET', url: USER_DETAILS_PATH, headers: { cookie } })
    expect(UserDetailsSchema.parse(details.json()).billingInformation).toMatchObject({
      city: 'Berlin',
      countryId: de,
    })
  })
})
