import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_PATH } from '#shared/contracts/auth.contract.ts'
import { LIVENESS_PATH } from '#shared/contracts/health.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import { errorHandler } from '#server/http/error-handler.ts'
import { createAuthModule, type SignInLimits } from '#server/modules/auth/auth.module.ts'
import { hashScrypt } from '#server/modules/auth/password-scrypt.ts'
import { DEFAULT_SIGN_IN_THROTTLE } from '#server/modules/auth/sign-in-throttle.ts'
import { createUser, type TestUser } from '#tests/integration/helpers/sessions.ts'
import {
  createTempDir,
  createTestApp,
  createTestConfig,
  createTestDb,
  type TestApp,
  type TestDb,
} from '#tests/integration/helpers/test-app.ts'

let testDb: TestDb
const tempDirs: string[] = []
beforeAll(async () => {
  testDb = await createTestDb()
})
afterAll(async () => {
  await testDb.close()
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})

/** The auth routes alone, with the limits under test and a clock the test moves. */
async function authApp(signIn: SignInLimits): Promise<FastifyInstance> {
  const dataDir = createTempDir()
  tempDirs.push(dataDir)
  const config = createTestConfig(dataDir)
  const app = Fastify({ logger: false })
  app.setErrorHandler(errorHandler)
  await app.register(fastifyCookie, { secret: config.sessionSecret })
  // No signup or mail here: the account side gets stand-ins.
  const accounts = {
    mail: { send: async () => ({ messageId: 'unused' }) },
    countries: async () => [],
    log: { error: () => undefined },
  }
  await app.register(createAuthModule({ db: testDb.db, config, signIn, accounts }).plugin)
  await app.ready()
  return app
}

const post = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: SIGN_IN_PATH, payload: { username, password } })

const codeOf = (response: LightMyRequestResponse) => ErrorBodySchema.parse(response.json()).error.code

describe('the hashing queue', () => {
  it('refuses past its bound at once: 503 service_busy with Retry-After', async () => {
    const app = await authApp({ hashQueue: { concurrency: 1, maxWaiting: 1, maxWaitMs: 10_000 } })
    try {
      // 24 at once: each is looked up before it reaches the queue, and on a loaded CI machine with PostgreSQL those
      // lookups spread out, so a slot frees (a hash takes about 45 ms) between arrivals. With 6 requests only two
      // were refused once; 24 keep the queue full however the lookups spread.
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => post(app, `queue-${newId()}-${i}`, 'wrong-password')),
      )
      const busy = answers.filter((answer) => answer.statusCode === 503)
      // One hash runs and one waits; the others cannot all have found a free slot.
      expect(busy.length).toBeGreaterThanOrEqual(3)
      expect(answers.filter((answer) => answer.statusCode === 401).length).toBeGreaterThanOrEqual(1)
      expect(answers.every((answer) => answer.statusCode === 401 || answer.statusCode === 503)).toBe(true)
      for (const answer of busy) {
        expect(codeOf(answer)).toBe('service_busy')
        expect(answer.headers['retry-after']).toBe('10')
      }
    } finally {
      await app.close()
    }
  })
})

