import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CartItemsResponseSchema } from '#shared/contracts/cart.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import type { EdgeTimeouts } from '#server/http/edge-timeouts.ts'
import { createImage, encodePng } from '#engine/engine.ts'
import { multipartBody } from '#tests/integration/helpers/analysis-app.ts'
import {
  addItems,
  CART_BASE,
  createCart,
  insertBox,
  itemInput,
  printModes,
} from '#tests/integration/helpers/cart.ts'
import { bodyOf, openRaw, sleep } from '#tests/integration/helpers/raw-http.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * The HTTP edge (decision 0074): what arrives broken, late or half gets the app's error shape and no error log, and
 * slow clients are cut by silence, not by size. Timeouts are shortened here; the same rules hold at their real values.
 */

const TIMEOUTS: EdgeTimeouts = {
  headersMs: 1_000,
  idleMs: 1_500,
  requestMs: 20_000,
  keepAliveMs: 1_000,
  checkIntervalMs: 100,
}

let t: TestApp
let port: number
const logLines: string[] = []
const logged = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown })
const errorLogs = () => logged().filter((entry) => entry.level >= 50)

beforeAll(async () => {
  t = await createTestApp({
    timeouts: TIMEOUTS,
    logStream: { write: (line) => void logLines.push(line) },
    logLevel: 'debug',
    configure: (app) => {
      app.post('/api/test/echo', async (request) => ({ received: JSON.stringify(request.body).length }))
    },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = Number(new URL(address).port)
})
afterAll(async () => {
  await t.close()
})

async function cartItemPaths(): Promise<string[]> {
  const fdm = (await printModes(t.app)).find((mode) => mode.name === 'PLA (FDM)')!
  const cartId = await createCart(t.app)
  const { createdItems } = await addItems(t.app, cartId, [itemInput(await insertBox(t.db), fdm.id)])
  const item = `${CART_BASE}/${cartId}/item/${createdItems[0]!._id}`
  return [`${item}/thumbnail`, `${item}/attachments`]
}

function expectError(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status)
  expect(ErrorBodySchema.parse(response.json()).error).toMatchObject({ code, status })
}

describe('malformed multipart bodies', () => {
  it('answers 400 validation_failed on every upload route, without an error log', async () => {
    const boundary = 'a'.repeat(300)
    const malformed = [
      // Not multipart at all under a multipart content type (the probe's case).
      { type: 'multipart/form-data; boundary=zzz', body: '{"items":[]}' },
      { type: 'multipart/form-data; boundary=', body: 'x' },
      { type: `multipart/form-data; boundary=${boundary}`, body: 'x' },
      // A file part that ends before its closing boundary.
      {
        type: 'multipart/form-data; boundary=b',
        body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.stl"\r\n\r\nsolid',
      },
    ]
    const routes = ['/api/analytx/file', '/api/analytx/file/', ...(await cartItemPaths())]
    for (const url of routes) {
      for (const { type, body } of malformed) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type },
          payload: body,
        })
        expect(response.statusCode, `${url} ${type}`).toBe(400)
        expect(ErrorBodySchema.parse(response.json()).error.code).toBe('validation_failed')
      }
    }
    expect(errorLogs()).toEqual([])
  })

  it('still takes a well-formed upload on the same routes', async () => {
    const [thumbnail] = await cartItemPaths()
    const png = encodePng(createImage(4, 4, [200, 20, 20, 255]))
    const response = await t.app.inject({ method: 'POST', url: thumbnail!, ...multipartBody('p.png', png) })
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('cache lifetimes of pictures', () => {
  it('serves a customer’s cart preview as private, and catalogue swatches as public shop data', async () => {
    const [thumbnail] = await cartItemPaths()
    const png = encodePng(createImage(4, 4, [20, 200, 20, 255]))
    const uploaded = await t.app.inject({ method: 'POST', url: thumbnail!, ...multipartBody('p.png', png) })
    const preview = CartItemsResponseSchema.parse(uploaded.json()).items[0]!.thumbnail!
    const served = await t.app.inject({ method: 'GET', url: preview })
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toBe('private, max-age=86400')

    const swatch = (await printModes(t.app)).flatMap((mode) => mode.colors)[0]!.thumbnail
    const catalogue = await t.app.inject({ method: 'GET', url: swatch })
    expect(catalogue.statusCode).toBe(200)
    expect(catalogue.headers['cache-control']).toMatch(/^public, max-age=/)
  })
})

describe("Fastify's own errors in the app's error shape", () => {
  it('answers a badly encoded URL with 400 validation_failed', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }), 400, 'validation_failed')
  })

  it('answers a body of a content type no route reads with 415 unsupported_media_type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<items/>',
    })
    expectError(response, 415, 'unsupported_media_type')
  })

  it('answers unknown paths and unknown methods on known paths with 404 route_not_found', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/nope' }), 404, 'route_not_found')
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/test/echo' }), 404, 'route_not_found')
    expectError(await t.app.inject({ method: 'PROPFIND', url: '/api/test/echo' }), 404, 'route_not_found')
  })

  it('answers an invalid Content-Length with 400 in the error shape and closes the connection', async () => {
    const raw = await openRaw(port)
    raw.write(
      'POST /api/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    )
    const { answer } = await raw.closed
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(ErrorBodySchema.parse(bodyOf(answer)).error.code).toBe('validation_failed')
  })

  it('treats a body the client abandons half way (JSON or an upload being stored) as the client’s end, not a server error', async () => {
    const part =
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.stl"\r\n' +
      'Content-Type: application/octet-stream\r\n\r\nsolid half'
    const halves = [
      { url: '/api/test/echo', type: 'application/json', body: '{"a":' },
      { url: '/api/analytx/file/', type: 'multipart/form-data; boundary=b', body: part },
    ]
    const logsBefore = logLines.length
    for (const { url, type, body } of halves) {
      const raw = await openRaw(port)
      raw.write(
        `POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 10000\r\n\r\n${body}`,
      )
      await sleep(300)
      raw.socket.destroy()
      await raw.closed
    }
    await sleep(500)
    const since = logged().slice(logsBefore)
    // Both connections were read and cut mid-body (logged as the client's end, at debug), and neither is logged as a
    // failure.
    expect(since.filter((entry) => entry.msg === 'client connection error')).toHaveLength(halves.length)
    expect(since.filter((entry) => entry.level >= 40)).toEqual([])
    expect(errorLogs()).toEqual([])
  })
})

