/**
 * The server process of the pricing benchmark (started by pricing-bench.ts): the composition of main.ts, in
 * production mode with the server's V8 flags, its logging (into DATA_DIR/server.log) and its background jobs,
 * on a fresh file-based PGlite in the DATA_DIR it is given. The rate limit is raised (its check still runs on
 * every request) because the load comes from one address. Before listening it stores one analysed object the
 * way the analysis module does (a `model_files` row) and prints one JSON line: port, object id and the
 * configurations to price. With BENCH_FLOOR_ANSWERS it also serves the floor routes of pricing-floor.ts
 * (pricing-floor-routes.ts).
 */
import path from 'node:path'
import { createConfig, parseEnv } from '#server/config/env.ts'
import { acquireDataDirLock } from '#server/db/data-dir-lock.ts'
import { migrate } from '#server/db/migrate.ts'
import { createPgliteDb } from '#server/db/pglite.ts'
import { seed } from '#server/db/seed.ts'
import { applyServerV8Flags } from '#server/server-v8-flags.ts'
import { buildServer } from '#server/app.ts'
import { serverLogger } from '#server/http/request-log.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'
import { catalogueConfigurations } from './bench-configurations.ts'
import { pricingFloorRoutes } from './pricing-floor-routes.ts'

// The server process's own V8 flags, as main.ts sets them (decision 0145).
applyServerV8Flags()
const env = parseEnv({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  PORT: '0',
})
const config = createConfig(env, () => 'bench-session-secret-0123456789abcdef')
const lock = acquireDataDirLock(config.dataDir, env.DATA_DIR)
if (config.database.kind !== 'pglite') throw new Error('the benchmark runs on the embedded database')
const db = await createPgliteDb({ dataDir: config.database.dataDir })
await migrate(db)
await seed(db, { thumbnailsDir: config.thumbnailsDir, withStaff: false })
const objectId = await insertAnalysedModelFile(db, {
  properties: boxProperties(62.5, 41.2, 18.7),
  histogram: { binEdgesMm: [0, 0.5, 1, 2, 5, null], areaMm2: [0, 0, 120, 3000, 6000] },
})

const mail = createMailService(config.mail)
// What main.ts runs beside the routes runs here too: the analysis runner's queue poll and the retention job
// share the event loop with every request. BENCH_WITHOUT_JOBS=1 leaves them out (for an A/B of their cost only).
const withJobs = process.env.BENCH_WITHOUT_JOBS !== '1'
const server = await buildServer({
  config,
  db,
  mail,
  // It logs as main.ts does (request-log.ts), into a file in its DATA_DIR: its stdout carries the report.
  logger: serverLogger(config.logLevel, path.join(config.dataDir, 'server.log')),
  rateLimitPerMinute: 1_000_000_000,
  ...(withJobs ? { analysisRunner: 'own' as const } : {}),
})
const { app } = server
if (withJobs) {
  await server.analysisRunner?.start(app.log)
  server.retention.start()
}
// The floor of a pricing exchange, for pricing-floor.ts only: without the variable the server is as before.
const floorAnswers = process.env.BENCH_FLOOR_ANSWERS
if (floorAnswers !== undefined) await app.register(pricingFloorRoutes(floorAnswers))
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const port = typeof address === 'object' && address !== null ? address.port : 0

const configurations = await catalogueConfigurations(db)
process.stdout.write(`${JSON.stringify({ port, objectId, configurations })}\n`)

const stop = () => {
  void app
    .close()
    .then(() => server.retention.stop())
    .then(() => server.analysisRunner?.stop())
    .then(() => db.close())
    .finally(() => {
      mail.close()
      lock.release()
      process.exit(0)
    })
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
