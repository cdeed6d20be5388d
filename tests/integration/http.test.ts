import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HEALTH_PATH, HealthResponseSchema } from '#shared/contracts/health.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import {
  createTempDir,
  createTestApp,
  testDbKind,
  type TestApp,
} from '#tests/integration/helpers/test-app.ts'

describe('API basics', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      configure: (app) => {
        app.get('/api/test/app-error', async () => {
          throw new AppError('conflict', 'Already there', { details: { id: 'x' } })
        })
        app.post('/api/test/zod', async (request) =>
          z.object({ quantity: z.number().int().min(1) }).parse(request.body),
        )
        app.get('/api/test/crash', async () => {
          throw new Error('SELECT secret FROM somewhere failed')
        })
      },
    })
  })
  afterAll(async () => {
    await t.close()
  })

  it('reports health with the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: HEALTH_PATH })
    expect(response.statusCode).toBe(200)
    expect(HealthResponseSchema.parse(response.json())).toEqual({ status: 'ok', db: testDbKind })
  })

  it('answers unknown /api paths with a JSON 404 route_not_found, for every method', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/print-modes/nope?x=1'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      const body = ErrorBodySchema.parse(response.json())
      expect(body.error).toMatchObject({ code: 'route_not_found', status: 404 })
    }
  })

  it('turns an AppError into the error shape with the status of its code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/app-error' })
    expect(response.statusCode).toBe(409)
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      error: { code: 'conflict', status: 409, message: 'Already there', details: { id: 'x' } },
    })
  })

  it('turns invalid input into validation_failed with the field path', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/zod', payload: { quantity: 0 } })
    expect(response.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(response.json())
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.issues?.[0]?.path).toEqual(['quantity'])
  })

  it('answers malformed JSON with validation_failed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/zod',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity":',
    })
    expect(response.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('validation_failed')
  })

  it('answers an oversized body with payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/zod',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ quantity: 1, padding: 'x'.repeat(2_000_000) }),
    })
    expect(response.statusCode).toBe(413)
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('payload_too_large')
  })

  it('masks unexpected errors as internal_error without leaking their message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' })
    expect(response.statusCode).toBe(500)
    const body = ErrorBodySchema.parse(response.json())
    expect(body.error).toEqual({ code: 'internal_error', status: 500, message: 'Internal server error' })
    expect(response.body).not.toContain('secret')
  })

  it('sends a page the security headers with a CSP that forbids inline scripts and styles, plugins and framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cart' })
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toMatch(/(^|;)\s*style-src 'self'\s*(;|$)/)
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toMatch(/img-src 'self' data: blob:/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/)
  })

  it('sends an API answer a CSP that loads nothing and forbids framing, with HSTS and nosniff (decision 0152)', async () => {
    const response = await t.app.inject({ method: 'GET', url: HEALTH_PATH })
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/)
  })

  it('serves a page saying to build the SPA when it is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cart' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('npm run build')
  })
})

describe('the built SPA', () => {
  let t: TestApp
  const clientDir = createTempDir('schichtwerk-client-')
  const indexHtml =
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>'

  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'))
    writeFileSync(join(clientDir, 'index.html'), indexHtml)
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app")')
    t = await createTestApp({ seed: false, clientDir })
  })
  afterAll(async () => {
    await t.close()
  })

  it('serves index.html for the root and for every client route, uncached', async () => {
    for (const url of [
      '/',
      '/cart',
      '/en/start',
      '/order-details/abc?x=1',
      '/produktion/tipps-und-tricks-im-3d-druck',
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(indexHtml)
    }
  })

  it('serves fingerprinted assets with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toContain('immutable')
  })

  it('answers a missing asset with 404, not with the SPA page, so a stale chunk fails as a failed load', async () => {
    for (const url of [
      '/assets/model-preview-old123.js',
      '/assets/missing',
      '/favicon-old.png',
      '/robots.txt?x=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('<div id="root">')
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('still answers unknown /api paths with JSON, never with the SPA', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('route_not_found')
  })

  it('does not serve files outside the client folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/../package.json' })
    expect(response.body).not.toContain('"devDependencies"')
  })
})

describe('the client address behind a reverse proxy (TRUST_PROXY)', () => {
  async function ipSeen(env: Record<string, string>, forwardedFor: string): Promise<string> {
    const t = await createTestApp({
      seed: false,
      env,
      configure: (app) => app.get('/api/test/ip', async (request) => ({ ip: request.ip })),
    })
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/test/ip',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor },
      })
      return z.object({ ip: z.string() }).parse(response.json()).ip
    } finally {
      await t.close()
    }
  }

  it('ignores X-Forwarded-For by default, so a client cannot choose the address its rate limit counts', async () => {
    expect(await ipSeen({}, '203.0.113.7')).toBe('10.0.0.2')
  })

  it('takes the client address from a trusted proxy, by address list or by hop count', async () => {
    expect(await ipSeen({ TRUST_PROXY: '10.0.0.0/8, 192.168.0.1' }, '203.0.113.7')).toBe('203.0.113.7')
    expect(await ipSeen({ TRUST_PROXY: '1' }, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7')
    expect(await ipSeen({ TRUST_PROXY: '192.168.0.1' }, '203.0.113.7')).toBe('10.0.0.2')
  })
})

describe('rate limiting', () => {
  it('answers floods with rate_limited in the error shape', async () => {
    const t = await createTestApp({ seed: false, rateLimitPerMinute: 3 })
    try {
      const statuses: number[] = []
      let last
      for (let i = 0; i < 4; i++) {
        last = await t.app.inject({ method: 'GET', url: '/api/unknown' })
        statuses.push(last.statusCode)
      }
      expect(statuses).toEqual([404, 404, 404, 429])
      expect(ErrorBodySchema.parse(last!.json()).error.code).toBe('rate_limited')
      expect(last!.headers['retry-after']).toBeDefined()
    } finally {
      await t.close()
    }
  })

  it('counts each address on its own, says what is left, and leaves the health checks out', async () => {
    const t = await createTestApp({ seed: false, rateLimitPerMinute: 2 })
    const from = (remoteAddress: string) => ({ method: 'GET' as const, url: '/api/unknown', remoteAddress })
    try {
      const first = await t.app.inject(from('192.0.2.1'))
      expect(first.headers['x-ratelimit-limit']).toBe('2')
      expect(first.headers['x-ratelimit-remaining']).toBe('1')
      await t.app.inject(from('192.0.2.1'))
      expect((await t.app.inject(from('192.0.2.1'))).statusCode).toBe(429)
      // Another address still has its whole allowance.
      expect((await t.app.inject(from('192.0.2.2'))).statusCode).toBe(404)
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: '192.0.2.1' })
      expect(live.statusCode).toBe(200)
      expect(live.headers['x-ratelimit-limit']).toBeUndefined()
    } finally {
      await t.close()
    }
  })
})
