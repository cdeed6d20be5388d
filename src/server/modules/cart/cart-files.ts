import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { THUMBNAILS_PATH } from '#shared/contracts/print-modes.contract.ts'
import { isId } from '#shared/contracts/common.contract.ts'
import { type ReceivedUpload, receiveUpload } from '#server/http/receive-upload.ts'

/**
 * The files of cart items (commerce-reliability checks 7, 40, 42): preview images (PNG, ≤ 2 MB) served publicly
 * under an unguessable name below /api/thumbnails/, and attachments (technical drawings: PDF, PNG, JPEG, DXF,
 * STEP; ≤ 20 MB) kept outside every public folder and served only as downloads. The type is what the content is,
 * never what the client says; every stored name is made by the server.
 */

export const CART_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024
export const CART_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024
/** A preview image is drawn from a 400 px canvas; anything far larger is not a preview. */
export const CART_THUMBNAIL_MAX_PIXELS = 4096
/** The folder below THUMBNAILS_PATH (and the thumbnails directory) holding the items' preview images. */
export const CART_THUMBNAILS_FOLDER = 'cart-items'

export const ATTACHMENT_KINDS = ['pdf', 'png', 'jpeg', 'dxf', 'step'] as const
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number]

/** The file-name extensions each kind may carry; the content decides the kind, the extension must agree. */
const EXTENSIONS: Record<AttachmentKind, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  dxf: ['dxf'],
  step: ['step', 'stp'],
}

/** What a download is served as: text formats as bytes, so nothing ever renders them. */
export const ATTACHMENT_CONTENT_TYPES: Record<AttachmentKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  dxf: 'application/octet-stream',
  step: 'application/octet-stream',
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82] as const
const BINARY_DXF = 'AutoCAD Binary DXF\r\n\u001a\u0000'

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false
  return magic.every((byte, index) => bytes[offset + index] === byte)
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return Buffer.from(
    bytes.buffer,
    bytes.byteOffset + start,
    Math.max(0, Math.min(length, bytes.length - start)),
  ).toString('latin1')
}

/**
 * A complete PNG: the signature, an IHDR chunk first with a size in bounds, and the IEND chunk at the very end
 * (so a PNG with an HTML page or a zip appended is refused too).
 */
export function isPreviewPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + 12 || !startsWith(bytes, PNG_SIGNATURE)) return false
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return false
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  if (width < 1 || height < 1 || width > CART_THUMBNAIL_MAX_PIXELS || height > CART_THUMBNAIL_MAX_PIXELS)
    return false
  const end = bytes.length - 12
  return view.getUint32(end) === 0 && startsWith(bytes, PNG_IEND, end + 4)
}

/** The head as text after a UTF-8 byte-order mark and leading white space. */
function leadingText(head: Uint8Array, length: number): string {
  let start = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0
  while (start < head.length && (head[start] === 0x20 || (head[start]! >= 0x09 && head[start]! <= 0x0d)))
    start++
  return ascii(head, start, length)
}

/**
 * The kind of an attachment from its first bytes, or undefined when it is none of the accepted ones. ASCII DXF
 * starts with group code 0 and SECTION (optionally after 999 comments); STEP with its ISO 10303-21 header.
 */
export function sniffAttachment(head: Uint8Array): AttachmentKind | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf' // %PDF-
  if (startsWith(head, PNG_SIGNATURE)) return 'png'
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (ascii(head, 0, BINARY_DXF.length) === BINARY_DXF) return 'dxf'
  const text = leadingText(head, 4096)
  if (/^ISO-10303-21\s*;/.test(text)) return 'step'
  if (/^(999\r?\n[^\r\n]*\r?\n\s*)*0\r?\nSECTION\r?\n/.test(text)) return 'dxf'
  return undefined
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase()
}

export function extensionFits(kind: AttachmentKind, fileName: string): boolean {
  return EXTENSIONS[kind].includes(extensionOf(fileName))
}

