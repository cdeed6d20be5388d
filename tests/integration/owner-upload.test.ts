import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { API_KEY_HEADER } from '#shared/domain/limits.ts'
import { newId } from '#server/db/ids.ts'
import { STANDARD_WHITE_LABEL_API_KEY } from '#server/db/seed.ts'
import { visitorCookieName } from '#server/modules/analysis/uploader-identity.ts'
import { visitorOf } from '#tests/integration/helpers/analysis-app.ts'
import {
  addItems,
  createCart,
  getCart,
  insertBox,
  itemInput,
  printModes,
} from '#tests/integration/helpers/cart.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * Uploaded objects are bound to the visitor who uploaded them (issue 13 failure 4, decision 0076): only a request
 * with that visitor's signed cookie changes a file; everyone else gets the 404 of an unknown id. Reading stays a
 * capability of the id (the cart and shared links need it).
 */

let t: TestApp
let fdm: PrintMode
const COOKIE = visitorCookieName(false)

beforeAll(async () => {
  t = await createTestApp()
  fdm = (await printModes(t.app)).find((mode) => mode.name === 'PLA (FDM)')!
})

afterAll(async () => {
  await t.close()
})

/** A cookie header for visitor `id`, signed with the app's secret as the upload answer would set it. */
function signedVisitor(id: string): { cookie: string } {
  return { cookie: `${COOKIE}=${t.app.signCookie(id)}` }
}

/** An analysed box owned by a new visitor; returns the object id and that visitor's cookie header. */
async function ownedBox(): Promise<{ objectId: string; owner: { cookie: string } }> {
  const objectId = await insertBox(t.db)
  const visitorId = newId()
  await t.db.query('UPDATE model_files SET owner_visitor = $2 WHERE id = $1', [objectId, visitorId])
  return { objectId, owner: signedVisitor(visitorId) }
}

function patchFile(objectId: string, headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'PATCH', url: `/api/analytx/file/${objectId}`, headers, payload })
}

async function nameOf(objectId: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${objectId}` })
  expect(response.statusCode).toBe(200)
  return (response.json() as { name: string }).name
}

describe('the visitor cookie', () => {
  it('is set signed, HttpOnly and SameSite=Lax on the first upload, and names the owner of every later one', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })
    expect(first.statusCode).toBe(201)
    const setCookie = String(first.headers['set-cookie'])
    expect(setCookie).toMatch(new RegExp(`^${COOKIE}=[^;]+\\.[^;]+;`))
    expect(setCookie).toMatch(/; HttpOnly/)
    expect(setCookie).toMatch(/; SameSite=Lax/)
    expect(setCookie).toMatch(/; Path=\//)

    const visitor = visitorOf(first)
    const second = await t.app.inject({ method: 'POST', url: '/api/analytx/demo', headers: visitor })
    expect(second.statusCode).toBe(201)
    expect(second.headers['set-cookie']).toBeUndefined()

    const ids = [first, second].map((r) => AnalysisUploadResponseSchema.parse(r.json()).createdObject._id)
    const { rows } = await t.db.query<{ owner_visitor: string; uploader_address: string | null }>(
      'SELECT owner_visitor, uploader_address FROM model_files WHERE id = ANY($1) ORDER BY created_at',
      [ids],
    )
    expect(rows).toHaveLength(2)
    expect(rows[0]!.owner_visitor).toBe(rows[1]!.owner_visitor)
    expect(t.app.unsignCookie(visitor.cookie.slice(COOKIE.length + 1)).value).toBe(rows[0]!.owner_visitor)
    // The address is kept as a keyed hash only.
    expect(rows[0]!.uploader_address).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

describe('PATCH /api/analytx/file/{id}', () => {
  it('renames the file for its owner', async () => {
    const { objectId, owner } = await ownedBox()
    const response = await patchFile(objectId, owner, { name: 'Mein Teil', givenUnitOfLength: 'cm' })
    expect(response.statusCode).toBe(200)
    expect(await nameOf(objectId)).toBe('Mein Teil')
  })

  it('answers everyone else with the 404 of an unknown id and changes nothing', async () => {
    const { objectId, owner } = await ownedBox()
    const before = await nameOf(objectId)
    const ownerId = t.app.unsignCookie(owner.cookie.slice(COOKIE.length + 1)).value!
    const unknown = await patchFile(newId(), owner, { name: 'x' })
    expect(unknown.statusCode).toBe(404)
    const strangers: Record<string, Record<string, string>> = {
      'no cookie': {},
      'another visitor': signedVisitor(newId()),
      'the owner id unsigned': { cookie: `${COOKIE}=${ownerId}` },
      'the owner id with a forged signature': { cookie: `${COOKIE}=${ownerId}.forged` },
    }
    for (const [who, headers] of Object.entries(strangers)) {
      const response = await patchFile(objectId, headers, { name: 'Übernommen', givenUnitOfLength: 'inch' })
      expect(response.statusCode, who).toBe(404)
      expect(response.body, who).toBe(unknown.body)
    }
    expect(await nameOf(objectId)).toBe(before)
  })

  it('keeps files older than owners (no owner recorded) unchangeable by anyone', async () => {
    const objectId = await insertBox(t.db)
    const response = await patchFile(objectId, signedVisitor(newId()), { name: 'x' })
    expect(response.statusCode).toBe(404)
  })
})

describe('a cart holding another visitor’s object', () => {
  it('prices and keeps the object by its id, but holding it gives no right to change the file', async () => {
    const { objectId } = await ownedBox()
    const stranger = signedVisitor(newId())
    const cartId = await createCart(t.app)
    const { createdItems } = await addItems(t.app, cartId, [itemInput(objectId, fdm.id)])
    expect(createdItems).toHaveLength(1)

    const response = await patchFile(objectId, stranger, { name: 'Über den Warenkorb' })
    expect(response.statusCode).toBe(404)
    const cart = await getCart(t.app, cartId)
    expect(cart.items.map((item) => item.objectId)).toEqual([objectId])
  })
})

describe('white-label partners with an API key', () => {
  it('upload without a cookie, get the visitor cookie with the answer, and change the file only with it', async () => {
    const apiKey = { [API_KEY_HEADER]: STANDARD_WHITE_LABEL_API_KEY }
    const created = await t.app.inject({ method: 'POST', url: '/api/analytx/demo', headers: apiKey })
    expect(created.statusCode).toBe(201)
    const visitor = visitorOf(created)
    const objectId = AnalysisUploadResponseSchema.parse(created.json()).createdObject._id
    // The demo is still queued here (no runner): mark it analysed the way a finished run leaves it.
    const box = await insertBox(t.db)
    await t.db.query(
      `UPDATE model_files SET owner_visitor = (SELECT owner_visitor FROM model_files WHERE id = $2) WHERE id = $1`,
      [box, objectId],
    )
    expect((await patchFile(box, apiKey, { name: 'Partner' })).statusCode).toBe(404)
    const patched = await patchFile(box, { ...apiKey, ...visitor }, { name: 'Partner' })
    expect(patched.statusCode).toBe(200)
    expect(await nameOf(box)).toBe('Partner')
  })
})
