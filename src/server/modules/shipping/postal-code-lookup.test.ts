import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PostalCodeResponseSchema } from '#shared/contracts/checkout.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import {
  createPostalLookup,
  firstPlaceName,
  postalLookupUrlOf,
} from '#server/modules/shipping/postal-lookup.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * The postal-code lookup behind the city suggestion (part 2 §5, decision 0099) against a local fake of the public
 * service: found, not found, slow, garbage, too large, and the cache.
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void

const places = (name: string) => JSON.stringify({ country: 'Germany', places: [{ 'place name': name }] })

/** The fake service: `/de/10115` Berlin, `/de/99999` 404, `/de/11111` never answers, `/de/22222` garbage … */
const routes: Record<string, Handler> = {
  '/de/10115': (_, response) => response.end(places('Berlin')),
  '/at/1010': (_, response) => response.end(places('Wien, Innere Stadt')),
  '/de/99999': (_, response) => {
    response.statusCode = 404
    response.end('{}')
  },
  '/de/11111': () => {},
  '/de/22222': (_, response) => response.end('<html>not json'),
  '/de/33333': (_, response) =>
    response.end(JSON.stringify({ places: [{ 'place name': 'x'.repeat(40_000) }] })),
  '/de/44444': (_, response) => response.end(JSON.stringify({ places: [] })),
}

let server: Server
let base: string
const calls: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    calls.push(request.url ?? '')
    const handler = routes[request.url ?? '']
    if (handler) handler(request, response)
    else {
      response.statusCode = 404
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  calls.length = 0
})

describe('postal lookup', () => {
  it('fills a URL template, or appends country and code to a base URL, encoded', () => {
    expect(postalLookupUrlOf('https://p.example/{country}/{code}', 'DE', '10115')).toBe(
      'https://p.example/de/10115',
    )
    expect(postalLookupUrlOf('https://p.example/', 'NL', '1234 AB')).toBe('https://p.example/nl/1234%20AB')
  })

  it('reads the first place name and nothing else', () => {
    expect(firstPlaceName({ places: [{ 'place name': ' Berlin ' }, { 'place name': 'Mitte' }] })).toBe(
      'Berlin',
    )
    expect(firstPlaceName({ places: [] })).toBeNull()
    expect(firstPlaceName({ places: [{ 'place name': 7 }] })).toBeNull()
    expect(firstPlaceName('Berlin')).toBeNull()
    expect(firstPlaceName({ places: [{ 'place name': 'Ber\u0000lin\u202e' }] })).toBe('Berlin')
  })

  it('finds a city and asks the service once for the same code (cache)', async () => {
    const lookup = createPostalLookup({ url: `${base}/{country}/{code}` })
    expect(await lookup.cityOf('DE', '10115')).toBe('Berlin')
    expect(await lookup.cityOf('DE', '10115')).toBe('Berlin')
    expect(calls).toEqual(['/de/10115'])
  })

  it('shares one call between lookups of the same code at the same time', async () => {
    const lookup = createPostalLookup({ url: base })
    const answers = await Promise.all([lookup.cityOf('AT', '1010'), lookup.cityOf('AT', '1010')])
    expect(answers).toEqual(['Wien, Innere Stadt', 'Wien, Innere Stadt'])
    expect(calls).toEqual(['/at/1010'])
  })

  it('answers null for an unknown code, garbage, an empty list or an answer too large', async () => {
    const lookup = createPostalLookup({ url: base, maxBytes: 16_384 })
    for (const code of ['99999', '22222', '33333', '44444'])
      expect(await lookup.cityOf('DE', code), code).toBeNull()
  })

  it('gives up on a slow service within the timeout', async () => {
    const lookup = createPostalLookup({ url: base, timeoutMs: 200 })
    const started = performance.now()
    expect(await lookup.cityOf('DE', '11111')).toBeNull()
    expect(performance.now() - started).toBeLessThan(1_500)
  })

  it('keeps "no city" for a shorter time than a found city', async () => {
    let now = 0
    const lookup = createPostalLookup({ url: base, now: () => now, foundTtlMs: 1_000, missingTtlMs: 100 })
    await lookup.cityOf('DE', '10115')
    await lookup.cityOf('DE', '99999')
    now = 500
    await lookup.cityOf('DE', '10115')
    await lookup.cityOf('DE', '99999')
    expect(calls).toEqual(['/de/10115', '/de/99999', '/de/99999'])
  })

  it('calls nobody when no service is configured', async () => {
    const lookup = createPostalLookup({ url: undefined })
    expect(lookup.enabled).toBe(false)
    expect(await lookup.cityOf('DE', '10115')).toBeNull()
    expect(calls).toEqual([])
  })
})

describe('GET /api/shipping/postal-codes/{country}/{code}', () => {
  let t: TestApp
  let off: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { POSTAL_LOOKUP_URL: `${base}/{country}/{code}` } })
    off = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
    await off.close()
  })

  const get = (app: TestApp, path: string, ip = '10.9.0.1') =>
    app.app.inject({ method: 'GET', url: `/api/shipping/postal-codes/${path}`, remoteAddress: ip })

  it('answers the first place name of a shipping country postal code', async () => {
    const response = await get(t, 'DE/10115')
    expect(response.statusCode).toBe(200)
    expect(PostalCodeResponseSchema.parse(response.json())).toEqual({ city: 'Berlin' })
  })

  it('fails soft: an unknown code is no city', async () => {
    const response = await get(t, 'DE/99999')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ city: null })
  })

  it('refuses a country not shipped to and a code against the country pattern, without calling out', async () => {
    for (const path of ['JP/1000001', 'DE/1010', 'de/10115', 'DE/%3Cscript%3E']) {
      const response = await get(t, path)
      expect(response.statusCode, path).toBe(400)
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe('validation_failed')
    }
    expect(calls).toEqual([])
  })

  it('without POSTAL_LOOKUP_URL answers no city and calls nobody', async () => {
    const response = await get(off, 'DE/10115')
    expect(response.json()).toEqual({ city: null })
    expect(calls).toEqual([])
  })

  it('limits lookups per address', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 35; index++) statuses.push((await get(t, 'AT/1010', '10.9.0.99')).statusCode)
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // One call: the rest came from the cache.
    expect(calls).toEqual(['/at/1010'])
  })
})