/**
 * The client's file name as a download name: without any path (browsers may send `C:\fakepath\…`), control
 * characters and surrounding space, at most 255 characters; `attachment.<ext>` when nothing is left.
 */
export function cleanFileName(raw: string, kind: AttachmentKind): string {
  const base = raw.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim()
  const fallback = `attachment.${EXTENSIONS[kind][0]}`
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return fallback
  if (cleaned.length <= 255) return cleaned
  const extension = extensionOf(cleaned)
  return `${cleaned.slice(0, 254 - extension.length)}.${extension}`
}

/** An attachment too large for its route (the cart routes answer file_too_large). */
export { UploadTooLargeError as CartFileTooLargeError } from '#server/http/receive-upload.ts'

export type ReceivedAttachment = ReceivedUpload

/** An attachment's first 4 KB: enough for sniffAttachment. */
const HEAD_BYTES = 4096

export interface CartFileStore {
  /** The public path of a preview image (`/api/thumbnails/cart-items/<name>.png`). */
  thumbnailUrl(name: string): string
  /** Stores a checked PNG under a new unguessable name; returns that name. */
  writeThumbnail(png: Uint8Array): Promise<string>
  removeThumbnail(name: string): Promise<void>
  /** Streams an upload to a temporary file (never whole in memory), hashing it and keeping its head. */
  receiveAttachment(
    source: Readable,
    options: { onLimit: (listener: () => void) => void; truncated: () => boolean },
  ): Promise<ReceivedAttachment>
  /** Moves a received attachment to its final place (named by the attachment's id). */
  keepAttachment(tempPath: string, attachmentId: string): Promise<void>
  attachmentPath(attachmentId: string): string
  removeFile(path: string): Promise<void>
}

/** Where attachments live by default: outside every served folder. */
export function cartAttachmentsDir(dataDir: string): string {
  return join(dataDir, 'cart-attachments')
}

/** `thumbnailsDir` is the folder served under THUMBNAILS_PATH; `attachmentsDir` must not be served by anything. */
export function createCartFileStore(options: {
  thumbnailsDir: string
  attachmentsDir: string
}): CartFileStore {
  const thumbnails = join(options.thumbnailsDir, CART_THUMBNAILS_FOLDER)
  const incoming = join(options.attachmentsDir, '.incoming')
  const THUMBNAIL_NAME = /^[A-Za-z0-9_-]{22}\.png$/

  function thumbnailPath(name: string): string {
    if (!THUMBNAIL_NAME.test(name)) throw new Error(`Not a cart thumbnail name: ${name}`)
    return join(thumbnails, name)
  }

  function attachmentPath(attachmentId: string): string {
    if (!isId(attachmentId)) throw new Error(`Not an attachment id: ${attachmentId}`)
    return join(options.attachmentsDir, attachmentId)
  }

  return {
    thumbnailUrl: (name) => `${THUMBNAILS_PATH}${CART_THUMBNAILS_FOLDER}/${name}`,

    async writeThumbnail(png) {
      const name = `${randomBytes(16).toString('base64url')}.png`
      const path = thumbnailPath(name)
      await mkdir(thumbnails, { recursive: true })
      // Never visible half-written: the static file server may be asked for it at any moment.
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
      try {
        await writeFile(temp, png, { flag: 'wx' })
        await rename(temp, path)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
      return name
    },

    async removeThumbnail(name) {
      await rm(thumbnailPath(name), { force: true })
    },

    receiveAttachment: (source, { onLimit, truncated }) =>
      receiveUpload(source, {
        tempPath: join(incoming, `${randomBytes(16).toString('base64url')}.part`),
        maxBytes: CART_ATTACHMENT_MAX_BYTES,
        headBytes: HEAD_BYTES,
        onLimit,
        truncated,
      }),

    async keepAttachment(tempPath, attachmentId) {
      await mkdir(options.attachmentsDir, { recursive: true })
      await rename(tempPath, attachmentPath(attachmentId))
    },

    attachmentPath,

    async removeFile(path) {
      await rm(path, { force: true })
    },
  }
}
