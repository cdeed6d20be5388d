import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import type { Db } from '#server/db/db.ts'
import type { AnalysisSummary } from '#server/modules/analysis/analysis-jobs.ts'
import { createAnalysisQueueRepo } from '#server/modules/analysis/analysis-queue.repo.ts'
import { createAnalysisRunner } from '#server/modules/analysis/analysis-runner.ts'
import { objectDir } from '#server/modules/analysis/analysis-storage.ts'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  silentRunnerLog,
  upload,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'
import { corpusFile } from '#tests/integration/helpers/model-files.ts'

/**
 * The task queue's promises (docs/decisions/0040): a task whose process died is claimed again once its lease
 * expires and completes exactly once; a restarted server takes back its own tasks at once; attempts are capped;
 * a process that lost its lease cannot overwrite the winner's result; two runners on one database share the work
 * without running anything twice; a stopping server hands its running tasks back.
 */

interface TaskRow {
  state: string
  attempts: number
  runs: number
  lease_owner: string | null
  finished_by: string | null
  error_code: string | null
  error_details: Record<string, unknown> | null
}

async function taskRow(db: Db, id: string): Promise<TaskRow> {
  const { rows } = await db.query<TaskRow>(
    `SELECT state, attempts, runs, lease_owner, finished_by, error_code, error_details
       FROM analysis_tasks WHERE id = $1`,
    [id],
  )
  return rows[0]!
}

/** What a server that claimed the task and then died leaves behind. */
async function pretendClaimedBy(
  db: Db,
  taskId: string,
  owner: string,
  attempts: number,
  leaseSeconds: number,
) {
  await db.query(
    `UPDATE analysis_tasks SET state = 'running', attempts = $3, lease_owner = $2,
            lease_expires_at = now() + ($4::integer * interval '1 second'), heartbeat_at = now()
      WHERE id = $1`,
    [taskId, owner, attempts, leaseSeconds],
  )
}

const apps: AnalysisTestApp[] = []
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close()
})

async function queuedUpload(t: AnalysisTestApp, file = 'stl/trimesh__7_8ths_cube.stl') {
  const response = await upload(t.app, 'part.stl', corpusFile(file))
  expect(response.statusCode).toBe(201)
  return AnalysisUploadResponseSchema.parse(response.json())
}

