import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { migrate } from '#server/db/migrate.ts'
import { seed } from '#server/db/seed.ts'
import { corpusFile } from '#tests/integration/helpers/model-files.ts'
import {
  disposeServerProcesses,
  serverDatabase,
  type ServerProcess,
  startServer,
} from '#tests/integration/helpers/server-process.ts'
import { createTempDir, testDatabaseUrl } from '#tests/integration/helpers/test-app.ts'

/**
 * Two real server processes (src/server/main.ts) on one PostgreSQL database and one shared upload folder: uploads
 * to either are analysed by whichever process claims them first, and no task runs twice (attempts = runs = 1).
 * PGlite cannot be shared between processes, so this needs TEST_DATABASE_URL; without it the test is skipped.
 */

const folders: string[] = []

afterAll(async () => {
  await disposeServerProcesses()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

async function uploadTo(server: ServerProcess, file: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(corpusFile(file))]), file.split('/').pop()!)
  const response = await fetch(`${server.base}/api/analytx/file/`, { method: 'POST', body: form })
  expect(response.status).toBe(201)
  return AnalysisUploadResponseSchema.parse(await response.json())
}

describe('two server processes on one PostgreSQL database', () => {
  it.skipIf(testDatabaseUrl === undefined)(
    testDatabaseUrl === undefined
      ? 'share the analysis tasks and run each once: SKIPPED, needs TEST_DATABASE_URL (PGlite is one process)'
      : 'share the analysis tasks and run each exactly once',
    { timeout: 300_000 },
    async () => {
      const uploadsDir = createTempDir('schichtwerk-shared-uploads-')
      folders.push(uploadsDir)
      const dataDirs = [0, 1].map((i) => createTempDir(`schichtwerk-process-${i}-`))
      folders.push(...dataDirs)
      // One fresh PostgreSQL schema for both servers (the folder argument matters only on PGlite).
      const database = await serverDatabase(dataDirs[0]!)
      // Migrated and seeded once up front, so the two starts below only find work done.
      await database.inspect(async (db) => {
        await migrate(db)
        await seed(db, { thumbnailsDir: join(uploadsDir, '.thumbnails'), withStaff: false })
      })
      const servers = await Promise.all(
        dataDirs.map((dataDir) =>
          startServer({
            ...database.env,
            DATA_DIR: dataDir,
            UPLOADS_DIR: uploadsDir,
            ANALYSIS_WORKERS: '1',
            ANALYSIS_POLL_MS: '50',
          }),
        ),
      )

      // Uploads go to both servers; either may claim any of them.
      const files = [
        '3mf/3mfc__sphere.3mf',
        'stl/trimesh__box.STL',
        'stl/trimesh__torus.STL',
        'ply/threejs__ply_binary_dolphins_le.ply',
        'stl/trimesh__featuretype.STL',
        '3mf/3mfc__dodeca_chain_loop.3mf',
        'stl/trimesh__octagonal_pocket.stl',
        'stl/threejs__stl_binary_colored.stl',
      ]
      const created = []
      for (const [index, file] of files.entries()) created.push(await uploadTo(servers[index % 2]!, file))

      const deadline = Date.now() + 240_000
      for (const { taskId } of created) {
        for (;;) {
          const response = await fetch(`${servers[0]!.base}/api/analytx/task/${taskId}`)
          const task = AnalysisTaskSchema.parse(await response.json())
          if (task.state === 'completed') break
          expect(task.state).not.toBe('failed')
          if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.state}`)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }

      const rows = await database.inspect(
        async (db) =>
          (
            await db.query<{ attempts: number; runs: number; finished_by: string }>(
              'SELECT attempts, runs, finished_by FROM analysis_tasks',
            )
          ).rows,
      )
      expect(rows).toHaveLength(files.length)
      for (const row of rows) expect(row).toMatchObject({ attempts: 1, runs: 1 })
      const byProcess = new Map<string, number>()
      for (const row of rows) {
        const instance = row.finished_by.split(':')[0]!
        byProcess.set(instance, (byProcess.get(instance) ?? 0) + 1)
      }
      // Both processes took part: the work was really shared, not done by one while the other idled.
      expect(byProcess.size).toBe(2)
      process.stdout.write(`two-process test: tasks per process ${JSON.stringify([...byProcess.values()])}\n`)

      expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0])
    },
  )
})
