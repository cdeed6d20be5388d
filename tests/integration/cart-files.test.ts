import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CartItemsResponseSchema } from '#shared/contracts/cart.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { newId } from '#server/db/ids.ts'
import { createImage, encodePng } from '#engine/engine.ts'
import { multipartBody } from '#tests/integration/helpers/analysis-app.ts'
import {
  addItems,
  CART_BASE,
  createCart,
  errorOf,
  getCart,
  insertBox,
  itemInput,
  printModes,
} from '#tests/integration/helpers/cart.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp
let fdm: PrintMode
let boxId: string

beforeAll(async () => {
  t = await createTestApp()
  fdm = (await printModes(t.app)).find((mode) => mode.name === 'PLA (FDM)')!
  boxId = await insertBox(t.db)
})
afterAll(async () => {
  await t.close()
})

async function cartWithItem(): Promise<{ cartId: string; itemId: string }> {
  const cartId = await createCart(t.app)
  const { createdItems } = await addItems(t.app, cartId, [itemInput(boxId, fdm.id)])
  return { cartId, itemId: createdItems[0]!._id }
}

function upload(url: string, fileName: string, content: Uint8Array, field = 'file') {
  return t.app.inject({ method: 'POST', url, ...multipartBody(fileName, content, { field }) })
}

const thumbnailUrl = (cartId: string, itemId: string) => `${CART_BASE}/${cartId}/item/${itemId}/thumbnail`
const attachmentsUrl = (cartId: string, itemId: string) => `${CART_BASE}/${cartId}/item/${itemId}/attachments`

const listDir = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : [])
const storedThumbnails = () => listDir(join(t.config.thumbnailsDir, 'cart-items'))
const storedAttachments = () =>
  listDir(join(t.dataDir, 'cart-attachments')).filter((name) => name !== '.incoming')

const png = (size = 4) => encodePng(createImage(size, size, [200, 20, 20, 255]))
const bytes = (text: string) => new TextEncoder().encode(text)
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

const PDF = bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const STEP = bytes(
  "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n",
)
const DXF = bytes('  0\r\nSECTION\r\n  2\r\nENTITIES\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n')
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
])

describe('preview images', () => {
  it('stores a PNG and serves it back at the path in `thumbnail`', async () => {
    const { cartId, itemId } = await cartWithItem()
    const image = png()
    const response = await upload(thumbnailUrl(cartId, itemId), 'preview.png', image)
    expect(response.statusCode, response.body).toBe(200)
    const thumbnail = CartItemsResponseSchema.parse(response.json()).items[0]!.thumbnail
    expect(thumbnail).toMatch(/^\/api\/thumbnails\/cart-items\/[A-Za-z0-9_-]{22}\.png$/)
    expect((await getCart(t.app, cartId)).items[0]!.thumbnail).toBe(thumbnail)

    const served = await t.app.inject({ method: 'GET', url: thumbnail! })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(new Uint8Array(served.rawPayload)).toEqual(image)

    // A new picture gets a new name (no stale caches); the old file is gone.
    const again = await upload(thumbnailUrl(cartId, itemId), 'preview.png', png(8))
    const next = CartItemsResponseSchema.parse(again.json()).items[0]!.thumbnail
    expect(next).not.toBe(thumbnail)
    expect((await t.app.inject({ method: 'GET', url: thumbnail! })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: next! })).statusCode).toBe(200)
  })

  it('refuses anything that is not a complete PNG with 415, whatever its name', async () => {
    const { cartId, itemId } = await cartWithItem()
    const storedBefore = storedThumbnails()
    const notPng: [string, Uint8Array][] = [
      ['jpeg', JPEG],
      ['html', bytes('<!doctype html><script>alert(1)</script>')],
      ['pdf', PDF],
      ['signature only', png().subarray(0, 8)],
      ['truncated', png().subarray(0, 40)],
      ['png with html appended', concat(png(), bytes('<html><script>alert(1)</script></html>'))],
      ['empty', new Uint8Array(0)],
    ]
    for (const [label, content] of notPng) {
      const response = await upload(thumbnailUrl(cartId, itemId), 'preview.png', content)
      expect(response.statusCode, label).toBe(415)
      expect(errorOf(response).code, label).toBe('unsupported_file_type')
    }
    expect((await getCart(t.app, cartId)).items[0]!.thumbnail).toBeNull()
    expect(storedThumbnails()).toEqual(storedBefore)
  })

  it('refuses a PNG over 2 MB with 413, a request without the file field with 400, an unknown item with 404', async () => {
    const { cartId, itemId } = await cartWithItem()
    const large = concat(png(), new Uint8Array(2 * 1024 * 1024))
    const tooLarge = await upload(thumbnailUrl(cartId, itemId), 'preview.png', large)
    expect(tooLarge.statusCode).toBe(413)
    expect(errorOf(tooLarge).code).toBe('file_too_large')

    const wrongField = await upload(thumbnailUrl(cartId, itemId), 'preview.png', png(), 'image')
    expect(wrongField.statusCode).toBe(400)
    const json = await t.app.inject({
      method: 'POST',
      url: thumbnailUrl(cartId, itemId),
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(400)

    const other = await cartWithItem()
    const foreign = await upload(thumbnailUrl(cartId, other.itemId), 'preview.png', png())
    const unknown = await upload(thumbnailUrl(cartId, newId()), 'preview.png', png())
    expect(foreign.statusCode).toBe(404)
    expect(foreign.body).toBe(unknown.body)
    expect((await getCart(t.app, other.cartId)).items[0]!.thumbnail).toBeNull()
  })
})