describe('the per-account throttle', () => {
  let clock = Date.now()
  let app: FastifyInstance
  let user: TestUser
  beforeAll(async () => {
    app = await authApp({
      hashQueue: { concurrency: 1, maxWaiting: 50, maxWaitMs: 60_000 },
      throttle: { ...DEFAULT_SIGN_IN_THROTTLE, now: () => clock },
    })
    user = await createUser(testDb.db, 'customer')
  })
  afterAll(async () => {
    await app.close()
  })

  async function failFreely(login: string, times: number): Promise<void> {
    for (let i = 0; i < times; i++) expect((await post(app, login, 'wrong-password')).statusCode).toBe(401)
  }

  it('after 5 failures answers 429 with Retry-After before checking; the right password after the wait works', async () => {
    await failFreely(user.username, 5)
    const throttled = await post(app, user.username, user.password)
    expect(throttled.statusCode).toBe(429)
    expect(codeOf(throttled)).toBe('sign_in_throttled')
    expect(throttled.headers['retry-after']).toBe('1')

    clock += 1_000
    expect((await post(app, user.username, user.password)).statusCode).toBe(200)
    // Success clears the account: five free failures again.
    await failFreely(user.username, 5)
  })

  it('doubles the wait with each further failure, up to 60 s', async () => {
    const login = `grow-${newId()}`
    await failFreely(login, 5)
    const waits: string[] = []
    for (let i = 0; i < 8; i++) {
      const refused = await post(app, login, 'wrong-password')
      waits.push(String(refused.headers['retry-after']))
      clock += Number(refused.headers['retry-after']) * 1_000
      expect((await post(app, login, 'wrong-password')).statusCode).toBe(401)
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60'])
  })

  it('throttles an unknown username exactly like a known one (no enumeration)', async () => {
    const known = await createUser(testDb.db, 'customer')
    const answersFor = async (login: string) => {
      await failFreely(login, 5)
      const refused = await post(app, login, 'wrong-password')
      return [refused.statusCode, codeOf(refused), refused.headers['retry-after']]
    }
    expect(await answersFor(`unknown-${newId()}`)).toEqual(await answersFor(known.username))
  })

  it('counts the username and the e-mail of one account together', async () => {
    const known = await createUser(testDb.db, 'customer')
    await failFreely(known.username, 3)
    await failFreely(`${known.username.toUpperCase()}@example.test`, 2)
    expect((await post(app, ` ${known.username} `, 'wrong-password')).statusCode).toBe(429)
  })

  it('lets a burst of parallel guesses through only up to the threshold', async () => {
    const login = `burst-${newId()}`
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(app, login, 'wrong-password')))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
  })
})

describe('while slow wrong sign-ins are in flight', () => {
  let t: TestApp
  const usernames: string[] = []
  beforeAll(async () => {
    const clientDir = createTempDir('client-')
    tempDirs.push(clientDir)
    mkdirSync(join(clientDir, 'assets'))
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>shop</title>')
    writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log("shop")\n'.repeat(1_000))
    t = await createTestApp({ seed: false, clientDir })
    // The old scheme at full cost (128 MiB, 1–2 s a hash): the flood the shop met, one hash for all accounts.
    const legacy = await hashScrypt('the-password', { N: 2 ** 17, r: 8, p: 1 })
    for (let i = 0; i < 8; i++) {
      const username = `slow-${newId().slice(0, 8)}`
      usernames.push(username)
      await t.db.query(
        `INSERT INTO users (id, username, email, password_hash, role) VALUES ($1, $2, $3, $4, 'customer')`,
        [newId(), username, `${username}@example.test`, legacy],
      )
    }
  }, 60_000)
  afterAll(async () => {
    await t.close()
  })

  it('static files and liveness still answer fast', async () => {
    const timed = async (url: string) => {
      const started = performance.now()
      const response = await t.app.inject({ method: 'GET', url })
      return { status: response.statusCode, ms: performance.now() - started }
    }
    await timed('/assets/app.js') // warm: the first read resolves the folder
    const flood = Promise.all(
      usernames.map((username) =>
        t.app.inject({
          method: 'POST',
          url: SIGN_IN_PATH,
          payload: { username, password: 'wrong-password' },
        }),
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 200)) // the hashes have started
    const during = [await timed('/assets/app.js'), await timed(LIVENESS_PATH), await timed('/assets/app.js')]
    const answers = await flood

    for (const probe of during) {
      expect(probe.status).toBe(200)
      expect(probe.ms).toBeLessThan(500)
    }
    expect(
      answers.map((answer) => answer.statusCode).every((status) => status === 401 || status === 503),
    ).toBe(true)
  }, 60_000)
})
