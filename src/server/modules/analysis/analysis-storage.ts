import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PictureKey } from '#shared/contracts/analysis.contract.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { ModelFormat } from '#engine/engine.ts'

/**
 * Where uploads and analysis results live on disk (UPLOADS_DIR, default DATA_DIR/uploads):
 *
 *   .incoming/<owner>.<random>.part  an upload being received (removed on any failure; after a crash, removed by
 *                                    the next start of the same server, or reaped after 15 min)
 *   <objectId>/source.<ext>          the upload, moved here only once complete
 *   <objectId>/run-<attempt>-<nonce>/ one analysis run's files; model_files.result_dir names the committed one:
 *       mesh.swm                     internal mesh (engine encodeMeshes), numbers in the file's unit
 *       thickness.f32                per-face wall thickness (engine encodeThickness), same unit, scale 1
 *       front/<key>.png, repair/<key>.png   pictures (repair only when something was repaired)
 *       model-<unit>.3mf             the repaired model read in that unit, written in millimetres
 *       histogram/<hash>.png         cached wall-thickness pictures, one per parameter set
 *
 * Every name is built from server-made ids and fixed words, never from a client's file name, so nothing can be
 * written outside the upload folder. Files other threads may read are written to a temporary name and renamed.
 * An object folder goes with its row: the retention job removes both once no cart holds the upload and it is older
 * than UPLOAD_RETENTION_DAYS (src/server/modules/retention/, decision 0077).
 */

export const INCOMING_DIR = '.incoming'
export const MESH_FILE = 'mesh.swm'
export const THICKNESS_FILE = 'thickness.f32'
export const HISTOGRAM_CACHE_DIR = 'histogram'
/** A bound on cached thickness pictures per model: the scale is free, so the parameter sets are unbounded. */
export const HISTOGRAM_CACHE_MAX_FILES = 256

const EXTENSION: Record<ModelFormat, string> = {
  stl: 'stl',
  ply: 'ply',
  '3mf': '3mf',
  '3ds': '3ds',
  step: 'step',
}

export function objectDir(uploadsDir: string, objectId: string): string {
  return join(uploadsDir, objectId)
}

export function sourcePath(uploadsDir: string, objectId: string, format: ModelFormat): string {
  return join(objectDir(uploadsDir, objectId), `source.${EXTENSION[format]}`)
}

export function newRunDirName(attempt: number): string {
  return `run-${attempt}-${randomBytes(9).toString('base64url')}`
}

export function model3mfFileName(unit: UnitOfLength): string {
  return `model-${unit}.3mf`
}

export function picturePath(resultDir: string, kind: 'front' | 'repair', key: PictureKey): string {
  return join(resultDir, kind, `${key}.png`)
}

/** Writes a file that other threads or processes may read at any moment: never visible half-written. */
export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temp, data)
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/**
 * A new name in `.incoming/` for a file this process is writing. `owner` is the runner's `<instance id>:<boot id>`
 * (instance ids are base64url): it is part of the name, so a restarted server can tell the files its killed earlier
 * life left half-written (one process per DATA_DIR, so certainly dead) from the uploads other servers on a shared
 * UPLOADS_DIR are receiving right now. Without an owner (no local runner) the name is random only.
 */
export function newIncomingPath(uploadsDir: string, owner: string | undefined, extension: string): string {
  const random = randomBytes(16).toString('base64url')
  const name = owner === undefined ? random : `${owner.replace(':', '.')}.${random}`
  return join(uploadsDir, INCOMING_DIR, `${name}.${extension}`)
}

/** Whether a `.incoming/` name was made by another boot of `instanceId` than `owner` (see {@link newIncomingPath}). */
export function isIncomingOfEarlierBoot(name: string, instanceId: string, owner: string): boolean {
  return name.startsWith(`${instanceId}.`) && !name.startsWith(`${owner.replace(':', '.')}.`)
}

/** Raised by {@link receiveUpload} when the stream is longer than allowed. */
export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError'
}

export interface ReceivedUpload {
  tempPath: string
  size: number
  sha256: string
  /** The first bytes, for the content sniff. */
  head: Uint8Array
}

const HEAD_BYTES = 64 * 1024

/**
 * Streams an upload to `<uploadsDir>/.incoming/` chunk by chunk (never whole in memory), hashing it on the way and
 * keeping its first 64 KB for the content sniff. `onLimit` is how the multipart parser reports the size limit: the
 * stream is then destroyed at once (no waiting for the rest of a 2 GB body) and the partial file removed.
 */
export async function receiveUpload(
  source: Readable,
  options: {
    uploadsDir: string
    maxBytes: number
    onLimit: (listener: () => void) => void
    /** The parser cut the stream at the limit (its 'limit' event may have fired before we listened). */
    truncated: () => boolean
    /** The local runner's lease owner, named in the temporary file's name ({@link newIncomingPath}). */
    owner?: string | undefined
  },
): Promise<ReceivedUpload> {
  await mkdir(join(options.uploadsDir, INCOMING_DIR), { recursive: true })
  const tempPath = newIncomingPath(options.uploadsDir, options.owner, 'part')
  const hash = createHash('sha256')
  const headChunks: Buffer[] = []
  let headLength = 0
  let size = 0
  options.onLimit(() =>
    source.destroy(new UploadTooLargeError(`The file is larger than ${options.maxBytes} bytes`)),
  )
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length
          // The parser's limit is the authority; this is a second line in case a source has none.
          if (size > options.maxBytes)
            throw new UploadTooLargeError(`The file is larger than ${options.maxBytes} bytes`)
          hash.update(chunk)
          if (headLength < HEAD_BYTES) {
            const part = chunk.subarray(0, HEAD_BYTES - headLength)
            headChunks.push(Buffer.from(part))
            headLength += part.length
          }
          yield chunk
        }
      },
      createWriteStream(tempPath, { flags: 'wx' }),
    )
    if (options.truncated())
      throw new UploadTooLargeError(`The file is larger than ${options.maxBytes} bytes`)
  } catch (error) {
    await rm(tempPath, { force: true })
    throw error
  }
  return { tempPath, size, sha256: hash.digest('hex'), head: new Uint8Array(Buffer.concat(headChunks)) }
}

/** Moves a complete upload into its object folder. */
export async function storeUpload(tempPath: string, targetPath: string): Promise<void> {
  await mkdir(dirname(targetPath), { recursive: true })
  await rename(tempPath, targetPath)
}