describe('attachments', () => {
  it('stores a PDF and serves it only as a sandboxed download', async () => {
    const { cartId, itemId } = await cartWithItem()
    const response = await upload(attachmentsUrl(cartId, itemId), 'drawing.pdf', PDF)
    expect(response.statusCode, response.body).toBe(200)
    const [path] = CartItemsResponseSchema.parse(response.json()).items[0]!.attachments
    expect(path).toMatch(
      new RegExp(`^${CART_BASE}/${cartId}/item/${itemId}/attachments/[A-Za-z0-9_-]{22}/drawing\\.pdf$`),
    )
    expect((await getCart(t.app, cartId)).items[0]!.attachments).toEqual([path])

    const download = await t.app.inject({ method: 'GET', url: path! })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="drawing.pdf"; filename*=UTF-8''drawing.pdf`,
    )
    expect(download.headers['content-security-policy']).toBe('sandbox')
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    expect(new Uint8Array(download.rawPayload)).toEqual(PDF)
  })

  it('accepts PNG, JPEG, DXF and STEP drawings; text formats download as bytes under a cleaned name', async () => {
    const { cartId, itemId } = await cartWithItem()
    const accepted: [string, Uint8Array, string][] = [
      ['plan.png', png(), 'image/png'],
      ['photo.JPG', JPEG, 'image/jpeg'],
      ['part.stp', STEP, 'application/octet-stream'],
      ['C:\\fakepath\\Zeichnung Größe (A4).dxf', DXF, 'application/octet-stream'],
    ]
    let paths: string[] = []
    for (const [name, content] of accepted) {
      const response = await upload(attachmentsUrl(cartId, itemId), name, content)
      expect(response.statusCode, name).toBe(200)
      paths = CartItemsResponseSchema.parse(response.json()).items[0]!.attachments
    }
    expect(paths).toHaveLength(accepted.length)
    for (const [index, [, content, type]] of accepted.entries()) {
      const download = await t.app.inject({ method: 'GET', url: paths[index]! })
      expect(download.headers['content-type']).toBe(type)
      expect(download.headers['content-disposition']).toMatch(/^attachment; /)
      expect(new Uint8Array(download.rawPayload)).toEqual(content)
    }
    const dxfPath = paths[3]!
    expect(decodeURIComponent(dxfPath.split('/').pop()!)).toBe('Zeichnung Größe (A4).dxf')
    const dxf = await t.app.inject({ method: 'GET', url: dxfPath })
    expect(dxf.headers['content-disposition']).toBe(
      `attachment; filename="Zeichnung Gr__e _A4_.dxf"; filename*=UTF-8''Zeichnung%20Gr%C3%B6%C3%9Fe%20%28A4%29.dxf`,
    )
  })

  it('refuses other content, a name that does not fit the content, empty and oversized files', async () => {
    const { cartId, itemId } = await cartWithItem()
    const storedBefore = storedAttachments()
    const refused: [string, Uint8Array][] = [
      ['page.pdf', bytes('<!doctype html><script>alert(1)</script>')],
      ['drawing.html', PDF],
      ['drawing.exe', PDF],
      ['drawing', PDF],
      ['plan.pdf', png()],
      ['model.stl', bytes('solid x\nfacet normal 0 0 1\nendsolid x\n')],
      ['archive.pdf', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
      ['empty.pdf', new Uint8Array(0)],
    ]
    for (const [name, content] of refused) {
      const response = await upload(attachmentsUrl(cartId, itemId), name, content)
      expect(response.statusCode, name).toBe(415)
      expect(errorOf(response).code).toBe('unsupported_file_type')
    }
    const tooLarge = await upload(
      attachmentsUrl(cartId, itemId),
      'big.pdf',
      concat(PDF, new Uint8Array(20 * 1024 * 1024)),
    )
    expect(tooLarge.statusCode).toBe(413)
    expect(errorOf(tooLarge).code).toBe('file_too_large')

    expect((await getCart(t.app, cartId)).items[0]!.attachments).toEqual([])
    expect(storedAttachments()).toEqual(storedBefore)
    expect(listDir(join(t.dataDir, 'cart-attachments', '.incoming'))).toEqual([])
  })

  it('holds at most 10 attachments per item', async () => {
    const { cartId, itemId } = await cartWithItem()
    for (let index = 0; index < 10; index++) {
      expect((await upload(attachmentsUrl(cartId, itemId), `sheet-${index}.pdf`, PDF)).statusCode).toBe(200)
    }
    const eleventh = await upload(attachmentsUrl(cartId, itemId), 'sheet-10.pdf', PDF)
    expect(eleventh.statusCode).toBe(409)
    expect(errorOf(eleventh).details).toMatchObject({ reason: 'too_many_attachments' })
  })

  it('serves an attachment only under its own cart and item, and removes it with the item', async () => {
    const { cartId, itemId } = await cartWithItem()
    const response = await upload(attachmentsUrl(cartId, itemId), 'drawing.pdf', PDF)
    const path = CartItemsResponseSchema.parse(response.json()).items[0]!.attachments[0]!
    const attachmentId = path.split('/').at(-2)!
    const other = await cartWithItem()

    const unknown = await t.app.inject({
      method: 'GET',
      url: `${attachmentsUrl(cartId, itemId)}/${newId()}/drawing.pdf`,
    })
    expect(unknown.statusCode).toBe(404)
    for (const url of [
      `${attachmentsUrl(other.cartId, other.itemId)}/${attachmentId}/drawing.pdf`,
      `${attachmentsUrl(other.cartId, itemId)}/${attachmentId}/drawing.pdf`,
      `${attachmentsUrl(cartId, other.itemId)}/${attachmentId}/drawing.pdf`,
      `${attachmentsUrl(cartId, itemId)}/..%2F..%2Fetc/drawing.pdf`,
    ]) {
      const foreign = await t.app.inject({ method: 'GET', url })
      expect(foreign.statusCode, url).toBe(404)
      expect(foreign.body).toBe(unknown.body)
    }
    // Uploading to another cart's item is an unknown item too.
    const foreignUpload = await upload(attachmentsUrl(cartId, other.itemId), 'drawing.pdf', PDF)
    expect(foreignUpload.statusCode).toBe(404)

    const stored = join(t.dataDir, 'cart-attachments', attachmentId)
    expect(existsSync(stored)).toBe(true)
    const removed = await t.app.inject({ method: 'DELETE', url: `${CART_BASE}/${cartId}/item/${itemId}` })
    expect(removed.statusCode).toBe(200)
    expect(existsSync(stored)).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
  })
})
