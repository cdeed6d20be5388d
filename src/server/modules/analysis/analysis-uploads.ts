import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import type { AnalysisUploadResponse } from '#shared/contracts/analysis.contract.ts'
import { ALLOWED_MODEL_EXTENSIONS, FORMATS_WITH_OWN_UNIT, type UnitOfLength } from '#shared/domain/limits.ts'
import { modelExtensionOf } from '#shared/domain/upload-rules.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import type { AnalysisContext } from '#server/modules/analysis/analysis-context.ts'
import { cleanFileName, objectNameOf } from '#server/modules/analysis/analysis-file-names.ts'
import {
  INCOMING_DIR,
  newIncomingPath,
  objectDir,
  receiveUpload,
  sourcePath,
  storeUpload,
  UploadTooLargeError,
} from '#server/modules/analysis/analysis-storage.ts'
import { contentMatchesFormat } from '#server/modules/analysis/content-sniff.ts'
import type { Uploader } from '#server/modules/analysis/uploader-identity.ts'
import { DEMO_MODEL_FILE } from '#server/runtime-paths.ts'
import type { ModelFormat } from '#engine/engine.ts'

/** Storing uploads and the demo object (spec part 1 §3 "3D file", §4), each queued for analysis. */

export const DEMO_MODEL_PATH = DEMO_MODEL_FILE
const DEMO_MODEL_NAME = 'Demo-Vase'

export interface IncomingUpload {
  fileName: string
  stream: Readable
  /** Registers the listener the multipart parser calls when the size limit is hit. */
  onLimit: (listener: () => void) => void
  /** The parser cut the file at the size limit. */
  truncated: () => boolean
  givenUnit: UnitOfLength | undefined
  uploader: Uploader
  /** Checks the received file's size before it is stored (the daily quota); throwing refuses and removes it. */
  beforeStore?: (sizeBytes: number) => Promise<void>
}

const FORMAT_OF_EXTENSION: Record<(typeof ALLOWED_MODEL_EXTENSIONS)[number], ModelFormat> = {
  stl: 'stl',
  ply: 'ply',
  '3ds': '3ds',
  '3mf': '3mf',
  step: 'step',
  stp: 'step',
}

function unsupportedFileType(): AppError {
  return new AppError(ErrorCode.UnsupportedFileType, 'Unsupported file type', {
    details: { supported: [...ALLOWED_MODEL_EXTENSIONS] },
  })
}

interface NewObject {
  tempPath: string
  format: ModelFormat
  fileName: string
  sizeBytes: number
  sha256: string
  givenUnit: UnitOfLength
  isDemo: boolean
  uploader: Uploader
}

/** The streamed file in a temporary file; one over the size limit is a 413. */
async function receive(
  { deps, settings }: Pick<AnalysisContext, 'deps' | 'settings'>,
  incoming: IncomingUpload,
) {
  deps.onUploadStarted?.()
  try {
    return await receiveUpload(incoming.stream, {
      uploadsDir: settings.uploadsDir,
      maxBytes: settings.maxUploadBytes,
      onLimit: incoming.onLimit,
      truncated: incoming.truncated,
      owner: deps.incomingOwner,
    })
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      throw new AppError(ErrorCode.FileTooLarge, `The file is larger than ${settings.maxUploadBytes} bytes`, {
        details: { maxBytes: settings.maxUploadBytes },
      })
    }
    throw error
  }
}

export function createAnalysisUploads({ deps, repo, settings }: AnalysisContext) {
  async function createObject(input: NewObject): Promise<AnalysisUploadResponse> {
    const id = newId()
    const taskId = newId()
    // The file is complete before any row names it; a crash in between leaves a folder the reaper removes.
    await storeUpload(input.tempPath, sourcePath(settings.uploadsDir, id, input.format))
    try {
      await repo.insertUpload({
        id,
        taskId,
        name: objectNameOf(input.fileName),
        originalFileName: cleanFileName(input.fileName) || 'model',
        format: input.format,
        sizeBytes: input.sizeBytes,
        sha256: input.sha256,
        givenUnit: FORMATS_WITH_OWN_UNIT.has(input.format) ? 'mm' : input.givenUnit,
        isDemo: input.isDemo,
        ownerVisitor: input.uploader.visitorId,
        uploaderAddress: input.uploader.addressKey,
      })
    } catch (error) {
      await rm(objectDir(settings.uploadsDir, id), { recursive: true, force: true })
      throw error
    }
    deps.onTaskQueued?.()
    return { taskId, createdObject: { _id: id }, maxPolls: settings.maxPolls }
  }

  return {
    /**
     * Stores an upload: extension first (no bytes stored for a .jpg), then the streamed file, then the content
     * sniff (a PNG named .stl is refused and removed), then the rows.
     */
    async upload(incoming: IncomingUpload): Promise<AnalysisUploadResponse> {
      const extension = modelExtensionOf(cleanFileName(incoming.fileName))
      if (extension === null) throw unsupportedFileType()
      const format = FORMAT_OF_EXTENSION[extension]
      const received = await receive({ deps, settings }, incoming)
      if (!contentMatchesFormat(received.head, received.size, format)) {
        await rm(received.tempPath, { force: true })
        throw unsupportedFileType()
      }
      try {
        await incoming.beforeStore?.(received.size)
      } catch (error) {
        await rm(received.tempPath, { force: true })
        throw error
      }
      return createObject({
        tempPath: received.tempPath,
        format,
        fileName: incoming.fileName,
        sizeBytes: received.size,
        sha256: received.sha256,
        givenUnit: incoming.givenUnit ?? 'mm',
        isDemo: false,
        uploader: incoming.uploader,
      })
    },

    /** The demo object (spec part 1 §4): the built-in vase, analysed like any upload. */
    async createDemo(uploader: Uploader): Promise<AnalysisUploadResponse> {
      deps.onUploadStarted?.()
      await mkdir(join(settings.uploadsDir, INCOMING_DIR), { recursive: true })
      const tempPath = newIncomingPath(settings.uploadsDir, deps.incomingOwner, 'part')
      // 400 KB, part of the code: read whole, hashed, written like an upload.
      const bytes = await readFile(DEMO_MODEL_PATH)
      await writeFile(tempPath, bytes)
      return createObject({
        tempPath,
        format: 'stl',
        fileName: `${DEMO_MODEL_NAME}.stl`,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        givenUnit: 'mm',
        isDemo: true,
        uploader,
      })
    },
  }
}
