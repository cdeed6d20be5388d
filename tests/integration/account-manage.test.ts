import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  EMAIL_CHANGE_PATH,
  EMAIL_CONFIRM_PATH,
  PASSWORD_CHANGE_PATH,
  RESET_PASSWORD_CALLBACK_PATH,
  RESET_PASSWORD_PATH,
  SIGN_UP_PATH,
  USER_DETAILS_PATH,
  USER_PREFERENCES_PATH,
  UserDetailsSchema,
} from '#shared/contracts/account.contract.ts'
import { REFRESH_PATH, SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'
import { LANGUAGE_HEADER } from '#shared/domain/limits.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import type { OutboxMail } from '#server/modules/mail/outbox.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'
import {
  createUser,
  germanyId,
  linkCodeOf,
  signIn,
  signUpBody,
  type TestUser,
} from '#tests/integration/helpers/sessions.ts'

/** Reset, password change, e-mail change and the account data (issue 15, decision 0086). */

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

const nextAddress = () => `10.2.0.${++address}`

interface RequestOptions {
  cookie?: string
  language?: string
  ip?: string
  method?: 'POST' | 'PUT' | 'GET'
}

const call = (url: string, payload: unknown, options: RequestOptions = {}) =>
  t.app.inject({
    method: options.method ?? 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: options.ip ?? nextAddress(),
    headers: {
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
      ...(options.language === undefined ? {} : { [LANGUAGE_HEADER]: options.language }),
    },
  })

const errorCode = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code
const mailsOf = (to: string) => t.mail.outbox!.list().filter((mail) => mail.to.includes(to))

async function mailsTo(to: string, count = 1): Promise<OutboxMail[]> {
  return vi.waitFor(
    () => {
      const mails = mailsOf(to)
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${to}`)
      return mails
    },
    { timeout: 5_000, interval: 20 },
  )
}

/** Waits a little and tells how many mails went to `to` (for "no mail was sent"). */
async function settledCount(to: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 150))
  return mailsOf(to).length
}

const isSignedIn = async (cookie: string) =>
  (await call(REFRESH_PATH, undefined, { cookie })).statusCode === 201

describe('POST /api/auth/reset-password and its callback', () => {
  it('mails a link in the shopper language, at most one per 24 h, with one neutral answer', async () => {
    const user = await createUser(t.db, 'customer')
    const first = await call(RESET_PASSWORD_PATH, { email: user.email }, { language: 'FR' })
    expect(first.statusCode).toBe(202)
    expect(first.json()).toEqual({ status: 'accepted' })
    const [mail] = await mailsTo(user.email)
    expect(mail!.subject).toBe('Votre lien pour réinitialiser le mot de passe')
    expect(mail!.text).toMatch(/localhost:\d+\/fr\/reset-password\/[A-Za-z0-9_-]{43}/)
    // "Active code found" is not told: same answer, no second mail.
    const second = await call(RESET_PASSWORD_PATH, { email: user.email })
    expect(second.statusCode).toBe(202)
    expect(second.body).toBe(first.body)
    expect(await settledCount(user.email)).toBe(1)
  })

  it('answers an unknown and an unconfirmed address exactly like a known one', async () => {
    const user = await createUser(t.db, 'customer')
    const pending = signUpBody(de)
    expect((await call(SIGN_UP_PATH, pending)).statusCode).toBe(201)
    await mailsTo(pending.email)
    const known = await call(RESET_PASSWORD_PATH, { email: user.email })
    const unknown = await call(RESET_PASSWORD_PATH, { email: 'nobody-here@example.test' })
    const unconfirmed = await call(RESET_PASSWORD_PATH, { email: pending.email })
    for (const response of [unknown, unconfirmed]) {
      expect(response.statusCode).toBe(known.statusCode)
      expect(response.body).toBe(known.body)
    }
    expect(await settledCount('nobody-here@example.test')).toBe(0)
    expect(await settledCount(pending.email)).toBe(1)
  })

  it('sets the new password once, revokes every session and retires the link', async () => {
    const user = await createUser(t.db, 'customer')
    const [cookieA, cookieB] = [await signIn(t.app, user), await signIn(t.app, user)]
    await call(RESET_PASSWORD_PATH, { email: user.email })
    const code = linkCodeOf((await mailsTo(user.email))[0]!.text)
    const reset = await call(RESET_PASSWORD_CALLBACK_PATH, { uuid: code, password: 'neues-Passwort 1' })
    expect(reset.statusCode).toBe(204)
    expect(await isSignedIn(cookieA)).toBe(false)
    expect(await isSignedIn(cookieB)).toBe(false)
    expect((await call(SIGN_IN_PATH, { username: user.username, password: user.password })).statusCode).toBe(
      401,
    )
    const fresh = await call(SIGN_IN_PATH, { username: user.username, password: 'neues-Passwort 1' })
    expect(fresh.statusCode).toBe(200)
    const again = await call(RESET_PASSWORD_CALLBACK_PATH, { uuid: code, password: 'anderes-Passwort' })
    expect(again.statusCode).toBe(410)
    expect(errorCode(again.body)).toBe('link_invalid')
  })

  it('refuses an expired or unknown link and a new password outside 8–20 characters', async () => {
    const user = await createUser(t.db, 'customer')
    await call(RESET_PASSWORD_PATH, { email: user.email })
    const code = linkCodeOf((await mailsTo(user.email))[0]!.text)
    const { rows } = await t.db.query<{ hours: number }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM account_links WHERE user_id = $1`,
      [user.id],
    )
    expect(Number(rows[0]!.hours)).toBeCloseTo(24, 3)
    const tooLong = await call(RESET_PASSWORD_CALLBACK_PATH, { uuid: code, password: 'x'.repeat(21) })
    expect(tooLong.statusCode).toBe(400)
    await t.db.query(`UPDATE account_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ])
    const expired = await call(RESET_PASSWORD_CALLBACK_PATH, { uuid: code, password: 'neues-Passwort' })
    expect(expired.statusCode).toBe(410)
    const unknown = await call(RESET_PASSWORD_CALLBACK_PATH, {
      uuid: 'B'.repeat(43),
      password: 'neues-Passwort',
    })
    expect(errorCode(unknown.body)).toBe('link_invalid')
  })

  it('throttles requests for one address with 429 and Retry-After, known or not', async () => {
    for (const email of ['throttled-nobody@example.test', (await createUser(t.db, 'customer')).email]) {
      const statuses: number[] = []
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await call(RESET_PASSWORD_PATH, { email })).statusCode)
      }
      expect(statuses).toEqual([202, 202, 202, 429])
    }
  })

  it('takes about as long for a known as for an unknown address', async () => {
    const users = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(t.db, 'customer')))
    const timed = async (email: string) => {
      const started = performance.now()
      await call(RESET_PASSWORD_PATH, { email })
      return performance.now() - started
    }
    const known: number[] = []
    const unknown: number[] = []
    for (const [index, user] of users.entries()) {
      known.push(await timed(user.email))
      unknown.push(await timed(`unknown-${index}@example.test`))
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!
    // Generous (a shared, loaded machine): the known path adds one link insert; mails leave after the answer, so an
    // SMTP round trip (~100 ms and more) would show, a few milliseconds of database work may.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(75)
  })
})

describe('POST /api/auth/password', () => {
  it('answers 401 without a session', async () => {
    const response = await call(PASSWORD_CHANGE_PATH, { oldPassword: 'x', newPassword: 'neues-Passwort' })
    expect(response.statusCode).toBe(401)
  })

  it('refuses a wrong old password with 422 wrong_password and keeps the session', async () => {
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const payload = { oldPassword: 'not-the-password', newPassword: 'neues-Passwort' }
    const response = await call(PASSWORD_CHANGE_PATH, payload, { cookie })
    expect(response.statusCode).toBe(422)
    expect(errorCode(response.body)).toBe('wrong_password')
    expect(await isSignedIn(cookie)).toBe(true)
  })

  it('changes the password, ends every session and clears the cookie', async () => {
    const user = await createUser(t.db, 'customer')
    const [cookie, other] = [await signIn(t.app, user), await signIn(t.app, user)]
    const payload = { oldPassword: user.password, newPassword: 'neues-Passwort', userId: 'ignored' }
    expect((await call(PASSWORD_CHANGE_PATH, payload, { cookie })).statusCode).toBe(400)
    const { userId: _ignored, ...body } = payload
    const response = await call(PASSWORD_CHANGE_PATH, body, { cookie })
    expect(response.statusCode).toBe(204)
    expect(String(response.headers['set-cookie'])).toMatch(/schichtwerk-session=;/)
    expect(await isSignedIn(cookie)).toBe(false)
    expect(await isSignedIn(other)).toBe(false)
    expect(
      (await call(SIGN_IN_PATH, { username: user.username, password: 'neues-Passwort' })).statusCode,
    ).toBe(200)
  })
})

describe('POST /api/auth/email and its confirmation', () => {
  it('mails a link to the new address; the change happens only when it is opened', async () => {
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const newEmail = `neu-${user.username}@example.test`
    const response = await call(EMAIL_CHANGE_PATH, { email: newEmail }, { cookie, language: 'GB' })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ status: 'accepted' })
    const [mail] = await mailsTo(newEmail)
    expect(mail!.subject).toBe('Please confirm your new e-mail address')
    expect(mail!.text).toMatch(/localhost:\d+\/en\/mail-update\?confirm=[A-Za-z0-9_-]{43}/)
    expect((await call(USER_DETAILS_PATH, undefined, { cookie, method: 'GET' })).json().email).toBe(
      user.email,
    )

    const code = linkCodeOf(mail!.text)
    expect((await call(EMAIL_CONFIRM_PATH, { uuid: code })).statusCode).toBe(204)
    const details = UserDetailsSchema.parse(
      (await call(USER_DETAILS_PATH, undefined, { cookie, method: 'GET' })).json(),
    )
    expect(details.email).toBe(newEmail)
    const used = await call(EMAIL_CONFIRM_PATH, { uuid: code })
    expect(used.statusCode).toBe(410)
    expect(errorCode(used.body)).toBe('link_invalid')
  })

  it('answers a taken address like a free one and tells its owner instead', async () => {
    const [user, owner] = [await createUser(t.db, 'customer'), await createUser(t.db, 'customer')]
    const cookie = await signIn(t.app, user)
    const taken = await call(EMAIL_CHANGE_PATH, { email: owner.email.toUpperCase() }, { cookie })
    const free = await call(EMAIL_CHANGE_PATH, { email: `frei-${user.username}@example.test` }, { cookie })
    expect(taken.statusCode).toBe(free.statusCode)
    expect(taken.body).toBe(free.body)
    const [mail] = await mailsTo(owner.email)
    expect(mail!.subject).toBe('Änderungsversuch mit Ihrer E-Mail-Adresse')
    expect(mail!.text).not.toMatch(/confirm=/)
  })

  it('throttles requests of one account with 429 and Retry-After', async () => {
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      const email = `versuch${attempt}-${user.username}@example.test`
      statuses.push((await call(EMAIL_CHANGE_PATH, { email }, { cookie })).statusCode)
    }
    expect(statuses).toEqual([202, 202, 202, 429])
  })

  it('answers 401 without a session and refuses an expired link', async () => {
    expect((await call(EMAIL_CHANGE_PATH, { email: 'a@example.test' })).statusCode).toBe(401)
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const newEmail = `spaet-${user.username}@example.test`
    await call(EMAIL_CHANGE_PATH, { email: newEmail }, { cookie })
    const code = linkCodeOf((await mailsTo(newEmail))[0]!.text)
    await t.db.query(`UPDATE account_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ])
    expect((await call(EMAIL_CONFIRM_PATH, { uuid: code })).statusCode).toBe(410)
  })
})

