import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { type AnalysisTask, AnalysisTaskSchema } from '#shared/contracts/analysis.contract.ts'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { seed } from '#server/db/seed.ts'
import { buildApp } from '#server/app.ts'
import { type AnalysisRunner, createAnalysisRunner } from '#server/modules/analysis/analysis-runner.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { createTempDir, createTestConfig, createTestDb } from '#tests/integration/helpers/test-app.ts'

/**
 * An app with the analysis runner, as main.ts composes it: routes, the task queue and its worker threads, on the
 * test database (PGlite in memory, or a fresh PostgreSQL schema with TEST_DATABASE_URL).
 */

export interface AnalysisTestApp {
  app: FastifyInstance
  db: Db
  config: Config
  runner: AnalysisRunner
  dataDir: string
  close(): Promise<void>
}

export interface AnalysisTestAppOptions {
  /** Environment overrides (ANALYSIS_*, MAX_UPLOAD_BYTES, …). */
  env?: Record<string, string>
  /** Start the runner (default true); false leaves tasks queued until `runner.start`. */
  startRunner?: boolean
  instanceId?: string
  /** An existing database (another app on the same one); the caller closes it. */
  db?: Db
}

/** Fast polling and one worker per app: test files run side by side on a two-core machine. */
const TEST_ENV = { ANALYSIS_POLL_MS: '100', ANALYSIS_WORKERS: '1' }

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

export async function createAnalysisTestApp(options: AnalysisTestAppOptions = {}): Promise<AnalysisTestApp> {
  const dataDir = createTempDir('schichtwerk-analysis-')
  const config = createTestConfig(dataDir, { ...TEST_ENV, ...options.env })
  const ownDb = options.db === undefined ? await createTestDb() : undefined
  const db = options.db ?? ownDb!.db
  if (ownDb !== undefined) await seed(db, { thumbnailsDir: config.thumbnailsDir, withStaff: false })
  const mail = createMailService(config.mail)
  const runner = createAnalysisRunner({
    db,
    config,
    ...(options.instanceId === undefined ? {} : { instanceId: options.instanceId }),
  })
  const app = await buildApp({
    config,
    db,
    mail,
    clientDir: join(dataDir, 'client-not-built'),
    analysisRunner: runner,
  })
  await app.ready()
  if (options.startRunner ?? true) {
    await runner.start(silentLog)
    await runner.ready()
  }
  return {
    app,
    db,
    config,
    runner,
    dataDir,
    async close() {
      await app.close()
      await runner.stop()
      mail.close()
      await ownDb?.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export { silentLog as silentRunnerLog }

/** A multipart/form-data body with one file field (and optional plain fields before it). */
export function multipartBody(
  fileName: string,
  content: Uint8Array,
  options: { field?: string; fields?: Record<string, string> } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----schichtwerk${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export async function upload(
  app: FastifyInstance,
  fileName: string,
  content: Uint8Array,
  options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const body = multipartBody(fileName, content, options)
  return app.inject({
    method: 'POST',
    url: '/api/analytx/file/',
    payload: body.payload,
    headers: { ...options.headers, ...body.headers },
  })
}

/**
 * The `cookie` header that makes later requests come from the visitor an upload answer set the visitor cookie for
 * (decision 0076: only that visitor may change the file).
 */
export function visitorOf(response: { headers: Record<string, unknown> }): { cookie: string } {
  const setCookie = response.headers['set-cookie']
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie]
  const visitor = cookies.find(
    (value): value is string => typeof value === 'string' && value.includes('-visitor='),
  )
  if (visitor === undefined) throw new Error('the answer set no visitor cookie')
  return { cookie: visitor.split(';', 1)[0]! }
}

/** Polls the task like the upload machine does (but faster) until it ends; fails the test after `timeoutMs`. */
export async function waitForTask(
  app: FastifyInstance,
  taskId: string,
  timeoutMs = 60_000,
): Promise<AnalysisTask> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}` })
    expect(response.statusCode).toBe(200)
    const task = AnalysisTaskSchema.parse(response.json())
    if (task.state === 'completed' || task.state === 'failed') return task
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.state} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
