import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { PictureKey, TaskMessageCode } from '#shared/contracts/analysis.contract.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import {
  type AnalysisFailureReason,
  type AnalysisSummary,
  failureForReason,
  type MeasuredSummary,
  type TaskFailure,
} from '#server/modules/analysis/analysis-jobs.ts'
import type { ModelFormat } from '#engine/engine.ts'

/**
 * The analysis task queue in SQL (docs/decisions/0040-analysis-task-queue.md). A task is claimed with a lease by
 * one server process (`lease_owner`, `lease_expires_at`) and renewed by heartbeats; every later write of the run is
 * conditional on still owning that lease, so a process that lost its lease (paused, partitioned, presumed dead)
 * can never overwrite the result of the process that took over. No statement waits for an analysis: the run
 * itself happens outside any transaction.
 */

export interface ClaimedTask {
  id: string
  modelFileId: string
  /** This claim's attempt number (1 for the first). */
  attempts: number
  /** Earlier runs of this task that were in flight when their server process ended (at most one). */
  interruptedRuns: number
  format: ModelFormat
  givenUnit: UnitOfLength
}

interface ClaimedRow {
  id: string
  model_file_id: string
  attempts: number
  interrupted_runs: number
  format: ModelFormat
  given_unit_of_length: UnitOfLength
}

/** A claimed row as the task the runner works with. */
function claimedTaskOf(row: ClaimedRow): ClaimedTask {
  return {
    id: row.id,
    modelFileId: row.model_file_id,
    attempts: row.attempts,
    interruptedRuns: row.interrupted_runs,
    format: row.format,
    givenUnit: row.given_unit_of_length,
  }
}

/** `$n` milliseconds as an interval; plain integer parameters keep both engines' parameter typing happy. */
const ms = (param: string) => `(${param}::integer * interval '1 millisecond')`

/** A running task whose process is presumed dead, and whose analysis had reached a worker (`t`: table alias). */
const interrupted = (t = '') =>
  `${t}state = 'running' AND ${t}lease_expires_at < now() AND ${t}run_started_at IS NOT NULL`
const INTERRUPTED = interrupted()

/** Ends the tasks matching `where` as failed with `reason`, and their model files with them. */
async function failWhere(
  db: Db,
  where: string,
  reason: AnalysisFailureReason,
  params: unknown[],
): Promise<string[]> {
  // The error code comes last: `where` numbers its own parameters from $2.
  const codeParam = `$${params.length + 2}`
  const { rows } = await db.query<{ id: string }>(
    `WITH failed AS (
       UPDATE analysis_tasks
          SET state = 'failed', error_code = ${codeParam}::text, error_details = jsonb_build_object('reason', $1::text),
              interrupted_runs = interrupted_runs + CASE WHEN ${INTERRUPTED} THEN 1 ELSE 0 END,
              lease_owner = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
        WHERE ${where}
       RETURNING id, model_file_id)
     UPDATE model_files m SET state = 'failed', updated_at = now()
       FROM failed WHERE m.id = failed.model_file_id
     RETURNING failed.id`,
    [reason, ...params, failureForReason(reason).code],
  )
  return rows.map((row) => row.id)
}