describe('GET and PUT /api/auth/user/details', () => {
  let user: TestUser
  let cookie: string
  beforeAll(async () => {
    user = await createUser(t.db, 'customer')
    cookie = await signIn(t.app, user)
  })

  const billing = () => ({
    firstname: 'Max',
    lastname: 'Muster',
    street: 'Weg 2',
    postalCode: '80331',
    city: 'München',
    countryId: de,
  })

  it('answers 401 without a session and the defaults of a new account', async () => {
    expect((await call(USER_DETAILS_PATH, undefined, { method: 'GET' })).statusCode).toBe(401)
    const response = await call(USER_DETAILS_PATH, undefined, { cookie, method: 'GET' })
    expect(response.headers['cache-control']).toBe('no-store')
    expect(UserDetailsSchema.parse(response.json())).toEqual({
      userId: user.id,
      username: user.username,
      email: user.email,
      phone: '',
      billingInformation: null,
      shippingInformation: null,
      termsOfPayment: 10,
      billingPaymentMethod: 'prepaid',
      isBusinessCustomer: false,
      isVerifiedCompany: false,
    })
  })

  it('saves the form for the session account, ignoring userId and email of the body', async () => {
    const other = await createUser(t.db, 'customer')
    const body = {
      userId: other.id,
      email: 'hijack@example.test',
      phone: '0301234567',
      billingAddress: billing(),
      shippingAddress: { ...billing(), street: 'Lieferweg 3' },
    }
    const response = await call(USER_DETAILS_PATH, body, { cookie, method: 'PUT' })
    expect(response.statusCode).toBe(200)
    const details = UserDetailsSchema.parse(response.json())
    expect(details).toMatchObject({ userId: user.id, email: user.email, phone: '0301234567' })
    expect(details.shippingInformation?.street).toBe('Lieferweg 3')
    const untouched = await t.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [other.id])
    expect(untouched.rows[0]!.phone).toBe('')
  })

  it('stores the business preference, which the session then reports', async () => {
    const asBusiness = { billingAddress: billing(), isBusinessCustomer: true }
    const refused = await call(USER_DETAILS_PATH, asBusiness, { cookie, method: 'PUT' })
    expect(refused.statusCode).toBe(400)
    const issue = ErrorBodySchema.parse(refused.json()).error.issues![0]!
    expect([issue.path.join('.'), issue.message]).toEqual(['billingAddress.company', 'required'])
    const withCompany = { ...asBusiness, billingAddress: { ...billing(), company: 'Muster AG' } }
    const saved = await call(USER_DETAILS_PATH, withCompany, { cookie, method: 'PUT' })
    expect(UserDetailsSchema.parse(saved.json()).isBusinessCustomer).toBe(true)
    const session = await call(REFRESH_PATH, undefined, { cookie })
    expect(session.json().user.isBusinessCustomer).toBe(true)
  })
})

