import type { FastifyInstance } from 'fastify'
import {
  type Config,
  ConfigError,
  createConfig,
  loadOrCreateSessionSecret,
  parseEnv,
  resolveDataDir,
} from '#server/config/env.ts'
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '#server/db/data-dir-lock.ts'
import type { Db } from '#server/db/db.ts'
import { migrate } from '#server/db/migrate.ts'
import { createPgliteDb, isPgliteInitialised } from '#server/db/pglite.ts'
import { seed, type SeedResult } from '#server/db/seed.ts'
import { buildServer } from '#server/app.ts'
import { serverLogger } from '#server/http/request-log.ts'
import { FirstStartError, type FirstStartOutcome, prepareInChild } from '#server/first-start/first-start.ts'
import type { AnalysisRunner } from '#server/modules/analysis/analysis.module.ts'
import { deliverInitialStaffPassword } from '#server/modules/auth/initial-staff-password.ts'
import { createMailModule } from '#server/modules/mail/mail.module.ts'
import { applyServerV8Flags } from '#server/server-v8-flags.ts'

/**
 * Start-up: environment → data-dir lock → (first start on PGlite: database set-up and seed in a child process) →
 * database → the server (src/server/app.ts composes it) → migrations → seed → background work → HTTP. A start-up
 * problem the operator can fix (bad variable, folder in use, port taken, a failed first start) ends with one clear
 * message and exit code 1.
 */

const SHUTDOWN_TIMEOUT_MS = 10_000
/**
 * How long requests in flight may finish after SIGTERM. Then their connections are cut: a client that stalls (a
 * body never sent, a download never read) must not hold the shutdown past its budget, which would end it without
 * closing the database.
 */
