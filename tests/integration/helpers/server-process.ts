import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { HealthResponseSchema } from '#shared/contracts/health.contract.ts'
import type { Db } from '#server/db/db.ts'
import { createPgliteDb } from '#server/db/pglite.ts'
import { createTestSchema, dropTestSchemas, testDatabaseUrl } from '#tests/integration/helpers/test-app.ts'

/**
 * The real server (src/server/main.ts) as a child process, for tests that kill it: start on a free port and wait
 * for /api/health, SIGKILL or SIGTERM and wait for the exit, the process's memory from /proc, and the database it
 * ran on. The database is the embedded PGlite in DATA_DIR/pgdata, or, with TEST_DATABASE_URL, a fresh schema on
 * that PostgreSQL. Every child is killed and every schema dropped by {@link disposeServerProcesses}.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const mainScript = join(repoRoot, 'src/server/main.ts')
const children = new Set<ChildProcess>()

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()))
    })
  })
}

export interface ServerProcess {
  pid: number
  port: number
  base: string
  /** What the process wrote so far: to stdout, to stderr, or (no argument) to both, interleaved. */
  output(stream?: 'stdout' | 'stderr'): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** kill -9 and wait until the process is gone. */
  kill(): Promise<void>
  /** SIGTERM (or SIGINT: graceful shutdown either way) and the exit code. */
  stop(signal?: 'SIGTERM' | 'SIGINT'): Promise<number | null>
}

/**
 * Spawns the server on a free port and returns at once, without waiting for it to listen: for a start that is
 * expected to fail. {@link startServer} waits until it is healthy.
 */
export async function spawnServer(
  env: Record<string, string>,
  /** Node's arguments: the sources through tsx, or a bundle's main.js (decision 0117). */
  nodeArgs: readonly string[] = ['--import', 'tsx', mainScript],
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, nodeArgs, {
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
  const output = { all: '', stdout: '', stderr: '' }
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].setEncoding('utf8').on('data', (chunk: string) => {
      output[stream] += chunk
      output.all += chunk
    })
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child)
      resolve({ code, signal })
    }),
  )
  return {
    pid: child.pid!,
    port,
    base: `http://127.0.0.1:${port}`,
    output: (stream) => output[stream ?? 'all'],
    exited,
    async kill() {
      child.kill('SIGKILL')
      await exited
    },
    async stop(signal = 'SIGTERM') {
      child.kill(signal)
      return (await exited).code
    },
  }
}

/**
 * Spawns the server and waits until /api/health answers ok on the expected database: PostgreSQL if `env` has a
 * DATABASE_URL, else the embedded PGlite. Fails if the process exits first or is not healthy within `timeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  nodeArgs?: readonly string[],
): Promise<ServerProcess> {
  const server = await spawnServer(env, nodeArgs)
  const expectedDb = env.DATABASE_URL === undefined ? 'pglite' : 'postgres'
  let gone = false
  void server.exited.then(() => (gone = true))
  const deadline = Date.now() + timeoutMs
  while (!gone && Date.now() < deadline) {
    try {
      const response = await fetch(`${server.base}/api/health`)
      if (response.ok) {
        const health = HealthResponseSchema.parse(await response.json())
        if (health.db !== expectedDb) throw new Error(`server runs on ${health.db}, expected ${expectedDb}`)
        return server
      }
    } catch (error) {
      if (!(error instanceof TypeError)) throw error // TypeError: not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await server.kill()
  throw new Error(`server did not become healthy:\n${server.output()}`)
}

/** The process's resident set size now (VmRSS) and its peak so far (VmHWM), in MB, from /proc (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

/** The database a server process runs on, and a way for the test to look into it. */
export interface ServerDatabase {
  /** DATABASE_URL for PostgreSQL; nothing for PGlite (DATA_DIR/pgdata). */
  env: Record<string, string>
  /** Runs `fn` on the database. PGlite is one process at a time: only call this while no server runs. */
  inspect<T>(fn: (db: Db) => Promise<T>): Promise<T>
}

const schemas: string[] = []

export async function serverDatabase(dataDir: string): Promise<ServerDatabase> {
  if (testDatabaseUrl === undefined) {
    return {
      env: {},
      async inspect(fn) {
        const db = await createPgliteDb({ dataDir: join(dataDir, 'pgdata') })
        try {
          return await fn(db)
        } finally {
          await db.close()
        }
      },
    }
  }
  const schema = await createTestSchema()
  schemas.push(schema)
  const url = new URL(testDatabaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    env: { DATABASE_URL: url.toString() },
    async inspect(fn) {
      const { createPostgresDb } = await import('#server/db/postgres.ts')
      const db = await createPostgresDb({ connectionString: testDatabaseUrl!, schema, maxConnections: 1 })
      try {
        return await fn(db)
      } finally {
        await db.close()
      }
    },
  }
}

/** afterAll: kills the servers still running and drops the PostgreSQL schemas. */
export async function disposeServerProcesses(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
  if (schemas.length > 0) await dropTestSchemas(schemas.splice(0))
}

/** What POST /api/analytx/file/ answered, and when. */
export interface UploadAnswer {
  status: number
  body: unknown
  /** Milliseconds from the first byte sent to the answer. */
  ms: number
}

/**
 * Streams a multipart upload (one field "file") over HTTP without holding the file: `content` is a stream of its
 * bytes and `size` its exact length (sent as Content-Length). The answer may come before the body is sent
 * (a 413): the rest is then not sent.
 */
export function streamUpload(
  base: string,
  fileName: string,
  content: Readable,
  size: number,
): { answer: Promise<UploadAnswer>; request: ReturnType<typeof httpRequest> } {
  const boundary = `----schichtwerk${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const started = Date.now()
  const request = httpRequest(`${base}/api/analytx/file/`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
  })
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    let answered = false
    // Errors after the answer (the server closes the connection after a 413) change nothing.
    request.on('error', (error) => answered || reject(error))
    request.on('response', (response) => {
      answered = true
      content.unpipe(request)
      content.destroy()
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('error', () => undefined)
      response.on('close', () => {
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: response.statusCode ?? 0, body, ms: Date.now() - started })
      })
    })
  })
  request.write(head)
  content.on('error', (error) => request.destroy(error))
  content.on('end', () => request.end(tail))
  content.pipe(request, { end: false })
  return { answer, request }
}
