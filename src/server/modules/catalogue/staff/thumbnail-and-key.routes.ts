import fastifyMultipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  COLOR_THUMBNAIL_MAX_BYTES,
  CreateApiKeySchema,
  StaffApiKeyCreatedSchema,
  StaffApiKeyListSchema,
  StaffApiKeyParamsSchema,
  StaffColorResponseSchema,
  STAFF_BASE_PATH,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { abandonUpload, UploadTooLargeError } from '#server/http/receive-upload.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { StaffRouteContext } from '#server/modules/catalogue/staff/staff-entity.routes.ts'

/** Colour thumbnail upload and the white labels' API keys (issue 17); registered behind the staff pre-handler. */

const expectFile = () =>
  new AppError(ErrorCode.ValidationFailed, 'Expected multipart/form-data with a field "file"')

const isTooLarge = (error: unknown) =>
  error instanceof UploadTooLargeError ||
  (error instanceof Error && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')

/** The whole file (at most 2 MB) in memory; a refused upload is abandoned without reading the rest. */
async function readImage(
  request: FastifyRequest,
  reply: Parameters<typeof abandonUpload>[1],
): Promise<Buffer> {
  let part: MultipartFile | undefined
  try {
    if (!request.isMultipart()) throw expectFile()
    part = await request.file({
      limits: { fileSize: COLOR_THUMBNAIL_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    })
    if (part === undefined || part.fieldname !== 'file') throw expectFile()
    return await part.toBuffer()
  } catch (error) {
    abandonUpload(request, reply, part?.file)
    if (isTooLarge(error))
      throw new AppError(
        ErrorCode.FileTooLarge,
        `A colour thumbnail has at most ${COLOR_THUMBNAIL_MAX_BYTES} bytes`,
      )
    throw error
  }
}

const keyParams = (request: FastifyRequest) => StaffApiKeyParamsSchema.parse(request.params)

async function registerColorThumbnailRoutes(
  app: FastifyInstance,
  { staff, userOf, idOf }: StaffRouteContext,
) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: COLOR_THUMBNAIL_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  })
  const path = `${STAFF_BASE_PATH}/colors/:id/thumbnail`
  app.post(path, async (request, reply) => {
    const id = idOf(request)
    const bytes = await readImage(request, reply)
    return parseResponse(StaffColorResponseSchema, {
      color: await staff.setColorThumbnail(userOf(request), id, bytes),
    })
  })
  app.delete(path, async (request) =>
    parseResponse(StaffColorResponseSchema, {
      color: await staff.removeColorThumbnail(userOf(request), idOf(request)),
    }),
  )
}

function registerApiKeyRoutes(app: FastifyInstance, { staff, userOf, idOf }: StaffRouteContext): void {
  const list = `${STAFF_BASE_PATH}/white-labels/:id/api-keys`
  app.get(list, async (request) =>
    parseResponse(StaffApiKeyListSchema, { apiKeys: await staff.listApiKeys(idOf(request)) }),
  )
  app.post(list, async (request, reply) => {
    const input = CreateApiKeySchema.parse(request.body ?? {})
    const created = await staff.createApiKey(userOf(request), idOf(request), input)
    return reply.code(201).send(parseResponse(StaffApiKeyCreatedSchema, created))
  })
  app.post(`${list}/:keyId/rotate`, async (request, reply) => {
    const { id, keyId } = keyParams(request)
    const created = await staff.rotateApiKey(userOf(request), id, keyId)
    return reply.code(201).send(parseResponse(StaffApiKeyCreatedSchema, created))
  })
  app.delete(`${list}/:keyId`, async (request, reply) => {
    const { id, keyId } = keyParams(request)
    await staff.revokeApiKey(userOf(request), id, keyId)
    return reply.code(204).send()
  })
}

/** Both in their own scope: the multipart parser is registered for these routes only. */
export async function registerThumbnailAndKeyRoutes(app: FastifyInstance, context: StaffRouteContext) {
  await app.register(async (scope) => {
    await registerColorThumbnailRoutes(scope, context)
    registerApiKeyRoutes(scope, context)
  })
}
