import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import fastifyMultipart, { type MultipartFields } from '@fastify/multipart'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  ANALYTX_PREFIX,
  AnalysisFileParamsSchema,
  AnalysisFilePatchSchema,
  AnalysisFileSchema,
  AnalysisTaskParamsSchema,
  AnalysisTaskQuerySchema,
  AnalysisTaskSchema,
  AnalysisUploadResponseSchema,
  HistogramImageQuerySchema,
  PictureKeySchema,
  UnitOfLengthSchema,
} from '#shared/contracts/analysis.contract.ts'
import { attachmentDisposition } from '#shared/contracts/content-disposition.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { AnalysisConfig } from '#server/config/env.ts'
import { parseResponse } from '#server/http/respond.ts'
import { abandonUpload } from '#server/http/receive-upload.ts'
import { notFound, type AnalysisService, type ServedFile } from '#server/modules/analysis/analysis.service.ts'
import type { Uploader, UploaderIdentity } from '#server/modules/analysis/uploader-identity.ts'
import { retryAfterOf, type UploadAdmission } from '#server/modules/analysis/upload-admission.ts'

/**
 * The analysis service under /api/analytx (spec part 1 §7): upload, demo object, task polling, the 3D file
 * (GET/PATCH), its 3MF downloads, pictures and the wall-thickness picture. Ids in paths that are malformed get the
 * same 404 as unknown ones. An object id is a capability for reading (the cart and shared links need it); only the
 * visitor who uploaded the file may change it (decision 0076).
 */

export { ANALYTX_PREFIX } from '#shared/contracts/analysis.contract.ts'
const PNG = 'image/png'
const THREE_MF = 'application/vnd.ms-package.3dmanufacturing-3dmodel+xml'
/** Uploads and demo objects cost an analysis each: far below the global limit, still generous for people. */
const UPLOADS_PER_MINUTE = 60

export interface AnalysisRoutesDeps {
  /** The analysis service, built with its render pool and runner by analysis.module.ts. */
  service: AnalysisService
  settings: Pick<AnalysisConfig, 'maxUploadBytes'>
  /** Who uploads (visitor cookie, address key) and who may change a file. */
  identity: UploaderIdentity
  /** The daily quota and the disk-space floor (decision 0077); absent: every upload is taken. */
  admission?: UploadAdmission
}

/** A quota refusal says when to try again (Retry-After), as the rate limit's 429 does. */
function setRetryAfter(reply: FastifyReply, error: unknown): void {
  const seconds = retryAfterOf(error)
  if (seconds !== undefined) reply.header('retry-after', String(seconds))
}

function idOrNotFound(parse: () => { success: boolean }): void {
  if (!parse().success) throw notFound()
}

async function sendFile(reply: FastifyReply, file: ServedFile, type: string): Promise<FastifyReply> {
  const stream = createReadStream(file.path)
  if (file.temporary) stream.once('close', () => void rm(file.path, { force: true }))
  return reply.type(type).header('x-content-type-options', 'nosniff').send(stream)
}

/** The uploader of a request, refused before its body is read when the disk or its quota is full. */
async function admitted(
  deps: AnalysisRoutesDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Uploader> {
  const uploader = deps.identity.uploaderOf(request, reply)
  try {
    await deps.admission?.admit(uploader)
  } catch (error) {
    setRetryAfter(reply, error)
    abandonUpload(request, reply, undefined)
    throw error
  }
  return uploader
}

/** The unit of length an upload names in its form, if any; an unknown one is a validation error. */
function givenUnitOf(fields: MultipartFields): UnitOfLength | undefined {
  const unitField = fields['givenUnitOfLength']
  if (unitField === undefined) return undefined
  const value = !Array.isArray(unitField) && unitField.type === 'field' ? unitField.value : undefined
  return UnitOfLengthSchema.parse(value)
}

/** The upload route's handler: one multipart field "file", streamed to the service. */
function uploadHandler(deps: AnalysisRoutesDeps) {
  const { service, admission } = deps
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart()) {
      throw new AppError(ErrorCode.ValidationFailed, 'Expected multipart/form-data with a field "file"')
    }
    const uploader = await admitted(deps, request, reply)
    const part = await request.file({ throwFileSizeLimit: false })
    if (part === undefined || part.fieldname !== 'file') {
      throw new AppError(ErrorCode.ValidationFailed, 'Expected multipart/form-data with a field "file"')
    }
    const givenUnit = givenUnitOf(part.fields)
    try {
      const created = await service.upload({
        fileName: part.filename,
        stream: part.file,
        onLimit: (listener) => part.file.once('limit', listener),
        truncated: () => part.file.truncated,
        givenUnit,
        uploader,
        ...(admission === undefined
          ? {}
          : { beforeStore: (size: number) => admission.admitSize(uploader, size) }),
      })
      return reply.code(201).send(parseResponse(AnalysisUploadResponseSchema, created))
    } catch (error) {
      setRetryAfter(reply, error)
      abandonUpload(request, reply, part.file)
      throw error
    }
  }
}

