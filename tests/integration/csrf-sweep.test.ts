import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_PATH, LEGACY_CONTACT_FORM_PATH } from '#shared/contracts/contact.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import { guardedRoutes, type GuardedRoute } from '#server/modules/auth/request-guards.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * The same-origin guard on every state-changing route (issue 13 failure 4, decision 0076). The sweep reads the
 * route table the guard recorded, so a route added later is swept without anyone listing it here.
 */

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(async () => {
  await t.close()
})

/** A concrete URL for a route pattern: every parameter and wildcard filled with a fresh, well-formed id. */
function concreteUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, () => newId()).replace(/\*/g, 'x')
}

const CROSS_SITE_HEADERS: readonly Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  // An older browser without Fetch Metadata: only the Origin header tells.
  { origin: 'https://evil.example' },
]

async function sendCrossSite(app: FastifyInstance, route: GuardedRoute, headers: Record<string, string>) {
  return app.inject({
    method: route.method as 'POST',
    url: concreteUrl(route.url),
    headers: { ...headers, 'content-type': 'application/json' },
    payload: '{}',
  })
}

const legacyFormBody = new URLSearchParams({
  subject: 'Kontakt',
  salutation: 'Frau',
  firstName: 'Ada',
  lastName: 'Lovelace',
  confirmation: 'true',
  message: 'Hallo',
  mail: 'ada@example.org',
}).toString()

function postLegacyForm(headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: LEGACY_CONTACT_FORM_PATH,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: legacyFormBody,
  })
}

describe('the same-origin guard on the route table', () => {
  it('knows every state-changing route, including the ones the probe found unguarded', () => {
    const routes = guardedRoutes(t.app).map((route) => `${route.method} ${route.url}`)
    expect(routes).toEqual(
      expect.arrayContaining([
        `POST ${CONTACT_PATH}`,
        `POST ${LEGACY_CONTACT_FORM_PATH}`,
        'POST /api/analytx/file',
        'POST /api/analytx/file/',
        'PATCH /api/analytx/file/:id',
        'DELETE /api/checkout/cart/:cartId/item/:itemId',
        // The account routes of issue 15 (decision 0086).
        'POST /api/auth/signup',
        'POST /api/auth/reset-password/callback',
        'POST /api/auth/email/confirm',
        'PUT /api/auth/user/details',
        'PUT /api/auth/user/preferences',
      ]),
    )
    expect(routes.length).toBeGreaterThan(20)
  })

  it('refuses a cross-site request on every state-changing route with 403 forbidden in the app error shape', async () => {
    const routes = guardedRoutes(t.app)
    const refused: string[] = []
    for (const route of routes) {
      for (const headers of CROSS_SITE_HEADERS) {
        const response = await sendCrossSite(t.app, route, headers)
        const label = `${route.method} ${route.url} ${JSON.stringify(headers)}`
        expect(response.statusCode, label).toBe(403)
        expect(ErrorBodySchema.parse(response.json()).error.code, label).toBe('forbidden')
        refused.push(label)
      }
    }
    expect(refused).toHaveLength(routes.length * CROSS_SITE_HEADERS.length)
  })

  it('refuses a cross-site request to an unknown API path too, before the 404', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/not-a-route',
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('what still passes', () => {
  it('serves requests without Origin or Sec-Fetch-Site (servers, curl, partners with an API key)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CONTACT_PATH,
      payload: {
        kind: 'contact',
        firstName: 'Ada',
        lastName: 'Lovelace',
        mail: 'ada@example.org',
        message: 'Hallo',
        confirmation: true,
      },
    })
    expect(response.statusCode).toBe(201)
  })

  it('serves same-origin pages by Sec-Fetch-Site and by Origin', async () => {
    const sameOrigin: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { origin: t.config.publicUrl },
    ]
    for (const headers of sameOrigin) {
      const response = await postLegacyForm(headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(201)
    }
  })

  it('lets a form on a sibling subdomain post to the legacy ContactForm.php, and nowhere else', async () => {
    const sameSite = { 'sec-fetch-site': 'same-site', origin: 'https://forms.schichtwerk.example' }
    expect((await postLegacyForm(sameSite)).statusCode).toBe(201)
    const contact = await t.app.inject({
      method: 'POST',
      url: CONTACT_PATH,
      headers: sameSite,
      payload: { kind: 'contact' },
    })
    expect(contact.statusCode).toBe(403)
    // Without Fetch Metadata the site cannot be told from the origin: only the shop's own origin passes.
    expect((await postLegacyForm({ origin: 'https://forms.schichtwerk.example' })).statusCode).toBe(403)
  })
})
