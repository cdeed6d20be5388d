import type { Db } from '#server/db/db.ts'

/** What one visitor and one address uploaded in the last 24 hours (model_files rows; migration 007). */
export interface UploadUsage {
  visitorFiles: number
  visitorBytes: number
  addressFiles: number
  addressBytes: number
  /** Seconds until the oldest of these uploads leaves the 24-hour window; null without any. */
  retryAfterSeconds: number | null
}

export function createUploadQuotaRepo(db: Db) {
  return {
    /** Rows already removed (retention) no longer count: the window is a day, retention keeps rows for weeks. */
    async usageOfLastDay(visitorId: string, addressKey: string): Promise<UploadUsage> {
      const { rows } = await db.query<UploadUsage>(
        `SELECT count(*) FILTER (WHERE owner_visitor = $1)::float8 AS "visitorFiles",
                coalesce(sum(size_bytes) FILTER (WHERE owner_visitor = $1), 0)::float8 AS "visitorBytes",
                count(*) FILTER (WHERE uploader_address = $2)::float8 AS "addressFiles",
                coalesce(sum(size_bytes) FILTER (WHERE uploader_address = $2), 0)::float8 AS "addressBytes",
                ceil(extract(epoch FROM min(created_at) + interval '1 day' - now()))::float8 AS "retryAfterSeconds"
           FROM model_files
          WHERE (owner_visitor = $1 OR uploader_address = $2) AND created_at > now() - interval '1 day'`,
        [visitorId, addressKey],
      )
      return (
        rows[0] ?? {
          visitorFiles: 0,
          visitorBytes: 0,
          addressFiles: 0,
          addressBytes: 0,
          retryAfterSeconds: null,
        }
      )
    },
  }
}
export type UploadQuotaRepo = ReturnType<typeof createUploadQuotaRepo>
