import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from '#server/db/migrate.ts'
import { createPgliteDb } from '#server/db/pglite.ts'

/**
 * initdb makes every fresh PGlite cost several seconds; starting from a tarball of an initialised cluster costs
 * about one. The tarballs are cached in the temp folder, keyed by the PGlite version and (for the migrated one)
 * the migration files, so parallel test workers and later runs share them and a changed migration is never stale.
 */

const migrationsDir = fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url))
// The package does not export its package.json; the entry point sits in dist/ next to it.
const pglitePackageJson = join(
  dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '..',
  'package.json',
)

function cacheKey(migrated: boolean): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(pglitePackageJson))
  if (migrated) {
    for (const name of readdirSync(migrationsDir).sort()) {
      hash.update(name)
      hash.update(readFileSync(join(migrationsDir, name)))
    }
  }
  return hash.digest('hex').slice(0, 16)
}

export async function pgliteTemplate(migrated: boolean): Promise<Blob> {
  const file = join(
    tmpdir(),
    `schichtwerk-pglite-${migrated ? 'migrated' : 'blank'}-${cacheKey(migrated)}.tar`,
  )
  if (!existsSync(file)) {
    const db = await createPgliteDb()
    if (migrated) await migrate(db)
    const dump = Buffer.from(await (await db.dump()).arrayBuffer())
    await db.close()
    // Another worker may be writing the same template: write aside, then rename (atomic on one file system).
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, dump)
    renameSync(temp, file)
    // Templates of older migrations are never used again (40 MB each).
    const prefix = `schichtwerk-pglite-${migrated ? 'migrated' : 'blank'}-`
    for (const name of readdirSync(tmpdir())) {
      if (name.startsWith(prefix) && name.endsWith('.tar') && join(tmpdir(), name) !== file) {
        rmSync(join(tmpdir(), name), { force: true })
      }
    }
  }
  return new Blob([readFileSync(file)])
}