/** Claiming tasks and keeping, expiring, handing back their leases; failing the ones that cannot run. */
function createTaskLeaseRepo(db: Db) {
  return {
    /**
     * Takes the oldest claimable task: queued, or running with an expired lease (its process died or stalled)
     * and attempts left, unless its earlier run was interrupted too (see {@link failQuarantined}). A reclaimed
     * run that had reached a worker counts as interrupted. SKIP LOCKED lets several processes claim at once
     * without waiting for or taking each other's rows; the outer WHERE re-checks the state on the row locked.
     */
    async claim(owner: string, leaseMs: number, maxAttempts: number): Promise<ClaimedTask | undefined> {
      const { rows } = await db.query<ClaimedRow>(
        `UPDATE analysis_tasks t
            SET state = 'running', attempts = t.attempts + 1, lease_owner = $1,
                lease_expires_at = now() + ${ms('$2')}, heartbeat_at = now(), updated_at = now(),
                progress = 0, messages = '[]'::jsonb, run_started_at = NULL,
                interrupted_runs = t.interrupted_runs + CASE WHEN ${interrupted('t.')} THEN 1 ELSE 0 END
           FROM model_files f
          WHERE f.id = t.model_file_id
            AND t.id = (
              SELECT id FROM analysis_tasks
               WHERE (state = 'queued' OR (state = 'running' AND lease_expires_at < now()))
                 AND attempts < $3
                 AND NOT (${INTERRUPTED} AND interrupted_runs >= 1)
               ORDER BY created_at, id
               LIMIT 1
               FOR UPDATE SKIP LOCKED)
            AND (t.state = 'queued' OR (t.state = 'running' AND t.lease_expires_at < now()))
        RETURNING t.id, t.model_file_id, t.attempts, t.interrupted_runs, f.format, f.given_unit_of_length`,
        [owner, leaseMs, maxAttempts],
      )
      const row = rows[0]
      return row === undefined ? undefined : claimedTaskOf(row)
    },

    /**
     * Whether any task is queued or running. Every other question of a poll (claimable, exhausted, quarantined)
     * is about such a task, so an idle poll asks only this: one read of the partial index `analysis_tasks_claimable`
     * instead of three updates. On the embedded database those run on the event loop (about 5 ms a poll, every
     * second), where every request waits for them (issue 18).
     */
    async hasOpenTasks(): Promise<boolean> {
      const { rows } = await db.query<{ open: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM analysis_tasks WHERE state IN ('queued', 'running')) AS open`,
      )
      return rows[0]?.open === true
    },

    /** Ends tasks whose lease expired on their last allowed attempt: a file that keeps killing its process. */
    async failExhausted(maxAttempts: number): Promise<string[]> {
      return failWhere(
        db,
        `state = 'running' AND lease_expires_at < now() AND attempts >= $2`,
        'attempts_exhausted',
        [maxAttempts],
      )
    },

    /**
     * Poison-task quarantine: a task whose run was in flight when its process ended, for the second time, is
     * failed instead of run again. A restart cannot tell a task that ended its process from one killed along with
     * it (kill -9, power loss), so the first such end earns one retry; the second does not.
     */
    async failQuarantined(): Promise<string[]> {
      return failWhere(db, `${INTERRUPTED} AND interrupted_runs >= 1`, 'quarantined', [])
    },

    /** The job reached a worker: from now on an end of this process counts against the task. */
    async markStarted(taskId: string, owner: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE analysis_tasks SET run_started_at = now()
          WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [taskId, owner],
      )
      return rowCount === 1
    },

    /**
     * At start: leases this instance (same DATA_DIR) held in an earlier life are certainly dead, so they expire
     * now instead of after their full lease.
     */
    async expireStaleLeasesOf(instanceId: string, currentOwner: string): Promise<number> {
      const { rowCount } = await db.query(
        `UPDATE analysis_tasks SET lease_expires_at = now() - interval '1 millisecond', updated_at = now()
          WHERE state = 'running' AND starts_with(lease_owner, $1 || ':') AND lease_owner <> $2`,
        [instanceId, currentOwner],
      )
      return rowCount
    },

    async heartbeat(taskId: string, owner: string, leaseMs: number): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE analysis_tasks SET lease_expires_at = now() + ${ms('$3')}, heartbeat_at = now()
          WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [taskId, owner, leaseMs],
      )
      return rowCount === 1
    },

    /** Graceful shutdown: the task goes back to the queue at once, and the interrupted attempt is not counted. */
    async release(taskId: string, owner: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE analysis_tasks
            SET state = 'queued', attempts = GREATEST(attempts - 1, 0), lease_owner = NULL, lease_expires_at = NULL,
                heartbeat_at = NULL, run_started_at = NULL, progress = 0, messages = '[]'::jsonb, updated_at = now()
          WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [taskId, owner],
      )
      return rowCount === 1
    },
  }
}

/** A run's progress and outcome, each written only while the lease is ours; the reaper's question. */
function createTaskOutcomeRepo(db: Db) {
  return {
    async addMessage(
      taskId: string,
      owner: string,
      message: TaskMessageCode,
      progress: number,
    ): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE analysis_tasks
            SET messages = messages || $3::jsonb, progress = GREATEST(progress, $4::integer), updated_at = now()
          WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
        [taskId, owner, JSON.stringify([message]), progress],
      )
      return rowCount === 1
    },

    /** Counted whatever the lease says: the evidence of how often the analysis really ran. */
    async countRun(taskId: string): Promise<void> {
      await db.query('UPDATE analysis_tasks SET runs = runs + 1 WHERE id = $1', [taskId])
    },

    /**
     * Commits a result: the task completes and the model file gets its analysis, in one short transaction, only
     * if this process still holds the lease. False: the lease was lost and the result must be thrown away.
     */
    async complete(
      task: ClaimedTask,
      owner: string,
      resultDir: string,
      summary: AnalysisSummary,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          `UPDATE analysis_tasks
              SET state = 'completed', progress = 100, messages = messages || '["analysis-completed"]'::jsonb,
                  lease_owner = NULL, lease_expires_at = NULL, finished_by = $2, finished_at = now(),
                  updated_at = now()
            WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
          [task.id, owner],
        )
        if (rowCount !== 1) return false
        await storeAnalysed(tx, task.modelFileId, resultDir, summary)
        return true
      })
    },

    /** Ends the task as failed (only while holding its lease); false if the lease was lost. */
    async fail(task: ClaimedTask, owner: string, failure: TaskFailure): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          `UPDATE analysis_tasks
              SET state = 'failed', error_code = $3, error_details = $4::jsonb, lease_owner = NULL,
                  lease_expires_at = NULL, finished_by = $2, finished_at = now(), updated_at = now()
            WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
          [task.id, owner, failure.code, JSON.stringify(failure.details)],
        )
        if (rowCount !== 1) return false
        await tx.query(`UPDATE model_files SET state = 'failed', updated_at = now() WHERE id = $1`, [
          task.modelFileId,
        ])
        return true
      })
    },

    /** Which of these model file ids have a row (the reaper's question about folders on disk). */
    async existingModelFileIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM model_files WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
        [JSON.stringify(ids)],
      )
      return new Set(rows.map((row) => row.id))
    },
  }
}

/** The model file of a completed task gets its analysis (inside {@link createTaskOutcomeRepo}'s `complete`). */
async function storeAnalysed(
  tx: Queryable,
  id: string,
  resultDir: string,
  summary: AnalysisSummary,
): Promise<void> {
  const { repairInfo, files } = fileColumns(id, summary.repairInfo, summary.repairImageKeys)
  await tx.query(
    `UPDATE model_files
        SET state = 'analysed', analysed_properties = $2::jsonb, repair_info = $3::jsonb, files = $4::jsonb,
            front_pictures = $5::jsonb, printable = $6, thickness_histogram = $7::jsonb, triangles = $8,
            result_dir = $9, updated_at = now()
      WHERE id = $1`,
    [
      id,
      JSON.stringify(summary.analysedProperties),
      repairInfo,
      files,
      JSON.stringify(
        Object.fromEntries(summary.frontPictureKeys.map((key) => [key, `/file/${id}/front/${key}.png`])),
      ),
      summary.analysedProperties.printable,
      summary.thicknessHistogram === null ? null : JSON.stringify(summary.thicknessHistogram),
      summary.triangles,
      resultDir,
    ],
  )
}

/** The model file's repair info and file paths as stored (JSON text; repair info null when nothing was repaired). */
function fileColumns(
  id: string,
  repair: AnalysisSummary['repairInfo'],
  repairImageKeys: readonly PictureKey[],
): { repairInfo: string | null; files: string } {
  const base = `/file/${id}`
  const repairImages = Object.fromEntries(repairImageKeys.map((key) => [key, `${base}/repair/${key}.png`]))
  return {
    repairInfo: repair.repaired ? JSON.stringify({ ...repair, repairImages }) : null,
    files: JSON.stringify({
      '3mf': `${base}/model.3mf`,
      repaired: repair.repaired ? `${base}/repaired.3mf` : null,
    }),
  }
}

function createTaskMeasuresRepo(db: Db) {
  return {
    /**
     * The measures of a running task (decision 0124 §2): the model file gets its properties, repair counters, files
     * and folder while it stays `analysing` (no pictures yet, no wall thickness; pricing and renaming still wait for
     * `analysed`), only while this process holds the lease. False: the lease was lost.
     */
    async storeMeasured(
      task: ClaimedTask,
      owner: string,
      resultDir: string,
      measured: MeasuredSummary,
    ): Promise<boolean> {
      const id = task.modelFileId
      const { repairInfo, files } = fileColumns(id, measured.repairInfo, [])
      const { rowCount } = await db.query(
        `UPDATE model_files
            SET analysed_properties = $2::jsonb, repair_info = $3::jsonb, files = $4::jsonb, front_pictures = '{}',
                printable = $5, triangles = $6, result_dir = $7, updated_at = now()
          WHERE id = $1 AND state = 'analysing'
            AND EXISTS (SELECT 1 FROM analysis_tasks
                         WHERE id = $8 AND lease_owner = $9 AND state = 'running')`,
        [
          id,
          JSON.stringify(measured.analysedProperties),
          repairInfo,
          files,
          measured.analysedProperties.printable,
          measured.triangles,
          resultDir,
          task.id,
          owner,
        ],
      )
      return rowCount === 1
    },
  }
}

export function createAnalysisQueueRepo(db: Db) {
  return { ...createTaskLeaseRepo(db), ...createTaskOutcomeRepo(db), ...createTaskMeasuresRepo(db) }
}
export type AnalysisQueueRepo = ReturnType<typeof createAnalysisQueueRepo>
