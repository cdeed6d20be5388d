import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_HEADER } from '#shared/domain/limits.ts'
import { PRINT_MODES_PATH, GetPrintModesResponseSchema } from '#shared/contracts/print-modes.contract.ts'
import {
  COLOR_THUMBNAIL_MAX_BYTES,
  StaffApiKeyCreatedSchema,
  StaffApiKeyListSchema,
  StaffColorListSchema,
  StaffColorResponseSchema,
  StaffWhiteLabelResponseSchema,
  staffApiKeyPaths,
  staffColorThumbnailPath,
  staffPaths,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { STANDARD_WHITE_LABEL_API_KEY } from '#server/db/seed.ts'
import { multipartBody } from '#tests/integration/helpers/analysis-app.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/** Issue 17: colour thumbnail uploads and white-label API keys (decision 0106), on PGlite or TEST_DATABASE_URL. */

let t: TestApp
let staff: string
let customer: string
let colorId: string

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real PNG of one grey colour. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80)
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const upload = (cookie: string | undefined, content: Uint8Array, fileName = 'swatch.png') => {
  const body = multipartBody(fileName, content)
  return t.app.inject({
    method: 'POST',
    url: staffColorThumbnailPath(colorId),
    payload: body.payload,
    headers: { ...body.headers, ...(cookie === undefined ? {} : { cookie }) },
  })
}

const staffRequest = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: staff } })

async function shopColor(apiKey?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: PRINT_MODES_PATH,
    headers: apiKey === undefined ? {} : { [API_KEY_HEADER]: apiKey },
  })
  expect(response.statusCode, response.body).toBe(200)
  const modes = GetPrintModesResponseSchema.parse(response.json()).printModes
  return modes.flatMap((mode) => mode.colors).find((color) => color.id === colorId)
}

async function auditRows(entity: string, entityId: string) {
  const { rows } = await t.db.query<{ action: string; details: unknown }>(
    'SELECT action, details FROM staff_audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, entityId],
  )
  return rows
}

beforeAll(async () => {
  t = await createTestApp()
  staff = await signIn(t.app, await createUser(t.db, 'staff'))
  customer = await signIn(t.app, await createUser(t.db, 'customer'))
  const colors = StaffColorListSchema.parse(
    (await staffRequest('GET', staffPaths.list('colors'))).json(),
  ).colors
  const offered = await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH })
  const shopIds = new Set(
    GetPrintModesResponseSchema.parse(offered.json()).printModes.flatMap((mode) =>
      mode.colors.map((c) => c.id),
    ),
  )
  colorId = colors.find((color) => shopIds.has(color.id))!.id
})
afterAll(async () => {
  await t.close()
})

