/**
 * The one database interface of the server: plain parameterised PostgreSQL, implemented for the embedded PGlite
 * (default) and for a real PostgreSQL server (node-postgres). Repositories depend on this interface only.
 *
 * Rules that keep both engines returning the same JavaScript values:
 * - pass JSON as a string with an explicit cast (`$1::jsonb`, value `JSON.stringify(x)`): node-postgres would turn
 *   a JS array into a PostgreSQL array literal;
 * - store money as `integer` cents, measures as `double precision`; cast `count(*)` to `::int`;
 * - `numeric` comes back as a string from both engines: convert it in the repository.
 */
export type DbKind = 'pglite' | 'postgres'

export interface QueryResult<Row> {
  rows: Row[]
  /** Rows returned or affected by the statement. */
  rowCount: number
}

export interface Queryable {
  /** One statement with `$1…$n` parameters. */
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>>
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: DbKind
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. On PGlite the whole
   * database is locked for the duration, so never wait for the network inside `fn`.
   */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>
  /** Flushes and closes; the instance is unusable afterwards. */
  close(): Promise<void>
}
