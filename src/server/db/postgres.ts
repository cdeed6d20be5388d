import pg from 'pg'
import type { Db, QueryResult, Queryable } from '#server/db/db.ts'

const INT8_OID = 20

/**
 * PGlite returns int8 as a number when it is a safe integer (else a bigint); node-postgres returns a string.
 * Parse it like PGlite so repositories see the same values on both engines.
 */
function parseInt8(value: string): number | bigint {
  const big = BigInt(value)
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big
}

const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await client.query<Row>(sql, [...params])
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length }
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await client.query(sql)
    },
  }
}

export interface PostgresDbOptions {
  connectionString: string
  /** Schema for every pooled connection's search_path (tests use a fresh schema per file). */
  schema?: string
  maxConnections?: number
  /** Errors of idle pooled connections (the pool replaces them); without a listener they would kill the process. */
  onIdleError?: (error: Error) => void
}

/** Connects to a PostgreSQL server through a node-postgres pool. */
export async function createPostgresDb(options: PostgresDbOptions): Promise<Db> {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    throw new Error(`Invalid schema name: ${options.schema}`)
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    types: typeParsers,
    // Set at connection start-up, so no query on any pooled connection can run with another search_path.
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  })
  pool.on('error', (error) => options.onIdleError?.(error))
  // Fail at start-up, not at the first request, when the server is unreachable.
  const probe = await pool.connect()
  probe.release()

  const base = queryable(pool)
  let closed = false
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        await client.query('BEGIN')
        const result = await fn(queryable(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          // A connection that cannot roll back must not go back into the pool.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))
        })
        throw error
      } finally {
        client.release(broken)
      }
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
