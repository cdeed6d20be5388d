import { ErrorCode } from '#shared/errors/error-codes.ts'
import { ALLOWED_MODEL_EXTENSIONS, MAX_UPLOAD_BYTES, type ModelExtension } from '#shared/domain/limits.ts'

/**
 * The client-side checks before a model is uploaded (spec part 1 §5): at most MAX_UPLOAD_BYTES, and one of the
 * allowed extensions, case-insensitive. The server repeats them; the client only saves the user a doomed upload.
 */

/** What the checks need of a file: a browser `File` has both. */
export interface UploadCandidate {
  readonly name: string
  readonly size: number
}

export type UploadRejection = typeof ErrorCode.FileTooLarge | typeof ErrorCode.UnsupportedFileType

export type UploadCheck = { readonly ok: true } | { readonly ok: false; readonly code: UploadRejection }

/** The lower-cased extension after the last dot, or null when the name has none (`model`, `model.`). */
export function fileExtension(name: string): string | null {
  const dot = name.lastIndexOf('.')
  if (dot < 0 || dot === name.length - 1) return null
  return name.slice(dot + 1).toLowerCase()
}

export function isModelExtension(value: string): value is ModelExtension {
  return (ALLOWED_MODEL_EXTENSIONS as readonly string[]).includes(value)
}

/** The model format a file name announces, or null when its extension is not allowed. */
export function modelExtensionOf(name: string): ModelExtension | null {
  const extension = fileExtension(name)
  return extension !== null && isModelExtension(extension) ? extension : null
}

export function isAllowedModelFileName(name: string): boolean {
  return modelExtensionOf(name) !== null
}

/** Size first, then type, as the spec lists them. */
export function checkUploadCandidate(
  file: UploadCandidate,
  maxBytes: number = MAX_UPLOAD_BYTES,
): UploadCheck {
  if (!(file.size <= maxBytes)) return { ok: false, code: ErrorCode.FileTooLarge }
  if (!isAllowedModelFileName(file.name)) return { ok: false, code: ErrorCode.UnsupportedFileType }
  return { ok: true }
}
