import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CartAttachmentParamsSchema, CartItemsResponseSchema } from '#shared/contracts/cart.contract.ts'
import { attachmentDisposition } from '#shared/contracts/content-disposition.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { parseResponse } from '#server/http/respond.ts'
import { abandonUpload } from '#server/http/receive-upload.ts'
import {
  CART_ATTACHMENT_MAX_BYTES,
  CART_THUMBNAIL_MAX_BYTES,
  CartFileTooLargeError,
  type CartFileStore,
  cleanFileName,
  extensionFits,
  isPreviewPng,
  sniffAttachment,
} from '#server/modules/cart/cart-files.ts'
import { itemParams } from '#server/modules/cart/cart-params.ts'
import { attachmentNotFound, CART_PATH, type CartService } from '#server/modules/cart/cart.service.ts'

/**
 * The cart's file routes (spec part 1 §7): an item's preview image, its attachments and their download. The
 * multipart parser is registered by `createCartRoutes`, scoped to the cart's routes; each upload sets its own limit.
 */

export interface CartFileRoutesDeps {
  cart: CartService
  files: Pick<CartFileStore, 'receiveAttachment' | 'removeFile'>
  context: RequestContextResolver
}

/** Uploads cost disk space: far below the global limit, still generous for people. */
const UPLOADS_PER_MINUTE = 60

const ATTACHMENT_KINDS = ['pdf', 'png', 'jpg', 'jpeg', 'dxf', 'step', 'stp']

const expectFile = () =>
  new AppError(ErrorCode.ValidationFailed, 'Expected multipart/form-data with a field "file"')

async function filePart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw expectFile()
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } })
  if (part === undefined || part.fieldname !== 'file') throw expectFile()
  return part
}

function isTooLarge(error: unknown): boolean {
  return (
    error instanceof CartFileTooLargeError ||
    (error instanceof Error && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
  )
}

/**
 * Runs `receive` on the request's file part; on any failure the rest of the upload is abandoned (the connection
 * is not left half-read) and an over-size file becomes the localised `file_too_large` with `what`.
 */
async function receivePart<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  maxBytes: number,
  what: string,
  receive: (part: MultipartFile) => Promise<T>,
): Promise<{ part: MultipartFile; received: T }> {
  let part: MultipartFile | undefined
  try {
    part = await filePart(request, maxBytes)
    return { part, received: await receive(part) }
  } catch (error) {
    abandonUpload(request, reply, part?.file)
    if (isTooLarge(error)) throw new AppError(ErrorCode.FileTooLarge, `${what} has at most ${maxBytes} bytes`)
    throw error
  }
}

function thumbnailHandler({ cart, context }: CartFileRoutesDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { cartId, itemId } = itemParams(request)
    const { locale } = await context(request)
    await cart.assertItem(cartId, itemId)
    const { received: png } = await receivePart(
      request,
      reply,
      CART_THUMBNAIL_MAX_BYTES,
      'A preview image',
      (part) => part.toBuffer(),
    )
    if (!isPreviewPng(png)) {
      throw new AppError(ErrorCode.UnsupportedFileType, 'A preview image must be a PNG', {
        details: { accepted: ['png'] },
      })
    }
    return parseResponse(CartItemsResponseSchema, await cart.setThumbnail(cartId, itemId, locale, png))
  }
}

function attachmentHandler({ cart, context, files }: CartFileRoutesDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { cartId, itemId } = itemParams(request)
    const { locale } = await context(request)
    await cart.assertItem(cartId, itemId)
    const { part, received } = await receivePart(
      request,
      reply,
      CART_ATTACHMENT_MAX_BYTES,
      'An attachment',
      ({ file }) =>
        files.receiveAttachment(file, {
          onLimit: (listener) => file.once('limit', listener),
          truncated: () => file.truncated,
        }),
    )
    const kind = received.size === 0 ? undefined : sniffAttachment(received.head)
    if (kind === undefined || !extensionFits(kind, part.filename)) {
      await files.removeFile(received.tempPath)
      throw new AppError(
        ErrorCode.UnsupportedFileType,
        'An attachment must be a PDF, PNG, JPEG, DXF or STEP file with a matching extension',
        { details: { accepted: ATTACHMENT_KINDS } },
      )
    }
    const fileName = cleanFileName(part.filename, kind)
    return parseResponse(
      CartItemsResponseSchema,
      await cart.addAttachment(cartId, itemId, locale, { received, kind, fileName }),
    )
  }
}

function attachmentDownloadHandler({ cart }: CartFileRoutesDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = CartAttachmentParamsSchema.safeParse(request.params)
    if (!parsed.success) throw attachmentNotFound()
    const { cartId, itemId, attachmentId } = parsed.data
    const file = await cart.openAttachment(cartId, itemId, attachmentId)
    const size = await stat(file.path).then(
      (stats) => stats.size,
      () => undefined,
    )
    if (size === undefined) throw attachmentNotFound()
    // A download, never a page: even a crafted file cannot run as a document of our origin (check 42).
    return reply
      .type(file.contentType)
      .header('content-length', size)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('content-security-policy', 'sandbox')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(createReadStream(file.path))
  }
}

export function registerCartFileRoutes(app: FastifyInstance, deps: CartFileRoutesDeps): void {
  const uploadRoute = { config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000 } } }
  const itemPath = `${CART_PATH}/:cartId/item/:itemId`
  app.post(`${itemPath}/thumbnail`, uploadRoute, thumbnailHandler(deps))
  app.post(`${itemPath}/attachments`, uploadRoute, attachmentHandler(deps))
  app.get(`${itemPath}/attachments/:attachmentId/:fileName`, attachmentDownloadHandler(deps))
}
