import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { INCOMING_DIR } from '#server/modules/analysis/analysis-storage.ts'
import { multipartBody, visitorOf } from '#tests/integration/helpers/analysis-app.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * The daily upload quota per visitor and per address, and the disk-space floor (issue 13, decision 0077): refusals
 * in the app's error shape with their own codes (429 upload_quota_exceeded, 507 insufficient_storage), which the
 * client shows in the visitor's language (error-texts.ts).
 */

/** A binary STL of `triangles` facets (all zero): 84 + 50 × triangles bytes, accepted by the content sniff. */
function binaryStl(triangles: number): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * triangles)
  new DataView(bytes.buffer).setUint32(80, triangles, true)
  return bytes
}

type Headers = Record<string, string>

function uploadFrom(t: TestApp, remoteAddress: string, headers: Headers = {}, stl = binaryStl(12)) {
  const body = multipartBody('part.stl', stl)
  return t.app.inject({
    method: 'POST',
    url: '/api/analytx/file',
    remoteAddress,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  })
}

function errorOf(response: LightMyRequestResponse) {
  return ErrorBodySchema.parse(response.json()).error
}

async function modelFileCount(t: TestApp): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM model_files')
  return rows[0]!.n
}

describe('the daily upload quota', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_QUOTA_FILES_PER_DAY: '2', UPLOAD_QUOTA_MB_PER_DAY: '1' } })
  })
  afterAll(async () => {
    await t.close()
  })

  it('refuses a visitor’s and an address’s third file of the day with 429, and takes it again a day later', async () => {
    const first = await uploadFrom(t, '203.0.113.1')
    expect(first.statusCode).toBe(201)
    const visitor = visitorOf(first)
    expect((await uploadFrom(t, '203.0.113.1', visitor)).statusCode).toBe(201)

    const third = await uploadFrom(t, '203.0.113.1', visitor)
    expect(third.statusCode).toBe(429)
    expect(errorOf(third)).toMatchObject({
      code: 'upload_quota_exceeded',
      details: { filesPerDay: 2, bytesPerDay: 1_048_576 },
    })
    // Try again when the first of today's uploads leaves the 24-hour window.
    const retryAfter = Number(third.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(23 * 3600)
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600)
    expect(errorOf(third).details?.['retryAfterSeconds']).toBe(retryAfter)
    // A fresh visitor from the same address, and the same visitor from another address, are both over it.
    expect(errorOf(await uploadFrom(t, '203.0.113.1')).code).toBe('upload_quota_exceeded')
    expect(errorOf(await uploadFrom(t, '198.51.100.7', visitor)).code).toBe('upload_quota_exceeded')
    // Someone else somewhere else is not.
    expect((await uploadFrom(t, '198.51.100.8')).statusCode).toBe(201)

    await t.db.query("UPDATE model_files SET created_at = now() - interval '25 hours'")
    expect((await uploadFrom(t, '203.0.113.1', visitor)).statusCode).toBe(201)
  })

  it('counts bytes too: the file that would pass the day’s bytes is refused and not kept', async () => {
    const big = binaryStl(12_000) // 600,084 bytes: one fits in 1 MB a day, two do not
    expect((await uploadFrom(t, '192.0.2.50', {}, big)).statusCode).toBe(201)
    const before = await modelFileCount(t)
    const second = await uploadFrom(t, '192.0.2.50', {}, big)
    expect(second.statusCode).toBe(429)
    expect(errorOf(second).code).toBe('upload_quota_exceeded')
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0)
    expect(await modelFileCount(t)).toBe(before)
    expect(readdirSync(join(t.config.analysis.uploadsDir, INCOMING_DIR))).toEqual([])
  })

  it('counts the demo object as an upload', async () => {
    const address = '192.0.2.99'
    for (const expected of [201, 201, 429]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/analytx/demo',
        remoteAddress: address,
      })
      expect(response.statusCode).toBe(expected)
    }
  })
})

describe('the disk-space floor', () => {
  let t: TestApp
  beforeAll(async () => {
    // A floor of a petabyte: above the free space of any disk this runs on.
    t = await createTestApp({ env: { MIN_FREE_DISK_MB: '1000000000' } })
  })
  afterAll(async () => {
    await t.close()
  })

  it('refuses uploads with 507 insufficient_storage before reading them, and stores nothing', async () => {
    const response = await uploadFrom(t, '203.0.113.5')
    expect(response.statusCode).toBe(507)
    expect(errorOf(response).code).toBe('insufficient_storage')
    const demo = await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })
    expect(demo.statusCode).toBe(507)
    expect(await modelFileCount(t)).toBe(0)
  })
})