const HTTP_DRAIN_MS = 5_000

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`)
  process.exit(1)
}

/** The first start's staff password: on the terminal, or in a file the log names. */
function deliverStaffPassword(
  app: FastifyInstance,
  account: Parameters<typeof deliverInitialStaffPassword>[0],
  dataDir: string,
  demoCustomer: Parameters<typeof deliverInitialStaffPassword>[2],
): void {
  const delivered = deliverInitialStaffPassword(
    account,
    { dataDir, stdoutIsTerminal: process.stdout.isTTY === true, write: (text) => process.stdout.write(text) },
    demoCustomer,
  )
  if ('file' in delivered) {
    app.log.warn({ file: delivered.file }, 'staff account created; its password is in this file')
  }
}

/**
 * A first start on PGlite runs initdb, the migrations and the seed in a child process: their memory leaves with it,
 * and this process opens the prepared data dir as a restart does (issue 18, decision 0123).
 */
async function firstStartInChild(config: Config): Promise<FirstStartOutcome | undefined> {
  const { database } = config
  if (database.kind !== 'pglite' || isPgliteInitialised(database.dataDir)) return undefined
  return prepareInChild({ pgDataDir: database.dataDir, thumbnailsDir: config.thumbnailsDir })
}

/** This start's seed and, on a first start, the child's: the staff password comes from whichever created it. */
function seedOfThisStart(now: SeedResult, firstStart: FirstStartOutcome | undefined): SeedResult {
  if (firstStart === undefined) return now
  const first = firstStart.seed
  return {
    ...(now.staffAccount === undefined ? first : now),
    seeded: [...first.seeded, ...now.seeded],
  }
}

type ShutdownStep = readonly [name: string, run: () => Promise<void> | void]

async function closeHttp(app: FastifyInstance): Promise<void> {
  const cutConnections = setTimeout(() => app.server.closeAllConnections(), HTTP_DRAIN_MS)
  await app.close()
  clearTimeout(cutConnections)
}

/** The signal handler: runs the steps in order once, within SHUTDOWN_TIMEOUT_MS, releases, then exits. */
function createShutdown(
  app: FastifyInstance,
  steps: readonly ShutdownStep[],
  release: () => void,
): (signal: NodeJS.Signals) => void {
  let shuttingDown = false
  return (signal) => {
    if (shuttingDown) return
    shuttingDown = true
    app.log.info({ signal }, 'shutting down')
    setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting without a clean database close.\n')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS).unref()
    void (async () => {
      try {
        for (const [name, run] of steps) {
          // Each step is logged with its duration: when a shutdown overruns its budget, the log says which step hung.
          const startedAt = Date.now()
          await run()
          app.log.info({ step: name, ms: Date.now() - startedAt }, 'shutdown step done')
        }
        release()
        process.exit(0)
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      }
    })()
  }
}

async function main(): Promise<void> {
  let env
  try {
    env = parseEnv(process.env)
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }

  const dataDir = resolveDataDir(env)
  let lock: DataDirLock
  try {
    lock = acquireDataDirLock(dataDir, env.DATA_DIR)
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message)
    throw error
  }
  // The secret file lives in DATA_DIR, so it is read or created only while holding the lock.
  const config = createConfig(env, () => loadOrCreateSessionSecret(dataDir))

  let db: Db | undefined
  let analysisRunner: AnalysisRunner | undefined
  try {
    const firstStart = await firstStartInChild(config)
    db =
      config.database.kind === 'pglite'
        ? await createPgliteDb({ dataDir: config.database.dataDir })
        : // Loaded only for a real PostgreSQL: the driver costs a PGlite server ~15 MB (issue 18, decision 0117).
          await (
            await import('#server/db/postgres.ts')
          ).createPostgresDb({ connectionString: config.database.url })
    const mail = createMailModule(config.mail).service
    const server = await buildServer({
      config,
      db,
      mail,
      logger: serverLogger(config.logLevel),
      analysisRunner: 'own',
      ...(config.clientDir === undefined ? {} : { clientDir: config.clientDir }),
    })
    const { app, retention } = server
    analysisRunner = server.analysisRunner

    const applied = [...(firstStart?.migrations ?? []), ...(await migrate(db))]
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated')
    const seeded = seedOfThisStart(await seed(db, { thumbnailsDir: config.thumbnailsDir }), firstStart)
    if (seeded.seeded.length > 0) app.log.info({ groups: seeded.seeded }, 'demo data seeded')
    if (seeded.staffAccount !== undefined)
      deliverStaffPassword(app, seeded.staffAccount, dataDir, seeded.demoCustomerAccount)
    // Analysis workers run off the event loop; tasks of an earlier life of this server are reclaimed now.
    await analysisRunner?.start(app.log)
    // Old uploads and abandoned carts are removed (decision 0077): first a minute after the start, then hourly.
    retention.start()

    const shutdown = createShutdown(
      app,
      [
        // Connections still open after the drain are cut: a stalled client must not hold the shutdown.
        ['http', () => closeHttp(app)],
        ['retention', () => retention.stop()],
        // Account mails go out after their answer: those still on their way are waited for.
        ['mails', () => server.mailsSettled()],
        // Running analyses go back to the queue (another server, or the next start, takes them).
        ['analysis', () => analysisRunner?.stop()],
        ['database', () => db?.close()],
      ],
      () => {
        mail.close()
        lock.release()
      },
    )
    process.on('SIGTERM', shutdown)
    process.on('SIGINT', shutdown)

    try {
      await app.listen({ port: config.port, host: config.host })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new ConfigError(`Port ${config.port} is already in use. Stop the other program or set PORT.`)
      }
      throw error
    }
    app.log.info({ db: db.kind, dataDir: config.dataDir }, 'Schichtwerk is ready')
  } catch (error) {
    await analysisRunner?.stop().catch(() => undefined)
    await db?.close().catch(() => undefined)
    lock.release()
    if (error instanceof ConfigError || error instanceof FirstStartError) fail(error.message)
    throw error
  }
}

applyServerV8Flags()
main().catch((error: unknown) => {
  process.stderr.write(
    `Schichtwerk failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
