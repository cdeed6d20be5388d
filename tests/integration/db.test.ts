import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { createTestDb, testDbKind, type TestDb } from '#tests/integration/helpers/test-app.ts'

/** The Db contract both engines must keep (runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL). */

let test: TestDb
let db: Db
beforeAll(async () => {
  test = await createTestDb()
  db = test.db
  await db.exec('CREATE TABLE db_test (id text PRIMARY KEY, n integer NOT NULL)')
})
afterAll(async () => {
  await test.close()
})

describe(`the ${testDbKind} Db`, () => {
  it('returns the same JavaScript values on both engines', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT 42::int AS int4, 9007199254740991::int8 AS int8, 3::smallint AS int2, 2.5::float8 AS float8,
              25.50::numeric(5,2)::text AS numeric_text, true AS bool, $1::jsonb AS json,
              ARRAY['a', 'b']::text[] AS text_array, '2026-01-02T03:04:05Z'::timestamptz AS ts, NULL::text AS nothing`,
      [JSON.stringify({ de: 'Grün', list: [1, 2] })],
    )
    expect(rows[0]).toEqual({
      int4: 42,
      int8: 9007199254740991,
      int2: 3,
      float8: 2.5,
      numeric_text: '25.50',
      bool: true,
      json: { de: 'Grün', list: [1, 2] },
      text_array: ['a', 'b'],
      ts: new Date('2026-01-02T03:04:05Z'),
      nothing: null,
    })
  })

  it('counts affected rows', async () => {
    const inserted = await db.query('INSERT INTO db_test (id, n) VALUES ($1, 1), ($2, 2)', [newId(), newId()])
    expect(inserted.rowCount).toBe(2)
    const updated = await db.query('UPDATE db_test SET n = n + 1 WHERE n > 100')
    expect(updated.rowCount).toBe(0)
    const selected = await db.query('SELECT * FROM db_test')
    expect(selected.rowCount).toBe(selected.rows.length)
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const committed = newId()
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO db_test (id, n) VALUES ($1, 10)', [committed])
      return 'done'
    })
    expect(result).toBe('done')

    const rolledBack = newId()
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO db_test (id, n) VALUES ($1, 11)', [rolledBack])
        throw new Error('payment declined')
      }),
    ).rejects.toThrow('payment declined')

    const { rows } = await db.query<{ id: string }>('SELECT id FROM db_test WHERE id = ANY($1::text[])', [
      [committed, rolledBack],
    ])
    expect(rows.map((row) => row.id)).toEqual([committed])
  })

  it('rolls back when a statement in the transaction fails, and stays usable', async () => {
    const id = newId()
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO db_test (id, n) VALUES ($1, 1)', [id])
        await tx.query('INSERT INTO db_test (id, n) VALUES ($1, 1)', [id])
      }),
    ).rejects.toThrow(/duplicate key/)
    const { rows } = await db.query('SELECT 1 FROM db_test WHERE id = $1', [id])
    expect(rows).toHaveLength(0)
  })

  it('mints unguessable 22-character ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId()))
    expect(ids.size).toBe(10_000)
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })
})