describe('colour thumbnails', () => {
  it('stores an uploaded PNG under a fresh name, serves it and shows it in the shop; a new upload replaces it', async () => {
    const image = png(16, 16)
    const first = await upload(staff, image)
    expect(first.statusCode, first.body).toBe(200)
    const { color } = StaffColorResponseSchema.parse(first.json())
    expect(color.thumbnailPath).toMatch(/^colors\/uploads\/[A-Za-z0-9_-]{22}\.png$/)

    const thumbnail = (await shopColor())?.thumbnail
    expect(thumbnail).toBe(`/api/thumbnails/${color.thumbnailPath}`)
    const served = await t.app.inject({ method: 'GET', url: thumbnail! })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(image)).toBe(true)

    const second = StaffColorResponseSchema.parse((await upload(staff, png(8, 8))).json()).color
    expect(second.thumbnailPath).not.toBe(color.thumbnailPath)
    expect((await shopColor())?.thumbnail).toBe(`/api/thumbnails/${second.thumbnailPath}`)
    // The replaced upload is gone after the commit.
    expect((await t.app.inject({ method: 'GET', url: thumbnail! })).statusCode).toBe(404)

    const audit = await auditRows('color', colorId)
    expect(audit.filter((row) => row.action === 'update').map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { thumbnailPath: color.thumbnailPath },
        { thumbnailPath: second.thumbnailPath },
      ]),
    )
  })

  it('DELETE gives the colour its generated swatch back and removes the upload', async () => {
    const uploaded = StaffColorResponseSchema.parse((await upload(staff, png(4, 4))).json()).color
    const response = await staffRequest('DELETE', staffColorThumbnailPath(colorId))
    expect(response.statusCode, response.body).toBe(200)
    expect(StaffColorResponseSchema.parse(response.json()).color.thumbnailPath).toBe(`colors/${colorId}.svg`)
    expect((await shopColor())?.thumbnail).toBe(`/api/thumbnails/colors/${colorId}.svg`)
    const swatch = readFileSync(join(t.config.thumbnailsDir, 'colors', `${colorId}.svg`), 'utf8')
    expect(swatch).toContain('<svg')
    const old = await t.app.inject({ method: 'GET', url: `/api/thumbnails/${uploaded.thumbnailPath}` })
    expect(old.statusCode).toBe(404)
  })

  it('refuses a non-image (415), a too large file (413) and an image over 2048 px (400) with the error shape', async () => {
    const text = await upload(staff, Buffer.from('<html>not an image</html>'), 'swatch.png')
    expect(text.statusCode).toBe(415)
    expect(ErrorBodySchema.parse(text.json()).error).toMatchObject({
      code: 'unsupported_file_type',
      status: 415,
    })

    const huge = Buffer.concat([png(4, 4), Buffer.alloc(COLOR_THUMBNAIL_MAX_BYTES)])
    const tooLarge = await upload(staff, huge)
    expect(tooLarge.statusCode).toBe(413)
    expect(ErrorBodySchema.parse(tooLarge.json()).error).toMatchObject({
      code: 'file_too_large',
      status: 413,
    })

    const wide = await upload(staff, png(2049, 1))
    expect(wide.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(wide.json()).error.code).toBe('validation_failed')
    expect((await shopColor())?.thumbnail).toBe(`/api/thumbnails/colors/${colorId}.svg`)
  })
})

