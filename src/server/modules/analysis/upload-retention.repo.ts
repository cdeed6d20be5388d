import type { Db } from '#server/db/db.ts'

/**
 * The upload rows retention removes (decision 0077), in batches so one run never holds the (single, on PGlite)
 * database connection for long. Folders are the caller's: it removes them after the rows, and the analysis runner's
 * reaper removes upload folders whose row is gone should that fail.
 */

/**
 * A correlated subquery over `model_files mf` that finds a row while something holds the upload. Other modules hand
 * theirs in through their services (the cart's lives in its repo), so the check and the delete stay one statement:
 * a cart item added a moment earlier cannot lose its file.
 */
export type ModelFileHolder = string

/** An analysis running now (a backlog after a long outage) is not pulled from under its worker. */
const RUNNING_ANALYSIS: ModelFileHolder =
  "SELECT 1 FROM analysis_tasks t WHERE t.model_file_id = mf.id AND t.state = 'running'"

function notHeld(holders: readonly ModelFileHolder[]): string {
  return holders.map((holder) => `AND NOT EXISTS (${holder})`).join(' ')
}

export function createUploadRetentionRepo(db: Db) {
  return {
    /** Up to `limit` uploads older than `days` days that nothing holds, removed with their tasks; their ids. */
    async removeExpiredUploads(
      days: number,
      limit: number,
      holders: readonly ModelFileHolder[],
    ): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `DELETE FROM model_files WHERE id IN (
           SELECT mf.id FROM model_files mf
            WHERE mf.created_at < now() - $1 * interval '1 day' ${notHeld([...holders, RUNNING_ANALYSIS])}
            ORDER BY mf.created_at LIMIT $2)
         RETURNING id`,
        [days, limit],
      )
      return rows.map((row) => row.id)
    },
  }
}
