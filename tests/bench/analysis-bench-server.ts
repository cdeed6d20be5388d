/**
 * What the in-process analysis benches share (event-loop-during-analysis.ts, analysis-3mf-timeline.ts): the clean
 * torus of analysis-bench.ts and the real HTTP app with its analysis runner on a free port, over an embedded
 * database in memory with the demo data.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createConfig, parseEnv } from '#server/config/env.ts'
import { migrate } from '#server/db/migrate.ts'
import { createPgliteDb } from '#server/db/pglite.ts'
import { seed } from '#server/db/seed.ts'
import { buildApp } from '#server/app.ts'
import { createAnalysisRunner } from '#server/modules/analysis/analysis-runner.ts'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * The clean torus of about `triangles` triangles (U = 2V segments) in tests/bench/out/, written once and reused; with
 * its exact triangle count.
 */
export function benchTorusFile(triangles: number): { file: string; triangles: number } {
  const v = Math.max(3, Math.round(Math.sqrt(triangles / 4)))
  const u = 2 * v
  const out = path.join(here, 'out')
  mkdirSync(out, { recursive: true })
  const file = path.join(out, `torus-${2 * u * v}.stl`)
  if (!existsSync(file)) writeFileSync(file, binaryStl(torusSoup(40, 15, u, v)))
  return { file, triangles: 2 * u * v }
}

export interface AnalysisBenchServer {
  /** The app's address, e.g. http://127.0.0.1:40123. */
  base: string
  close(): Promise<void>
}

/** Starts the app as production runs it (NODE_ENV production, silent logs), with `env` on top of that. */
export async function startAnalysisBenchServer(
  name: string,
  env: Record<string, string> = {},
): Promise<AnalysisBenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `schichtwerk-${name}-bench-`))
  const config = createConfig(
    parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    () => 'bench-session-secret-0123456789abcdef',
  )
  const db = await createPgliteDb()
  await migrate(db)
  await seed(db, { thumbnailsDir: config.thumbnailsDir, withStaff: false })
  const mail = createMailService(config.mail)
  const runner = createAnalysisRunner({ db, config })
  const app = await buildApp({
    config,
    db,
    mail,
    clientDir: path.join(dataDir, 'none'),
    analysisRunner: runner,
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  await runner.start({ info: () => undefined, warn: () => undefined, error: console.error })
  await runner.ready()
  return {
    base,
    async close() {
      await app.close()
      await runner.stop()
      mail.close()
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
