import { createHash } from 'node:crypto'
import {
  createReadStream,
  mkdirSync,
  openAsBlob,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnalysisTask,
  AnalysisFileSchema,
  AnalysisTaskSchema,
  AnalysisUploadResponseSchema,
} from '#shared/contracts/analysis.contract.ts'
import { INCOMING_DIR } from '#server/modules/analysis/analysis-storage.ts'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { createAnalysisTestApp, silentRunnerLog } from '#tests/integration/helpers/analysis-app.ts'
import {
  disposeServerProcesses,
  serverDatabase,
  type ServerProcess,
  startServer,
  streamUpload,
} from '#tests/integration/helpers/server-process.ts'
import { createTempDir, testDbKind } from '#tests/integration/helpers/test-app.ts'

/**
 * kill -9 of the real server process (src/server/main.ts) in the middle of the two long things it does, then a
 * restart on the same DATA_DIR (commerce-reliability checks 26 and 27):
 *
 * - during an analysis: the restarted server takes the task back at once (its own lease from an earlier life,
 *   decision 0040) and finishes it exactly once: one task, one result, the run counted once, no folder of the
 *   killed run left;
 * - during an upload: nothing of the partial file is registered or served, the partial file is gone after the
 *   restart, and the same file uploaded again is stored with the right checksum and analysed. The restart
 *   removes only its own earlier boot's partial files: other servers on a shared UPLOADS_DIR may be receiving
 *   theirs right now.
 *
 * On PGlite (DATA_DIR/pgdata) and, with TEST_DATABASE_URL, on PostgreSQL.
 */

/** 1,000,000 triangles, 50 MB: several seconds of analysis, long enough to be killed in the middle of it. */
const U = 1000
const V = 500
const TRIANGLES = 2 * U * V
const MAJOR = 40
const MINOR = 15

/**
 * The upload test kills the server while the upload stalls at half the file, so its file need not take long to
 * analyse: 200,000 triangles (10 MB, half of it far above the 1 MB margin below) spare CI one more analysis of
 * the million triangles after the restart (9 s on PGlite, 29 s on PostgreSQL in a clean CI run).
 */
const UPLOAD_U = 400
const UPLOAD_V = 250

const folders: string[] = []
let modelPath: string
let modelSha256: string
let uploadPath: string
let uploadSha256: string
let uploadSize: number

function writeModel(
  dir: string,
  name: string,
  u: number,
  v: number,
): { path: string; sha256: string; size: number } {
  const bytes = binaryStl(torusSoup(MAJOR, MINOR, u, v))
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return { path, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length }
}

beforeAll(() => {
  const dir = createTempDir('schichtwerk-crash-model-')
  folders.push(dir)
  const model = writeModel(dir, 'torus.stl', U, V)
  modelPath = model.path
  modelSha256 = model.sha256
  const upload = writeModel(dir, 'torus-upload.stl', UPLOAD_U, UPLOAD_V)
  uploadPath = upload.path
  uploadSha256 = upload.sha256
  uploadSize = upload.size
})

