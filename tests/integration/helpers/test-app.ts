import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { createConfig, parseEnv, type Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { migrate } from '#server/db/migrate.ts'
import { createPgliteDb } from '#server/db/pglite.ts'
import { seed } from '#server/db/seed.ts'
import { buildApp } from '#server/app.ts'
import type { EdgeTimeouts } from '#server/http/edge-timeouts.ts'
import { createMailService, type MailService } from '#server/modules/mail/mail.service.ts'
import type { AnalysedObjectRepo } from '#server/modules/analysis/analysis.module.ts'
import { pgliteTemplate } from '#tests/integration/helpers/pglite-template.ts'

/**
 * Integration-test harness. The database is an in-memory PGlite, or, when TEST_DATABASE_URL is set, a real
 * PostgreSQL with a fresh schema for each caller (search_path is set on every pooled connection at connect time),
 * dropped again by `close()`. The PostgreSQL client loads only then: every server test file imports this harness
 * in a fresh process, and the PGlite lane would otherwise load `pg` a hundred times for nothing.
 */

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined
export const testDbKind: Db['kind'] = testDatabaseUrl === undefined ? 'pglite' : 'postgres'

export interface TestDb {
  db: Db
  close(): Promise<void>
}

/** A fresh database; `migrated: false` gives one without even the schema_migrations table. */
export async function createTestDb(options: { migrated?: boolean } = {}): Promise<TestDb> {
  const migrated = options.migrated ?? true
  if (testDatabaseUrl === undefined) {
    const db = await createPgliteDb({ loadDataDir: await pgliteTemplate(migrated) })
    return { db, close: () => db.close() }
  }
  const schema = await createTestSchema()
  const { createPostgresDb } = await import('#server/db/postgres.ts')
  const db = await createPostgresDb({ connectionString: testDatabaseUrl, schema, maxConnections: 4 })
  if (migrated) await migrate(db)
  return {
    db,
    async close() {
      await db.close()
      await dropTestSchemas([schema])
    },
  }
}

/** A fresh, empty schema on TEST_DATABASE_URL, for one test's database; {@link dropTestSchemas} removes it. */
export async function createTestSchema(): Promise<string> {
  const schema = `test_${randomBytes(8).toString('hex')}`
  await withAdminClient((admin) => admin.query(`CREATE SCHEMA ${schema}`))
  return schema
}

export async function dropTestSchemas(schemas: readonly string[]): Promise<void> {
  await withAdminClient(async (admin) => {
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  })
}

async function withAdminClient(fn: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  if (testDatabaseUrl === undefined) throw new Error('TEST_DATABASE_URL is not set')
  const { default: pgModule } = await import('pg')
  const admin = new pgModule.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  try {
    await fn(admin)
  } finally {
    await admin.end()
  }
}

export function createTempDir(prefix = 'schichtwerk-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export function createTestConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return createConfig(
    parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    () => 'test-session-secret-0123456789abcdef',
  )
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  config: Config
  mail: MailService
  dataDir: string
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Seed the demo data (default true). */
  seed?: boolean
  /** The built SPA folder; defaults to a folder that does not exist (SPA not built). */
  clientDir?: string
  env?: Record<string, string>
  /** Runs before the app is ready: add routes that only tests need. */
  configure?: (app: FastifyInstance) => void
  rateLimitPerMinute?: number
  /** Where pricing reads analysed objects (a test double); the model_files table by default. */
  analysedObjects?: AnalysedObjectRepo
  /** Receives the app's log lines (JSON, `logLevel` and up); without it the app logs nothing. */
  logStream?: { write(line: string): void }
  /** The lowest level `logStream` receives (default info; debug adds a line for every ordinary answer). */
  logLevel?: 'debug' | 'info'
  /** The edge timeouts (edge-timeouts.ts), shortened for tests that wait for them. */
  timeouts?: EdgeTimeouts
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = createTempDir()
  const config = createTestConfig(dataDir, options.env)
  const { db, close: closeDb } = await createTestDb()
  if (options.seed ?? true) await seed(db, { thumbnailsDir: config.thumbnailsDir, withStaff: false })
  const mail = createMailService(config.mail)
  const app = await buildApp({
    config,
    db,
    mail,
    clientDir: options.clientDir ?? join(dataDir, 'client-not-built'),
    ...(options.rateLimitPerMinute === undefined ? {} : { rateLimitPerMinute: options.rateLimitPerMinute }),
    ...(options.analysedObjects === undefined ? {} : { analysedObjects: options.analysedObjects }),
    ...(options.logStream === undefined
      ? {}
      : { logger: { level: options.logLevel ?? 'info', stream: options.logStream } }),
    ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
  })
  options.configure?.(app)
  await app.ready()
  return {
    app,
    db,
    config,
    mail,
    dataDir,
    async close() {
      await app.close()
      mail.close()
      await closeDb()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
