import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  API_CONTENT_SECURITY_POLICY,
  registerSecurityHeaders,
  securityHeaderSets,
} from '#server/http/security-headers.ts'

const OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  frameguard: { action: 'deny' as const },
}

async function appWithHeaders() {
  const app = Fastify()
  registerSecurityHeaders(app, OPTIONS)
  app.get('/api/thing', async () => ({ ok: true }))
  app.get('/api/file', async (_request, reply) =>
    reply
      .type('application/octet-stream')
      .header('content-security-policy', 'sandbox')
      .send(Buffer.from('x')),
  )
  app.get('/page', async (_request, reply) => reply.type('text/html').send('<!doctype html><p>hi'))
  await app.ready()
  return app
}

describe('security headers', () => {
  it('gives a page the whole set', async () => {
    const app = await appWithHeaders()
    const { headers } = await app.inject({ method: 'GET', url: '/page' })
    expect(headers['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'")
    expect(headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(headers['x-xss-protection']).toBe('0')
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })

  it('gives an API answer a policy that loads nothing, and the headers that act outside a document', async () => {
    const app = await appWithHeaders()
    const { headers } = await app.inject({ method: 'GET', url: '/api/thing' })
    expect(headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY)
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(headers['referrer-policy']).toBe('no-referrer')
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
      expect(headers[documentOnly], documentOnly).toBeUndefined()
  })

  it('gives an unknown API path (a 404) the API set, and lets a route override a header', async () => {
    const app = await appWithHeaders()
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY)
    const file = await app.inject({ method: 'GET', url: '/api/file' })
    expect(file.headers['content-security-policy']).toBe('sandbox')
  })

  it('leaves out of the API set what the page set leaves out', () => {
    const { api } = securityHeaderSets({ ...OPTIONS, strictTransportSecurity: false, frameguard: false })
    expect(api['strict-transport-security']).toBeUndefined()
    expect(api['x-frame-options']).toBeUndefined()
    expect(api['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY)
  })
})