describe('white-label API keys', () => {
  let whiteLabelId: string

  const shopStatus = async (apiKey: string) =>
    (await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH, headers: { [API_KEY_HEADER]: apiKey } }))
      .statusCode

  beforeAll(async () => {
    const response = await staffRequest('POST', staffPaths.list('white-labels'), {
      name: 'Partner',
      apiKey: 'partner-seeded-key-0001',
    })
    expect(response.statusCode, response.body).toBe(201)
    whiteLabelId = StaffWhiteLabelResponseSchema.parse(response.json()).whiteLabel.id
  })

  it('creates a key shown once, stored only as SHA-256, usable on the shop API next to the seeded keys', async () => {
    const response = await staffRequest('POST', staffApiKeyPaths.list(whiteLabelId), { label: 'Shop A' })
    expect(response.statusCode, response.body).toBe(201)
    const { apiKey, key } = StaffApiKeyCreatedSchema.parse(response.json())
    expect(apiKey).toMatchObject({ label: 'Shop A', lastFour: key.slice(-4), revoked: false, active: true })

    const { rows } = await t.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM white_label_api_keys WHERE id = $1',
      [apiKey.id],
    )
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(key)

    expect(await shopStatus(key)).toBe(200)
    expect(await shopStatus('partner-seeded-key-0001')).toBe(200)
    expect(await shopStatus(STANDARD_WHITE_LABEL_API_KEY)).toBe(200)

    const list = StaffApiKeyListSchema.parse(
      (await staffRequest('GET', staffApiKeyPaths.list(whiteLabelId))).json(),
    )
    expect(list.apiKeys).toEqual([apiKey])
    expect(JSON.stringify(list)).not.toContain(key)
    expect(await auditRows('white-label-api-key', apiKey.id)).toEqual([
      { action: 'create', details: { whiteLabelId, label: 'Shop A' } },
    ])
  })

  it('rotates (old key works during the grace period, then not; new key works) and revokes at once', async () => {
    const created = StaffApiKeyCreatedSchema.parse(
      (await staffRequest('POST', staffApiKeyPaths.list(whiteLabelId), { label: 'Shop B' })).json(),
    )
    const rotated = await staffRequest('POST', staffApiKeyPaths.rotate(whiteLabelId, created.apiKey.id))
    expect(rotated.statusCode, rotated.body).toBe(201)
    const successor = StaffApiKeyCreatedSchema.parse(rotated.json())
    expect(successor.key).not.toBe(created.key)
    expect(await shopStatus(created.key)).toBe(200)
    expect(await shopStatus(successor.key)).toBe(200)

    const list = StaffApiKeyListSchema.parse(
      (await staffRequest('GET', staffApiKeyPaths.list(whiteLabelId))).json(),
    )
    const old = list.apiKeys.find((entry) => entry.id === created.apiKey.id)!
    const hours = (Date.parse(old.expiresAt!) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)
    expect(
      (await staffRequest('POST', staffApiKeyPaths.rotate(whiteLabelId, created.apiKey.id))).statusCode,
    ).toBe(409)

    // The grace period over: the old key is refused (the cache sees the revision move).
    await t.db.query(
      "UPDATE white_label_api_keys SET expires_at = now() - interval '1 second' WHERE id = $1",
      [created.apiKey.id],
    )
    await expect.poll(() => shopStatus(created.key), { timeout: 5_000, interval: 100 }).toBe(401)

    const revoked = await staffRequest('DELETE', staffApiKeyPaths.one(whiteLabelId, successor.apiKey.id))
    expect(revoked.statusCode, revoked.body).toBe(204)
    const refused = await t.app.inject({
      method: 'GET',
      url: PRINT_MODES_PATH,
      headers: { [API_KEY_HEADER]: successor.key },
    })
    expect(refused.statusCode).toBe(401)
    expect(ErrorBodySchema.parse(refused.json()).error.code).toBe('unknown_api_key')

    expect((await auditRows('white-label-api-key', created.apiKey.id)).map((row) => row.action)).toEqual([
      'create',
      'update',
    ])
    expect((await auditRows('white-label-api-key', successor.apiKey.id)).map((row) => row.action)).toEqual([
      'archive',
    ])
  })

  it('answers 404 for a key of another white label', async () => {
    const created = StaffApiKeyCreatedSchema.parse(
      (await staffRequest('POST', staffApiKeyPaths.list(whiteLabelId), {})).json(),
    )
    const other = (await staffRequest('GET', staffPaths.list('white-labels'))).json() as {
      whiteLabels: { id: string }[]
    }
    const foreign = other.whiteLabels.find((label) => label.id !== whiteLabelId)!.id
    const response = await staffRequest('DELETE', staffApiKeyPaths.one(foreign, created.apiKey.id))
    expect(response.statusCode).toBe(404)
    expect(await shopStatus(created.key)).toBe(200)
  })
})

describe('permissions', () => {
  const routes = () => [
    { method: 'POST' as const, url: staffColorThumbnailPath(colorId) },
    { method: 'DELETE' as const, url: staffColorThumbnailPath(colorId) },
    { method: 'GET' as const, url: staffApiKeyPaths.list('AAAAAAAAAAAAAAAAAAAAAA') },
    { method: 'POST' as const, url: staffApiKeyPaths.list('AAAAAAAAAAAAAAAAAAAAAA') },
    {
      method: 'POST' as const,
      url: staffApiKeyPaths.rotate('AAAAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBBBB'),
    },
    {
      method: 'DELETE' as const,
      url: staffApiKeyPaths.one('AAAAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBBBB'),
    },
  ]

  it('refuses visitors (401) and customers (403) on every new route, the upload before reading it', async () => {
    for (const route of routes()) {
      const payload = route.method === 'GET' ? undefined : {}
      const visitor = await t.app.inject({ ...route, payload })
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401)
      const asCustomer = await t.app.inject({ ...route, payload, headers: { cookie: customer } })
      expect(asCustomer.statusCode, `${route.method} ${route.url}`).toBe(403)
    }
    expect((await upload(undefined, png(2, 2))).statusCode).toBe(401)
    expect((await upload(customer, png(2, 2))).statusCode).toBe(403)
  })
})