describe('edge timeouts', () => {
  it('closes a connection whose headers dribble in, with a 408 in the error shape, within the headers bound', async () => {
    const raw = await openRaw(port)
    raw.write('POST /api/test/echo HTTP/1.1\r\n')
    const dribble = setInterval(() => raw.write('X-Slow: 1\r\n'), 200)
    const { answer, afterMs } = await raw.closed
    clearInterval(dribble)
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 100)
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs + 1_000)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ErrorBodySchema.parse(bodyOf(answer)).error.code).toBe('request_timeout')
  })

  it('closes a connection whose body stops arriving after the idle bound', async () => {
    const raw = await openRaw(port)
    raw.write(
      'POST /api/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":"',
    )
    const { afterMs } = await raw.closed
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.idleMs - 100)
    expect(afterMs).toBeLessThan(TIMEOUTS.idleMs + 1_000)
  })

  it('lets a slow but steady body finish, far past the headers and idle bounds', async () => {
    const raw = await openRaw(port)
    const text = 'x'.repeat(400)
    const body = JSON.stringify({ text })
    raw.write(
      `POST /api/test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    )
    // About 4 s in all, a chunk every 250 ms: each gap is well inside the idle bound.
    for (let offset = 0; offset < body.length; offset += 25) {
      raw.write(body.slice(offset, offset + 25))
      await sleep(250)
    }
    const { answer, afterMs } = await raw.closed
    expect(afterMs).toBeGreaterThan(TIMEOUTS.idleMs + TIMEOUTS.headersMs)
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(bodyOf(answer)).toEqual({ received: body.length })
  })
})

describe('the client address behind an untrusted proxy', () => {
  it('warns once per process when X-Forwarded-For arrives while TRUST_PROXY is off', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.7' }
    await t.app.inject({ method: 'GET', url: '/api/nope' })
    expect(logged().filter((entry) => entry.msg.includes('TRUST_PROXY'))).toEqual([])
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/nope', headers: forwarded })
    const warnings = logged().filter((entry) => entry.msg.includes('TRUST_PROXY'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.level).toBe(40)
  })
})
