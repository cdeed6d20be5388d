import { createPgliteDb } from '#server/db/pglite.ts'
import { migrate } from '#server/db/migrate.ts'
import { seed } from '#server/db/seed.ts'
import type { FirstStartJob, FirstStartMessage, FirstStartOutcome } from '#server/first-start/first-start.ts'
import { seedContentIfEmpty } from '#server/modules/content/content.module.ts'

/**
 * The first start's child process (first-start.ts, decision 0123): sets up PGlite in the empty data dir, migrates,
 * seeds the demo data and the CMS pages, closes the database cleanly and reports to the server, then exits so
 * that the memory this took goes back to the system. Started by the server only, which holds the data-dir lock.
 */

const send = process.send?.bind(process)
if (send === undefined) {
  process.stderr.write(
    'first-start.child runs as the first-start helper of the server only (src/server/main.ts).\n',
  )
  process.exit(2)
}

/** Reports and exits: a failure must end the start with this message, never leave the server waiting. */
function finish(message: FirstStartMessage, code: number): void {
  send!(message, () => process.exit(code))
}

function fail(error: unknown): void {
  finish(
    { type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    1,
  )
}

async function prepare(job: FirstStartJob): Promise<FirstStartOutcome> {
  const db = await createPgliteDb({ dataDir: job.pgDataDir })
  try {
    const migrations = await migrate(db)
    const seeded = await seed(db, { thumbnailsDir: job.thumbnailsDir })
    const contentSeeded = await seedContentIfEmpty(db)
    return { migrations, seed: seeded, contentSeeded }
  } finally {
    await db.close()
  }
}

// The server went away (killed, or its start failed): its lock no longer covers this process, so stop writing.
process.once('disconnect', () => process.exit(1))
process.on('uncaughtException', fail)
process.on('unhandledRejection', fail)
// worker-bootstrap.mjs passes the entry's URL first, then the server's job.
prepare(JSON.parse(process.argv[3] ?? '') as FirstStartJob).then(
  (outcome) => finish({ type: 'prepared', outcome }, 0),
  fail,
)
