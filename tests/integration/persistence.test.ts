import fs, { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { migrate } from '#server/db/migrate.ts'
import { createPgliteDb } from '#server/db/pglite.ts'
import { seed } from '#server/db/seed.ts'
import { createTempDir, createTestDb } from '#tests/integration/helpers/test-app.ts'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function tempDir() {
  const dir = createTempDir()
  dirs.push(dir)
  return dir
}

async function counts(db: Awaited<ReturnType<typeof createPgliteDb>>) {
  const { rows } = await db.query<{
    print_modes: number
    countries: number
    vouchers: number
    users: number
  }>(
    `SELECT (SELECT count(*)::int FROM print_modes) AS print_modes,
            (SELECT count(*)::int FROM shipping_countries) AS countries,
            (SELECT count(*)::int FROM vouchers) AS vouchers,
            (SELECT count(*)::int FROM users) AS users`,
  )
  return rows[0]
}

describe('file-based PGlite', () => {
  it('keeps data, migrations and seed across a restart, and seeding twice adds nothing', async () => {
    const dataDir = tempDir()
    const pgdata = join(dataDir, 'pgdata')

    const first = await createPgliteDb({ dataDir: pgdata })
    // Durability settings of docs/decisions/0011: commits wait for an fsync of the WAL.
    const settings = await first.query<{ fsync: string }>('SHOW fsync')
    const syncMethod = await first.query<{ wal_sync_method: string }>('SHOW wal_sync_method')
    expect([settings.rows[0]?.fsync, syncMethod.rows[0]?.wal_sync_method]).toEqual(['on', 'fsync'])
    const fsyncSpy = vi.spyOn(fs, 'fsyncSync')
    await first.exec('CREATE TABLE fsync_probe (n integer)')
    for (let n = 0; n < 5; n++) await first.query('INSERT INTO fsync_probe VALUES ($1)', [n])
    expect(fsyncSpy.mock.calls.length).toBeGreaterThanOrEqual(5)
    fsyncSpy.mockRestore()
    const migrationFiles = readdirSync(
      fileURLToPath(new URL('../../src/server/db/migrations/', import.meta.url)),
    )
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => name.replace(/\.sql$/, ''))
    expect(migrationFiles[0]).toBe('001_initial')
    expect(await migrate(first)).toEqual(migrationFiles)
    const seeded = await seed(first, { thumbnailsDir: join(dataDir, 'thumbnails') })
    expect(seeded.seeded).toEqual([
      'whiteLabels',
      'catalogue',
      'priceSheets',
      'shipping',
      'vouchers',
      'staff',
      'demoCustomer',
    ])
    expect(seeded.staffAccount?.password).toMatch(/^[A-Za-z0-9_-]{20}$/)
    // The staff password exists in plain text only in the seed result, printed once; the table has a salted hash.
    const { rows: staff } = await first.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE role = 'staff'",
    )
    expect(staff).toHaveLength(1)
    expect(staff[0]?.password_hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    )
    expect(staff[0]?.password_hash).not.toContain(seeded.staffAccount!.password)
    await first.query("UPDATE vouchers SET used_count = 1 WHERE code = 'ONCE'")
    const before = await counts(first)
    const { rows: modesBefore } = await first.query<{ id: string }>('SELECT id FROM print_modes ORDER BY id')
    await first.close()
    // A clean close checkpoints, and nothing half-initialised is left next to the data directory.
    expect(readdirSync(dataDir).sort()).toEqual(['pgdata', 'thumbnails'])

    const second = await createPgliteDb({ dataDir: pgdata })
    expect(await migrate(second)).toEqual([])
    const again = await seed(second, { thumbnailsDir: join(dataDir, 'thumbnails') })
    expect(again).toEqual({ seeded: [] })
    expect(await counts(second)).toEqual(before)
    const { rows: modesAfter } = await second.query<{ id: string }>('SELECT id FROM print_modes ORDER BY id')
    expect(modesAfter).toEqual(modesBefore)
    const { rows: voucher } = await second.query<{ used_count: number }>(
      "SELECT used_count FROM vouchers WHERE code = 'ONCE'",
    )
    expect(voucher[0]?.used_count).toBe(1)
    await second.close()
  })

  it('refuses to treat a foreign, non-empty folder as its database', async () => {
    const dataDir = tempDir()
    mkdirSync(join(dataDir, 'pgdata'))
    writeFileSync(join(dataDir, 'pgdata', 'notes.txt'), 'not a database')
    await expect(createPgliteDb({ dataDir: join(dataDir, 'pgdata') })).rejects.toThrow(/PG_VERSION missing/)
  })
})

describe('migrations', () => {
  it('apply in file order inside one transaction: a failing migration leaves no trace', async () => {
    const { db, close } = await createTestDb({ migrated: false })
    const dir = tempDir()
    try {
      writeFileSync(join(dir, '001_first.sql'), 'CREATE TABLE first_table (id text PRIMARY KEY);')
      writeFileSync(
        join(dir, '002_second.sql'),
        'CREATE TABLE second_table (id text PRIMARY KEY);\nSELECT no_such_function();',
      )
      writeFileSync(join(dir, 'README.md'), 'not a migration')
      await expect(migrate(db, { dir })).rejects.toThrow(/no_such_function/)
      const { rows } = await db.query<{ name: string | null }>(
        "SELECT to_regclass('first_table')::text AS name UNION ALL SELECT to_regclass('schema_migrations')::text",
      )
      expect(rows.map((row) => row.name)).toEqual([null, null])

      writeFileSync(join(dir, '002_second.sql'), 'CREATE TABLE second_table (id text PRIMARY KEY);')
      expect(await migrate(db, { dir })).toEqual(['001_first', '002_second'])
      expect(await migrate(db, { dir })).toEqual([])
      const { rows: versions } = await db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      )
      expect(versions.map((row) => row.version)).toEqual(['001_first', '002_second'])
    } finally {
      await close()
    }
  })

  it('refuses a database migrated by a newer version of the code', async () => {
    const { db, close } = await createTestDb()
    try {
      expect(await migrate(db)).toEqual([])
      await db.query("INSERT INTO schema_migrations (version) VALUES ('999_from_the_future')")
      await expect(migrate(db)).rejects.toThrow(/999_from_the_future/)
    } finally {
      await close()
    }
  })
})