describe('PUT /api/auth/user/preferences', () => {
  it('stores the customer type, which the details and the session then report', async () => {
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const saved = await call(USER_PREFERENCES_PATH, { isBusinessCustomer: true }, { cookie, method: 'PUT' })
    expect(saved.statusCode).toBe(200)
    expect(UserDetailsSchema.parse(saved.json())).toMatchObject({ userId: user.id, isBusinessCustomer: true })
    const details = await call(USER_DETAILS_PATH, undefined, { cookie, method: 'GET' })
    expect(UserDetailsSchema.parse(details.json()).isBusinessCustomer).toBe(true)
    expect((await call(REFRESH_PATH, undefined, { cookie })).json().user.isBusinessCustomer).toBe(true)
    await call(USER_PREFERENCES_PATH, { isBusinessCustomer: false }, { cookie, method: 'PUT' })
    const back = await call(USER_DETAILS_PATH, undefined, { cookie, method: 'GET' })
    expect(UserDetailsSchema.parse(back.json()).isBusinessCustomer).toBe(false)
  })

  it('answers 401 without a session and refuses unknown keys and a missing value', async () => {
    const loggedOut = await call(USER_PREFERENCES_PATH, { isBusinessCustomer: true }, { method: 'PUT' })
    expect(loggedOut.statusCode).toBe(401)
    const user = await createUser(t.db, 'customer')
    const cookie = await signIn(t.app, user)
    const bodies = [{ isBusinessCustomer: true, userId: user.id }, { acceptAttachmentDisclaimer: true }, {}]
    for (const body of bodies) {
      const refused = await call(USER_PREFERENCES_PATH, body, { cookie, method: 'PUT' })
      expect([JSON.stringify(body), refused.statusCode]).toEqual([JSON.stringify(body), 400])
    }
    const details = await call(USER_DETAILS_PATH, undefined, { cookie, method: 'GET' })
    expect(UserDetailsSchema.parse(details.json()).isBusinessCustomer).toBe(false)
  })
})

describe('the account routes and the same-origin guard', () => {
  it('refuses every state-changing account route from another origin with 403', async () => {
    const routes: [string, 'POST' | 'PUT'][] = [
      [SIGN_UP_PATH, 'POST'],
      [RESET_PASSWORD_PATH, 'POST'],
      [RESET_PASSWORD_CALLBACK_PATH, 'POST'],
      [PASSWORD_CHANGE_PATH, 'POST'],
      [EMAIL_CHANGE_PATH, 'POST'],
      [EMAIL_CONFIRM_PATH, 'POST'],
      [USER_DETAILS_PATH, 'PUT'],
      [USER_PREFERENCES_PATH, 'PUT'],
    ]
    for (const [url, method] of routes) {
      const response = await t.app.inject({
        method,
        url,
        payload: {},
        headers: { 'sec-fetch-site': 'cross-site' },
        remoteAddress: nextAddress(),
      })
      expect([url, response.statusCode]).toEqual([url, 403])
    }
  })
})