describe('crash recovery', () => {
  it('reclaims a task whose worker died once its lease expires, and finishes it once', async () => {
    const t = await createAnalysisTestApp({ startRunner: false })
    apps.push(t)
    const created = await queuedUpload(t)
    await pretendClaimedBy(t.db, created.taskId, 'deadInstance000000000:boot', 1, 3)

    await t.runner.start(silentRunnerLog)
    // The dead process's lease is still valid for a moment: nobody may take the task yet.
    expect((await taskRow(t.db, created.taskId)).lease_owner).toBe('deadInstance000000000:boot')
    const task = await waitForTask(t.app, created.taskId, 60_000)

    expect(task.state).toBe('completed')
    expect(await taskRow(t.db, created.taskId)).toMatchObject({
      state: 'completed',
      attempts: 2,
      runs: 1,
      lease_owner: null,
      finished_by: t.runner.owner,
    })
    // One result: a single run folder next to the upload.
    const runs = readdirSync(objectDir(t.config.analysis.uploadsDir, created.createdObject._id)).filter(
      (name) => name.startsWith('run-'),
    )
    expect(runs).toHaveLength(1)
  })

  it("takes back this server's own tasks from an earlier life at start, without waiting for the lease", async () => {
    const instanceId = 'sameDataDirInstance01'
    const t = await createAnalysisTestApp({ startRunner: false, instanceId })
    apps.push(t)
    const created = await queuedUpload(t)
    // Killed an hour before its lease would run out.
    await pretendClaimedBy(t.db, created.taskId, `${instanceId}:previousBoot`, 1, 3600)

    const started = Date.now()
    await t.runner.start(silentRunnerLog)
    const task = await waitForTask(t.app, created.taskId, 60_000)
    expect(task.state).toBe('completed')
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(await taskRow(t.db, created.taskId)).toMatchObject({ attempts: 2, runs: 1 })
  })

  it('fails a task with a clear code once it has used up its attempts', async () => {
    const t = await createAnalysisTestApp({ startRunner: false, env: { ANALYSIS_MAX_ATTEMPTS: '3' } })
    apps.push(t)
    const created = await queuedUpload(t)
    await pretendClaimedBy(t.db, created.taskId, 'deadInstance000000000:boot', 3, 0)

    await t.runner.start(silentRunnerLog)
    const task = await waitForTask(t.app, created.taskId, 30_000)
    expect(task).toMatchObject({
      state: 'failed',
      error: { code: 'analysis_failed', details: { reason: 'attempts_exhausted' } },
    })
    expect(await taskRow(t.db, created.taskId)).toMatchObject({ attempts: 3, runs: 0 })
    const file = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${created.createdObject._id}` })
    expect(file.statusCode).toBe(404)
  })
})

describe('leases', () => {
  it('lets only the current lease holder write: a process that lost its lease cannot overwrite the result', async () => {
    const t = await createAnalysisTestApp({ startRunner: false })
    apps.push(t)
    const created = await queuedUpload(t)
    const queue = createAnalysisQueueRepo(t.db)

    const first = await queue.claim('slowProcess00000000000:a', 60_000, 3)
    expect(first?.id).toBe(created.taskId)
    // Nothing else is claimable while the lease holds.
    expect(await queue.claim('otherProcess0000000000:b', 60_000, 3)).toBeUndefined()
    // The first process stalls past its lease; another one takes over.
    await t.db.query(
      `UPDATE analysis_tasks SET lease_expires_at = now() - interval '1 second' WHERE id = $1`,
      [created.taskId],
    )
    const second = await queue.claim('otherProcess0000000000:b', 60_000, 3)
    expect(second).toMatchObject({ id: created.taskId, attempts: 2 })

    const summary = { analysedProperties: { printable: true } } as unknown as AnalysisSummary
    expect(await queue.heartbeat(created.taskId, 'slowProcess00000000000:a', 60_000)).toBe(false)
    expect(await queue.addMessage(created.taskId, 'slowProcess00000000000:a', 'starting-analysis', 15)).toBe(
      false,
    )
    expect(await queue.complete(first!, 'slowProcess00000000000:a', 'run-1-x', summary)).toBe(false)
    expect(
      await queue.fail(first!, 'slowProcess00000000000:a', {
        code: 'analysis_failed',
        details: { reason: 'timeout' },
      }),
    ).toBe(false)
    expect(await taskRow(t.db, created.taskId)).toMatchObject({
      state: 'running',
      lease_owner: 'otherProcess0000000000:b',
    })
  })
})

describe('several runners on one database', () => {
  it('share the queued tasks without running any of them twice', async () => {
    const first = await createAnalysisTestApp({ env: { ANALYSIS_POLL_MS: '50' } })
    apps.push(first)
    // The second server: same database, same upload storage (UPLOADS_DIR), its own DATA_DIR and instance.
    const second = await createAnalysisTestApp({
      db: first.db,
      env: { ANALYSIS_POLL_MS: '50', UPLOADS_DIR: first.config.analysis.uploadsDir },
    })
    apps.push(second)

    const files = [
      'stl/trimesh__20mm-xyz-cube.stl',
      'stl/trimesh__cylinder.stl',
      'stl/trimesh__plate_holes.STL',
      'stl/trimesh__round.stl',
      'stl/trimesh__idler_riser.STL',
      'stl/trimesh__angle_block.STL',
    ]
    const created = await Promise.all(files.map((file) => queuedUpload(first, file)))
    for (const { taskId } of created)
      expect((await waitForTask(first.app, taskId, 90_000)).state).toBe('completed')

    const owners = new Set<string | null>()
    for (const { taskId } of created) {
      const row = await taskRow(first.db, taskId)
      expect(row).toMatchObject({ attempts: 1, runs: 1 })
      owners.add(row.finished_by)
    }
    expect([...owners].every((owner) => owner === first.runner.owner || owner === second.runner.owner)).toBe(
      true,
    )
  })
})

/** `db` with every statement sent through it recorded in `statements`. */
function watchedDb(db: Db, statements: string[]): Db {
  return {
    kind: db.kind,
    query: <Row extends object>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql.trim())
      return db.query<Row>(sql, params)
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => Promise.resolve(),
  }
}

describe('polling an idle queue', () => {
  it('reads once per poll while nothing is queued or running, and still finds a task another server queued', async () => {
    const t = await createAnalysisTestApp({ startRunner: false })
    apps.push(t)
    const statements: string[] = []
    const config = { ...t.config, analysis: { ...t.config.analysis, pollMs: 20 } }
    const runner = createAnalysisRunner({ db: watchedDb(t.db, statements), config })
    await runner.start(silentRunnerLog)
    try {
      statements.length = 0
      await new Promise((resolve) => setTimeout(resolve, 400))
      // Idle: every poll is the one read, no update (on the embedded database an update blocks every request).
      expect(statements.length).toBeGreaterThanOrEqual(5)
      expect(statements.every((sql) => sql.startsWith('SELECT EXISTS'))).toBe(true)

      // Queued by the other app, whose own runner is not running and so does not wake this one: the poll finds it.
      const created = await queuedUpload(t)
      expect((await waitForTask(t.app, created.taskId, 90_000)).state).toBe('completed')
      expect(await taskRow(t.db, created.taskId)).toMatchObject({ attempts: 1, finished_by: runner.owner })
      expect(statements.some((sql) => sql.startsWith('UPDATE analysis_tasks'))).toBe(true)
    } finally {
      await runner.stop()
    }
  })
})

describe('shutdown', () => {
  it('hands a running task back to the queue, where the next server completes it', async () => {
    const t = await createAnalysisTestApp()
    apps.push(t)
    const response = await upload(t.app, 'big.stl', binaryStl(torusSoup(40, 12, 400, 400)))
    const created = AnalysisUploadResponseSchema.parse(response.json())
    const deadline = Date.now() + 30_000
    while ((await taskRow(t.db, created.taskId)).state !== 'running') {
      if (Date.now() > deadline) throw new Error('never started')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await t.runner.stop()
    expect(await taskRow(t.db, created.taskId)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lease_owner: null,
    })

    const next = createAnalysisRunner({ db: t.db, config: t.config })
    await next.start(silentRunnerLog)
    try {
      expect((await waitForTask(t.app, created.taskId, 90_000)).state).toBe('completed')
      expect(await taskRow(t.db, created.taskId)).toMatchObject({ attempts: 1, finished_by: next.owner })
      expect(
        readdirSync(join(objectDir(t.config.analysis.uploadsDir, created.createdObject._id))).filter((name) =>
          name.startsWith('run-'),
        ),
      ).toHaveLength(1)
    } finally {
      await next.stop()
    }
  })
})
