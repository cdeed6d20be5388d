import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVENESS_PATH } from '#shared/contracts/health.contract.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { COMPRESS_JSON_MIN_BYTES } from '#server/http/compress-json.ts'
import { BROWSER_ACCEPT_ENCODING } from '#tests/integration/helpers/browser-headers.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/** Issue 18: larger JSON answers go out compressed (brotli preferred, gzip else); small ones stay plain. */
describe('JSON compression', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 60_000)
  afterAll(async () => {
    await t.close()
  })

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    })

  it('sends the catalogue brotli-compressed when accepted, and the same data', async () => {
    const plain = await get(PRINT_MODES_PATH)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_JSON_MIN_BYTES)
    expect(plain.headers.vary).toMatch(/accept-encoding/i)

    const br = await get(PRINT_MODES_PATH, BROWSER_ACCEPT_ENCODING)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
    const data = GetPrintModesResponseSchema.parse(JSON.parse(brotliDecompressSync(br.rawPayload).toString()))
    expect(data).toEqual(GetPrintModesResponseSchema.parse(plain.json()))
  })

  it('falls back to gzip, and respects q=0', async () => {
    const gz = await get(PRINT_MODES_PATH, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(
      JSON.parse((await get(PRINT_MODES_PATH)).body),
    )
    const refused = await get(PRINT_MODES_PATH, 'br;q=0, gzip;q=0')
    expect(refused.headers['content-encoding']).toBeUndefined()
  })

  it('chooses for each request’s own header, whatever the request before it sent', async () => {
    const headers = [
      BROWSER_ACCEPT_ENCODING,
      'gzip',
      BROWSER_ACCEPT_ENCODING,
      undefined,
      'br;q=0, gzip',
      'identity',
    ]
    const encodings = []
    for (const header of headers)
      encodings.push((await get(PRINT_MODES_PATH, header)).headers['content-encoding'])
    expect(encodings).toEqual(['br', 'gzip', 'br', undefined, 'gzip', undefined])
  })

  it('leaves small answers plain', async () => {
    const live = await get(LIVENESS_PATH, 'br')
    expect(live.statusCode).toBe(200)
    expect(live.headers['content-encoding']).toBeUndefined()
  })
})
