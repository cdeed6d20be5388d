import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { StorageConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { Uploader } from '#server/modules/analysis/uploader-identity.ts'
import { freeDiskBytes } from '#server/modules/analysis/disk-space.ts'
import { createUploadQuotaRepo, type UploadUsage } from '#server/modules/analysis/upload-quota.repo.ts'

/**
 * Whether an upload may be taken (decision 0077): refused with 507 insufficient_storage while the uploads folder's
 * disk has less free space than the floor, and with 429 upload_quota_exceeded once the visitor or the address has
 * uploaded its files or bytes of the last 24 hours. Checked before the body is read (nothing is received for a
 * refusal) and again with the received file's size before it is stored. Uploads running side by side may pass the
 * first check together; the per-route rate limit bounds how far past the quota that gets.
 */

export type UploadLimits = Pick<StorageConfig, 'quotaFilesPerDay' | 'quotaBytesPerDay' | 'minFreeDiskBytes'>

export interface UploadAdmissionDeps {
  db: Db
  limits: UploadLimits
  /** The folder uploads are written to: its file system's free space is checked. */
  uploadsDir: string
  /** Free bytes on the disk of a folder; statfs by default. */
  freeBytes?: (dir: string) => Promise<number>
}

/** The earliest moment the quota can change: when the oldest counted upload leaves the window (at least 1 s). */
function quotaExceeded(limits: UploadLimits, usage: UploadUsage): AppError {
  return new AppError(ErrorCode.UploadQuotaExceeded, 'The daily upload quota is used up', {
    details: {
      filesPerDay: limits.quotaFilesPerDay,
      bytesPerDay: limits.quotaBytesPerDay,
      retryAfterSeconds: Math.max(1, usage.retryAfterSeconds ?? 1),
    },
  })
}

/** The Retry-After (seconds) a refusal names, for the answer's header. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof AppError) || error.code !== ErrorCode.UploadQuotaExceeded) return undefined
  const seconds = error.details?.['retryAfterSeconds']
  return typeof seconds === 'number' ? seconds : undefined
}

function overQuota(
  usage: UploadUsage,
  limits: UploadLimits,
  extra: { files: number; bytes: number },
): boolean {
  const files = Math.max(usage.visitorFiles, usage.addressFiles) + extra.files
  const bytes = Math.max(usage.visitorBytes, usage.addressBytes) + extra.bytes
  return files > limits.quotaFilesPerDay || bytes > limits.quotaBytesPerDay
}

export function createUploadAdmission(deps: UploadAdmissionDeps) {
  const repo = createUploadQuotaRepo(deps.db)
  const freeBytes = deps.freeBytes ?? freeDiskBytes
  const { limits } = deps

  return {
    /** Before the body is read: the disk floor, and one more file within today's quota. */
    async admit(uploader: Uploader): Promise<void> {
      if ((await freeBytes(deps.uploadsDir)) < limits.minFreeDiskBytes) {
        throw new AppError(ErrorCode.InsufficientStorage, 'Too little free disk space to take uploads now')
      }
      const usage = await repo.usageOfLastDay(uploader.visitorId, uploader.addressKey)
      if (overQuota(usage, limits, { files: 1, bytes: 0 })) throw quotaExceeded(limits, usage)
    },

    /** With the received file: its bytes within today's quota. */
    async admitSize(uploader: Uploader, sizeBytes: number): Promise<void> {
      const usage = await repo.usageOfLastDay(uploader.visitorId, uploader.addressKey)
      if (overQuota(usage, limits, { files: 1, bytes: sizeBytes })) throw quotaExceeded(limits, usage)
    },
  }
}
export type UploadAdmission = ReturnType<typeof createUploadAdmission>
