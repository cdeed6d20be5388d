import { readFile, readdir } from 'node:fs/promises'
import type { Db } from '#server/db/db.ts'
import { MIGRATIONS_DIR } from '#server/runtime-paths.ts'

const defaultDir = MIGRATIONS_DIR
const MIGRATION_FILE = /^(\d{3,})_[a-z0-9_-]+\.sql$/
/** Any constant: serialises migrations of several servers starting at once against one PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_301_842_115

export interface MigrateOptions {
  /** Folder of `NNN_name.sql` files; defaults to src/server/db/migrations. */
  dir?: string
}

/**
 * Applies the pending migrations in file-name order, all in one transaction: a failing migration leaves the schema
 * exactly as it was. Returns the versions applied now.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const dir = options.dir ?? defaultDir
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort()
  const scripts = await Promise.all(
    files.map(async (file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: await readFile(`${dir}/${file}`, 'utf8'),
    })),
  )

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    )
    const { rows } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations')
    const applied = new Set(rows.map((row) => row.version))
    const known = new Set(scripts.map((script) => script.version))
    const unknown = [...applied].filter((version) => !known.has(version))
    if (unknown.length > 0) {
      throw new Error(
        `The database has migrations this code does not know (${unknown.join(', ')}): it was used by a newer version.`,
      )
    }
    const pending = scripts.filter((script) => !applied.has(script.version))
    for (const script of pending) {
      await tx.exec(script.sql)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [script.version])
    }
    return pending.map((script) => script.version)
  })
}