afterAll(async () => {
  await disposeServerProcesses()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

function newDataDir(): string {
  const dir = createTempDir('schichtwerk-crash-data-')
  folders.push(dir)
  return dir
}

/** Far longer than the test: a task finished after the restart was taken back at once, not after its lease. */
const LEASE_MS = 600_000
// Info level: a failed shutdown then shows the server's timed shutdown steps (see shutdownLog).
const SERVER_ENV = {
  LOG_LEVEL: 'info',
  ANALYSIS_WORKERS: '1',
  ANALYSIS_POLL_MS: '100',
  ANALYSIS_LEASE_MS: String(LEASE_MS),
}

async function getTask(server: ServerProcess, taskId: string): Promise<AnalysisTask> {
  const response = await fetch(`${server.base}/api/analytx/task/${taskId}`)
  expect(response.status).toBe(200)
  return AnalysisTaskSchema.parse(await response.json())
}

/** Polls the task every 50 ms until `done` says so; fails after `timeoutMs`. */
async function pollTask(
  server: ServerProcess,
  taskId: string,
  done: (task: AnalysisTask) => boolean,
  timeoutMs: number,
): Promise<AnalysisTask> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const task = await getTask(server, taskId)
    if (done(task)) return task
    if (Date.now() > deadline)
      throw new Error(`task ${taskId} still ${JSON.stringify(task)} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The server's shutdown lines (which step took how long, or hung), without the request log around them. */
function shutdownLog(server: ServerProcess): string {
  return server
    .output()
    .split('\n')
    .filter((line) => /shutdown|shutting down|took too long/i.test(line))
    .join('\n')
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir).sort()
  } catch {
    return []
  }
}

/** Passes the first `openBytes` through, then holds everything back: an upload that stalls part way. */
class Gate extends Transform {
  passed = 0
  constructor(private readonly openBytes: number) {
    super()
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const room = this.openBytes - this.passed
    if (room <= 0) return // never calls back: the stream stalls here
    const part = chunk.subarray(0, room)
    this.passed += part.length
    callback(null, part)
  }
}

describe(`kill -9 of the server process (${testDbKind})`, () => {
  it('during an analysis: the restarted server takes the task back and finishes it exactly once', async () => {
    const dataDir = newDataDir()
    const database = await serverDatabase(dataDir)
    const env = { ...SERVER_ENV, ...database.env, DATA_DIR: dataDir }
    const uploadsDir = join(dataDir, 'uploads')

    const first = await startServer(env)
    const form = new FormData()
    form.append('file', await openAsBlob(modelPath), 'torus.stl')
    const response = await fetch(`${first.base}/api/analytx/file/`, { method: 'POST', body: form })
    expect(response.status).toBe(201)
    const { taskId, createdObject } = AnalysisUploadResponseSchema.parse(await response.json())
    const objectId = createdObject._id

    // The engine has read the file and is repairing it: well inside the analysis.
    const running = await pollTask(
      first,
      taskId,
      (task) => task.state !== 'queued' && task.messages.includes('starting-analysis'),
      60_000,
    )
    expect(running.state).toBe('running')
    expect(entries(join(uploadsDir, objectId)).filter((name) => name.startsWith('run-'))).toHaveLength(1)
    await first.kill()

    const restartedAt = Date.now()
    const second = await startServer(env)
    const startMs = Date.now() - restartedAt
    const task = await pollTask(
      second,
      taskId,
      (current) => current.state === 'completed' || current.state === 'failed',
      180_000,
    )
    const completedMs = Date.now() - restartedAt
    expect(completedMs).toBeLessThan(LEASE_MS)
    expect(task).toMatchObject({ state: 'completed', progress: 100 })
    expect(task.error).toBeUndefined()
    // The messages are those of the one attempt that finished, each once.
    expect(task.messages.at(-1)).toBe('analysis-completed')
    expect(new Set(task.messages).size).toBe(task.messages.length)

    const fileResponse = await fetch(`${second.base}/api/analytx/file/${objectId}`)
    expect(fileResponse.status).toBe(200)
    const file = AnalysisFileSchema.parse(await fileResponse.json())
    expect(file.analysedProperties.dimensions.x).toBeCloseTo(2 * (MAJOR + MINOR), 3)
    expect(file.analysedProperties.dimensions.y).toBeCloseTo(2 * (MAJOR + MINOR), 3)
    expect(file.analysedProperties.dimensions.z).toBeCloseTo(2 * MINOR, 3)
    expect(file.analysedProperties.watertight).toBe(true)
    const picture = Object.values(file.frontPictures)[0]!
    expect((await fetch(`${second.base}/api/analytx${picture}`)).status).toBe(200)

    expect(await second.stop(), shutdownLog(second)).toBe(0)
    // The killed run's folder is gone; the committed run's folder is the only one.
    const runDirs = entries(join(uploadsDir, objectId)).filter((name) => name.startsWith('run-'))
    expect(runDirs).toHaveLength(1)

    const rows = await database.inspect(async (db) => ({
      tasks: (
        await db.query<{ state: string; attempts: number; runs: number; finished_by: string | null }>(
          'SELECT state, attempts, runs, finished_by FROM analysis_tasks WHERE model_file_id = $1',
          [objectId],
        )
      ).rows,
      files: (
        await db.query<{ state: string; triangles: number; result_dir: string; sha256: string }>(
          'SELECT state, triangles, result_dir, sha256 FROM model_files',
        )
      ).rows,
    }))
    // One task, claimed twice (the killed attempt and the one that finished), run to its end once.
    expect(rows.tasks).toEqual([
      { state: 'completed', attempts: 2, runs: 1, finished_by: expect.any(String) },
    ])
    expect(rows.files).toEqual([
      { state: 'analysed', triangles: TRIANGLES, result_dir: runDirs[0], sha256: modelSha256 },
    ])
    process.stdout.write(
      `crash during analysis (${testDbKind}): restart ${startMs} ms, task completed ${completedMs} ms after the ` +
        `restart began\n`,
    )
  }, 240_000)

  it('during an upload: nothing partial is kept, registered or served, and the file uploads again', async () => {
    const dataDir = newDataDir()
    const database = await serverDatabase(dataDir)
    const env = { ...SERVER_ENV, ...database.env, DATA_DIR: dataDir }
    const incoming = join(dataDir, 'uploads', INCOMING_DIR)

    const first = await startServer(env)
    // Half the file arrives, then the client stalls: the server holds a partial file when it is killed.
    const half = Math.floor(uploadSize / 2)
    const gate = new Gate(half)
    const { answer } = streamUpload(
      first.base,
      'torus.stl',
      createReadStream(uploadPath).pipe(gate),
      uploadSize,
    )
    answer.catch(() => undefined) // the connection dies with the server
    const partial = await waitFor('the partial upload on disk', () => {
      const names = entries(incoming)
      const size = names.length === 1 ? statSync(join(incoming, names[0]!)).size : 0
      // The multipart head and the stream's buffers: most of the half that was sent is on disk.
      return size >= half - 1_000_000 ? { name: names[0]!, size } : undefined
    })
    expect(partial.size).toBeLessThan(uploadSize)
    await first.kill()
    await expect(answer).rejects.toThrow()
    gate.destroy()
    // What the crash left: the partial file, and no object folder.
    expect(entries(incoming)).toEqual([partial.name])
    expect(entries(join(dataDir, 'uploads'))).toEqual([INCOMING_DIR])

    const second = await startServer(env)
    // The restart removed what its earlier life was receiving; nothing else appeared.
    expect(entries(incoming)).toEqual([])
    expect(entries(join(dataDir, 'uploads'))).toEqual([INCOMING_DIR])

    // The same file again, whole: stored with its checksum and analysed.
    const again = streamUpload(second.base, 'torus.stl', createReadStream(uploadPath), uploadSize)
    const { status, body } = await again.answer
    expect(status).toBe(201)
    const { taskId, createdObject } = AnalysisUploadResponseSchema.parse(body)
    const task = await pollTask(
      second,
      taskId,
      (current) => current.state === 'completed' || current.state === 'failed',
      120_000,
    )
    expect(task.state).toBe('completed')
    expect((await fetch(`${second.base}/api/analytx/file/${createdObject._id}`)).status).toBe(200)
    expect(await second.stop(), shutdownLog(second)).toBe(0)

    expect(entries(incoming)).toEqual([])
    expect(entries(join(dataDir, 'uploads'))).toEqual([INCOMING_DIR, createdObject._id].sort())
    const rows = await database.inspect(async (db) => ({
      files: (
        await db.query<{ id: string; state: string; size_bytes: string | number; sha256: string }>(
          'SELECT id, state, size_bytes, sha256 FROM model_files',
        )
      ).rows,
      tasks: (
        await db.query<{ state: string; attempts: number; runs: number }>(
          'SELECT state, attempts, runs FROM analysis_tasks',
        )
      ).rows,
    }))
    // Only the complete upload has a row; its checksum is the file's.
    expect(rows.files.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) }))).toEqual([
      { id: createdObject._id, state: 'analysed', size_bytes: uploadSize, sha256: uploadSha256 },
    ])
    expect(rows.tasks).toEqual([{ state: 'completed', attempts: 1, runs: 1 }])
  }, 240_000)

  it("removes only its own earlier boot's partial files, never those of other servers on a shared UPLOADS_DIR", async () => {
    const instanceId = 'crashTestInstance01'
    const t = await createAnalysisTestApp({ startRunner: false, instanceId })
    try {
      const incoming = join(t.config.analysis.uploadsDir, INCOMING_DIR)
      mkdirSync(incoming, { recursive: true })
      const ownEarlierBoot = `${instanceId}.earlierBoot.someRandomName.part`
      const otherServer = 'otherServerInstance1.itsBoot.someRandomName.part'
      const untagged = 'someRandomNameWithoutOwner.part'
      for (const name of [ownEarlierBoot, otherServer, untagged])
        writeFileSync(join(incoming, name), 'partial')
      await t.runner.start(silentRunnerLog)
      // Another server may be receiving these right now: only the reaper's 15-minute rule removes them.
      expect(entries(incoming)).toEqual([otherServer, untagged].sort())
    } finally {
      await t.close()
    }
  })
})
