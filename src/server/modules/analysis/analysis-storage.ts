import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import type { PictureKey } from '#shared/contracts/analysis.contract.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { ModelFormat } from '#engine/engine.ts'
import { type ReceivedUpload, receiveUpload as receiveToFile } from '#server/http/receive-upload.ts'

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
 *       model-<unit>.3mf             the repaired model read in that unit, written in millimetres, drawn from
 *                                    mesh.swm when first asked for (decision 0135)
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

/** A new temporary name beside `path`, for writing it atomically (unique per writer). */
export function temporaryPathFor(path: string): string {
  return `${path}.${randomBytes(6).toString('hex')}.tmp`
}

/**
 * Writes a file that other threads or processes may read at any moment: never visible half-written. With
 * `createFolder: false` a missing folder is an error (ENOENT) instead of being made again. `temporaryPath` is the
 * name written before the rename (default: a new one): a caller that may kill the writer names it, so it can remove
 * what a killed writer left.
 */
export async function writeFileAtomic(
  path: string,
  data: Uint8Array,
  options: { createFolder?: boolean; temporaryPath?: string } = {},
): Promise<void> {
  if (options.createFolder !== false) await mkdir(dirname(path), { recursive: true })
  const temp = options.temporaryPath ?? temporaryPathFor(path)
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

export { type ReceivedUpload, UploadTooLargeError } from '#server/http/receive-upload.ts'

/** A model's first 64 KB: enough for every format's content sniff (content-sniff.ts). */
const HEAD_BYTES = 64 * 1024

/**
 * Streams an upload to `<uploadsDir>/.incoming/` (receive-upload.ts: hashed, its head kept, cut at the limit).
 * `onLimit` is how the multipart parser reports the size limit.
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
  return receiveToFile(source, {
    tempPath: newIncomingPath(options.uploadsDir, options.owner, 'part'),
    maxBytes: options.maxBytes,
    headBytes: HEAD_BYTES,
    onLimit: options.onLimit,
    truncated: options.truncated,
  })
}

/** Moves a complete upload into its object folder. */
export async function storeUpload(tempPath: string, targetPath: string): Promise<void> {
  await mkdir(dirname(targetPath), { recursive: true })
  await rename(tempPath, targetPath)
}
