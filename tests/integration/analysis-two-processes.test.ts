import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { migrate } from '#server/db/migrate.ts'
import { createPostgresDb } from '#server/db/postgres.ts'
import { seed } from '#server/db/seed.ts'
import { corpusFile } from '#tests/integration/helpers/model-files.ts'
import { createTempDir, testDatabaseUrl } from '#tests/integration/helpers/test-app.ts'

/**
 * Two real server processes (src/server/main.ts) on one PostgreSQL database and one shared upload folder: uploads
 * to either are analysed by whichever process claims them first, and no task runs twice (attempts = runs = 1).
 * PGlite cannot be shared between processes, so this needs TEST_DATABASE_URL; without it the test is skipped.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const mainScript = join(repoRoot, 'src/server/main.ts')
const children = new Set<ChildProcess>()
const folders: string[] = []
let schema: string | undefined

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  if (schema !== undefined && testDatabaseUrl !== undefined) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.end()
  }
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()))
    })
  })
}

interface Server {
  child: ChildProcess
  base: string
  output: () => string
  exited: Promise<number | null>
}

function startServer(env: Record<string, string>, port: number): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let output = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child)
      resolve(code)
    }),
  )
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited }
}

async function waitUntilHealthy(server: Server, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${server.base}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server did not become healthy:\n${server.output()}`)
}

async function uploadTo(server: Server, file: string) {
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
      const url = testDatabaseUrl!
      schema = `test_${randomBytes(8).toString('hex')}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`CREATE SCHEMA ${schema}`)
      await admin.end()
      // Migrated and seeded once up front, so the two starts below only find work done.
      const db = await createPostgresDb({ connectionString: url, schema, maxConnections: 2 })
      const uploadsDir = createTempDir('schichtwerk-shared-uploads-')
      folders.push(uploadsDir)
      try {
        await migrate(db)
        await seed(db, { thumbnailsDir: join(uploadsDir, '.thumbnails'), withStaff: false })

        const databaseUrl = new URL(url)
        databaseUrl.searchParams.set('options', `-c search_path=${schema}`)
        const servers = [] as Server[]
        for (let i = 0; i < 2; i++) {
          const dataDir = createTempDir(`schichtwerk-process-${i}-`)
          folders.push(dataDir)
          servers.push(
            startServer(
              {
                DATABASE_URL: databaseUrl.toString(),
                DATA_DIR: dataDir,
                UPLOADS_DIR: uploadsDir,
                ANALYSIS_WORKERS: '1',
                ANALYSIS_POLL_MS: '50',
              },
              await freePort(),
            ),
          )
        }
        await Promise.all(servers.map((server) => waitUntilHealthy(server)))

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

        const { rows } = await db.query<{ attempts: number; runs: number; finished_by: string }>(
          'SELECT attempts, runs, finished_by FROM analysis_tasks',
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
        process.stdout.write(
          `two-process test: tasks per process ${JSON.stringify([...byProcess.values()])}\n`,
        )

        for (const server of servers) server.child.kill('SIGTERM')
        expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0])
      } finally {
        await db.close()
      }
    },
  )
})
