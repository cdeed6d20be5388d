import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  AddCartItemsRequestSchema,
  AddCartItemsResponseSchema,
  CartAttachmentParamsSchema,
  CartItemParamsSchema,
  CartItemsResponseSchema,
  type CartParams,
  CartParamsSchema,
  CreateCartResponseSchema,
  PatchCartItemRequestSchema,
} from '#shared/contracts/cart.contract.ts'
import { IdSchema, isId } from '#shared/contracts/common.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { JSON_CONTENT_TYPE, parseResponse } from '#server/http/respond.ts'
import { abandonUpload } from '#server/http/receive-upload.ts'
import {
  attachmentDisposition,
  CART_ATTACHMENT_MAX_BYTES,
  CART_THUMBNAIL_MAX_BYTES,
  CartFileTooLargeError,
  type CartFileStore,
  cleanFileName,
  extensionFits,
  isPreviewPng,
  sniffAttachment,
} from '#server/modules/cart/cart-files.ts'
import {
  attachmentNotFound,
  CART_PATH,
  cartNotFound,
  type CartService,
  itemNotFound,
} from '#server/modules/cart/cart.service.ts'

/**
 * `/api/checkout/cart…` (spec part 1 §7; cart.contract.ts). The cart id is the only key to a cart: a malformed id
 * gets the very same 404 as an unknown one, and an item of another cart is an unknown item (check 38). Inputs are
 * strict: a price, a tax or any unknown field is a 400 (check 7). Cross-origin changes are refused by the app's
 * global same-origin guard (registerSameOriginGuard, decision 0076).
 */

export interface CartRoutesDeps {
  cart: CartService
  files: Pick<CartFileStore, 'receiveAttachment' | 'removeFile'>
  context: RequestContextResolver
}

/** Uploads cost disk space: far below the global limit, still generous for people. */
const UPLOADS_PER_MINUTE = 60

function cartParams(request: FastifyRequest): CartParams {
  // The contract's own id check (isId is what IdSchema's pattern accepts) without zod's per-request object work:
  // a cart read is mostly this route's fixed cost (issue 18). Anything else goes through the schema as before.
  const { cartId } = request.params as { cartId?: unknown }
  if (isId(cartId)) return { cartId }
  const parsed = CartParamsSchema.safeParse(request.params)
  if (!parsed.success) throw cartNotFound()
  return parsed.data
}

function itemParams(request: FastifyRequest) {
  const params = request.params as { cartId?: unknown; itemId?: unknown }
  if (!IdSchema.safeParse(params.cartId).success) throw cartNotFound()
  const parsed = CartItemParamsSchema.safeParse(params)
  if (!parsed.success) throw itemNotFound()
  return parsed.data
}

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

export function createCartRoutes(deps: CartRoutesDeps): FastifyPluginAsync {
  const { cart, context } = deps
  return async (app) => {
    // Scoped to these routes; each upload route sets its own size limit.
    await app.register(fastifyMultipart, {
      limits: { fileSize: CART_ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    })

    app.post(CART_PATH, async (request, reply) => {
      const { whiteLabel } = await context(request)
      return reply
        .code(201)
        .send(parseResponse(CreateCartResponseSchema, await cart.createCart(whiteLabel.id)))
    })

    app.get(`${CART_PATH}/:cartId`, async (request, reply) => {
      const { cartId } = cartParams(request)
      const { locale } = await context(request)
      // Already checked against CartSchema and serialised by the service (its read cache holds the text).
      return reply.type(JSON_CONTENT_TYPE).send(await cart.cartJson(cartId, locale))
    })

    app.post(`${CART_PATH}/:cartId/item`, async (request) => {
      const { cartId } = cartParams(request)
      const { locale } = await context(request)
      const body = AddCartItemsRequestSchema.parse(request.body)
      return parseResponse(AddCartItemsResponseSchema, await cart.addItems(cartId, locale, body.items))
    })

    app.patch(`${CART_PATH}/:cartId/item/:itemId`, async (request) => {
      const { cartId, itemId } = itemParams(request)
      const { locale } = await context(request)
      const body = PatchCartItemRequestSchema.parse(request.body)
      return parseResponse(
        CartItemsResponseSchema,
        await cart.patchItem(cartId, itemId, locale, body.items[0]),
      )
    })

    app.delete(`${CART_PATH}/:cartId/item/:itemId`, async (request) => {
      const { cartId, itemId } = itemParams(request)
      const { locale } = await context(request)
      return parseResponse(CartItemsResponseSchema, await cart.deleteItem(cartId, itemId, locale))
    })

    const uploadRoute = { config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000 } } }

    app.post(`${CART_PATH}/:cartId/item/:itemId/thumbnail`, uploadRoute, async (request, reply) => {
      const { cartId, itemId } = itemParams(request)
      const { locale } = await context(request)
      await cart.assertItem(cartId, itemId)
      let part: MultipartFile | undefined
      let png: Buffer
      try {
        part = await filePart(request, CART_THUMBNAIL_MAX_BYTES)
        png = await part.toBuffer()
      } catch (error) {
        abandonUpload(request, reply, part?.file)
        if (isTooLarge(error)) {
          throw new AppError(
            ErrorCode.FileTooLarge,
            `A preview image has at most ${CART_THUMBNAIL_MAX_BYTES} bytes`,
          )
        }
        throw error
      }
      if (!isPreviewPng(png)) {
        throw new AppError(ErrorCode.UnsupportedFileType, 'A preview image must be a PNG', {
          details: { accepted: ['png'] },
        })
      }
      return parseResponse(CartItemsResponseSchema, await cart.setThumbnail(cartId, itemId, locale, png))
    })

    app.post(`${CART_PATH}/:cartId/item/:itemId/attachments`, uploadRoute, async (request, reply) => {
      const { cartId, itemId } = itemParams(request)
      const { locale } = await context(request)
      await cart.assertItem(cartId, itemId)
      let part: MultipartFile | undefined
      let received
      try {
        part = await filePart(request, CART_ATTACHMENT_MAX_BYTES)
        const file = part.file
        received = await deps.files.receiveAttachment(file, {
          onLimit: (listener) => file.once('limit', listener),
          truncated: () => file.truncated,
        })
      } catch (error) {
        abandonUpload(request, reply, part?.file)
        if (isTooLarge(error)) {
          throw new AppError(
            ErrorCode.FileTooLarge,
            `An attachment has at most ${CART_ATTACHMENT_MAX_BYTES} bytes`,
          )
        }
        throw error
      }
      const kind = received.size === 0 ? undefined : sniffAttachment(received.head)
      if (kind === undefined || !extensionFits(kind, part.filename)) {
        await deps.files.removeFile(received.tempPath)
        throw new AppError(
          ErrorCode.UnsupportedFileType,
          'An attachment must be a PDF, PNG, JPEG, DXF or STEP file with a matching extension',
          { details: { accepted: ['pdf', 'png', 'jpg', 'jpeg', 'dxf', 'step', 'stp'] } },
        )
      }
      return parseResponse(
        CartItemsResponseSchema,
        await cart.addAttachment(cartId, itemId, locale, {
          received,
          kind,
          fileName: cleanFileName(part.filename, kind),
        }),
      )
    })

    app.get(
      `${CART_PATH}/:cartId/item/:itemId/attachments/:attachmentId/:fileName`,
      async (request, reply) => {
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
      },
    )
  }
}