/** The file's downloads: its 3MF files, its pictures and the wall-thickness picture. */
function registerDownloadRoutes(app: FastifyInstance, service: AnalysisService): void {
  for (const kind of ['model', 'repaired'] as const) {
    app.get<{ Params: { id: string } }>(`${ANALYTX_PREFIX}/file/:id/${kind}.3mf`, async (request, reply) => {
      idOrNotFound(() => AnalysisFileParamsSchema.safeParse(request.params))
      const file = await service.model3mf(request.params.id, kind)
      // A download, never a page: even a crafted file cannot run as a document of our origin.
      reply
        .header('content-disposition', attachmentDisposition(file.downloadName))
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, no-cache')
      return sendFile(reply, file, THREE_MF)
    })
  }

  for (const kind of ['front', 'repair'] as const) {
    app.get<{ Params: { id: string; picture: string } }>(
      `${ANALYTX_PREFIX}/file/:id/${kind}/:picture`,
      async (request, reply) => {
        idOrNotFound(() => AnalysisFileParamsSchema.safeParse(request.params))
        const key = PictureKeySchema.safeParse(request.params.picture.replace(/\.png$/, ''))
        if (!key.success || !request.params.picture.endsWith('.png')) throw notFound()
        const file = await service.picture(request.params.id, kind, key.data)
        // A run's pictures never change: its folder is replaced, not rewritten.
        reply.header('cache-control', 'private, max-age=31536000, immutable')
        return sendFile(reply, file, PNG)
      },
    )
  }

  app.get<{ Params: { id: string } }>(
    `${ANALYTX_PREFIX}/file/:id/histogram-image`,
    async (request, reply) => {
      idOrNotFound(() => AnalysisFileParamsSchema.safeParse(request.params))
      const query = HistogramImageQuerySchema.parse(request.query)
      const file = await service.histogramImage(request.params.id, query)
      reply.header('cache-control', 'private, max-age=3600')
      return sendFile(reply, file, PNG)
    },
  )
}

export function createAnalysisRoutes(deps: AnalysisRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    // Scoped to these routes (the plugin is encapsulated); the limit is checked again while streaming.
    await app.register(fastifyMultipart, {
      limits: { fileSize: deps.settings.maxUploadBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 },
    })

    const { service } = deps
    const uploadRoute = { config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000 } } }
    const upload = uploadHandler(deps)
    app.post(`${ANALYTX_PREFIX}/file/`, uploadRoute, upload)
    app.post(`${ANALYTX_PREFIX}/file`, uploadRoute, upload)

    app.post(`${ANALYTX_PREFIX}/demo`, uploadRoute, async (request, reply) => {
      const created = await service.createDemo(await admitted(deps, request, reply))
      return reply.code(201).send(parseResponse(AnalysisUploadResponseSchema, created))
    })

    // Polled every second by every uploading browser: not counted against the address's rate limit.
    app.get<{ Params: { taskId: string } }>(
      `${ANALYTX_PREFIX}/task/:taskId`,
      { config: { rateLimit: false } },
      async (request) => {
        idOrNotFound(() => AnalysisTaskParamsSchema.safeParse(request.params))
        const { waitMs, until } = AnalysisTaskQuerySchema.parse(request.query)
        return parseResponse(
          AnalysisTaskSchema,
          await service.getTask(request.params.taskId, waitMs, until === 'measured'),
        )
      },
    )

    app.get<{ Params: { id: string } }>(`${ANALYTX_PREFIX}/file/:id`, async (request) => {
      idOrNotFound(() => AnalysisFileParamsSchema.safeParse(request.params))
      return parseResponse(AnalysisFileSchema, await service.getFile(request.params.id))
    })

    app.patch<{ Params: { id: string } }>(`${ANALYTX_PREFIX}/file/:id`, async (request) => {
      idOrNotFound(() => AnalysisFileParamsSchema.safeParse(request.params))
      const patch = AnalysisFilePatchSchema.parse(request.body ?? {})
      const visitorId = deps.identity.visitorOf(request)
      return parseResponse(AnalysisFileSchema, await service.patchFile(request.params.id, visitorId, patch))
    })

    registerDownloadRoutes(app, service)
  }
}
