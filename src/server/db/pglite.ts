import fs, {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'
import type { Db, QueryResult, Queryable } from '#server/db/db.ts'

type NodeFsOptions = Parameters<NodeFS['init']>[1]
type PreRunHook = NonNullable<NodeFsOptions['preRun']>[number]
type PostgresModule = Parameters<PreRunHook>[0]
/** The part of Emscripten's NODEFS we patch; typed here because PGlite ships its type as an unresolved global. */
interface NodeFsStreamOps {
  fsync?: (stream: { nfd?: unknown }) => number
}
interface ErrnoErrorConstructor {
  new (errno: number): Error
}
/** Emscripten's errno for EIO. */
const EMSCRIPTEN_EIO = 29

/**
 * PGlite's own Node filesystem forwards every write to the kernel (so a killed process loses nothing it committed)
 * but ignores fsync: Emscripten's NODEFS has no fsync operation and PGlite starts PostgreSQL with `-F` (fsync off).
 * A power cut could then lose acknowledged orders or, after a checkpoint, corrupt the data directory. This
 * filesystem gives NODEFS a real fsync, and {@link durableStartParams} turns fsync back on with
 * `wal_sync_method=fsync` (Emscripten's fdatasync is a no-op; its fsync reaches the stream operation).
 * See docs/decisions/0011-embedded-database-durability.md.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: NodeFsOptions): Promise<{ emscriptenOpts: NodeFsOptions }> {
    const result = await super.init(pg, opts)
    const enableFsync: PreRunHook = (mod: PostgresModule) => {
      const streamOps = (mod.NODEFS as unknown as { stream_ops: NodeFsStreamOps }).stream_ops
      const ErrnoError = (mod.FS as unknown as { ErrnoError: ErrnoErrorConstructor }).ErrnoError
      streamOps.fsync = (stream) => {
        if (typeof stream.nfd !== 'number') return 0
        try {
          // Through the module object, so a test can observe that commits really reach fsync.
          fs.fsyncSync(stream.nfd)
        } catch {
          // PostgreSQL treats a failed fsync as fatal (PANIC) instead of trusting the page cache: report EIO.
          throw new ErrnoError(EMSCRIPTEN_EIO)
        }
        return 0
      }
    }
    const preRun = result.emscriptenOpts.preRun ?? []
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun: [...preRun, enableFsync] } }
  }
}

/**
 * PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks: 32 MB hold the
 * shop's hot rows (catalogue, price sheets, carts) and the operating system's page cache keeps the rest of the data
 * files (issue 18: an idle server within 300 MB).
 */
export const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=32MB', '-c', 'wal_buffers=1MB'] as const

function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
    ...PGLITE_MEMORY_PARAMS,
  ]
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) fsyncTree(path)
    else if (entry.isFile()) fsyncPath(path)
  }
  fsyncPath(dir)
}

async function openFileDb(dataDir: string): Promise<PGlite> {
  const pg = new PGlite({ fs: new DurableNodeFS(dataDir), startParams: durableStartParams() })
  await pg.waitReady
  return pg
}

/** Whether `dataDir` holds a complete PGlite cluster (a restart), or the first start has yet to create it. */
export function isPgliteInitialised(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'))
}

/**
 * PGlite decides "database exists" by the presence of PG_VERSION, which initdb writes early: a process killed during
 * the very first start would leave a directory that never opens again. So the first initialisation happens in a
 * sibling directory that is renamed into place only once it is complete and synced.
 */
async function ensureInitialised(dataDir: string): Promise<void> {
  if (isPgliteInitialised(dataDir)) return
  if (existsSync(dataDir)) {
    if (readdirSync(dataDir).length > 0) {
      throw new Error(
        `${dataDir} exists but is not a PostgreSQL data directory (PG_VERSION missing). Move it away or set DATA_DIR to another folder.`,
      )
    }
    rmdirSync(dataDir)
  }
  const initDir = join(dirname(dataDir), `${basename(dataDir)}.init`)
  rmSync(initDir, { recursive: true, force: true })
  mkdirSync(dirname(dataDir), { recursive: true })
  const pg = await openFileDb(initDir)
  await pg.close()
  fsyncTree(initDir)
  renameSync(initDir, dataDir)
  fsyncPath(dirname(dataDir))
}

function toResult<Row>(result: { rows: Row[]; affectedRows?: number }): QueryResult<Row> {
  return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) }
}

function queryable(target: Pick<Transaction, 'query' | 'exec'>): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      return toResult(await target.query<Row>(sql, [...params]))
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  }
}

export interface PgliteDbOptions {
  /** Directory of the PostgreSQL cluster; omit for an in-memory database (tests). */
  dataDir?: string
  /** In memory only: start from a dump made with `dump()` instead of running initdb (tests: ~1 s instead of ~5 s). */
  loadDataDir?: Blob
}

export interface PgliteDb extends Db {
  readonly kind: 'pglite'
  /** The whole cluster as an uncompressed tarball (a consistent copy: PGlite runs one query at a time). */
  dump(): Promise<Blob>
}

/** Opens the embedded PostgreSQL (PGlite): file-based and fsync-durable, or in memory. */
export async function createPgliteDb(options: PgliteDbOptions = {}): Promise<PgliteDb> {
  let pg: PGlite
  if (options.dataDir === undefined) {
    pg = new PGlite(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir })
    await pg.waitReady
  } else {
    if (options.loadDataDir !== undefined) throw new Error('loadDataDir is for in-memory databases only')
    await ensureInitialised(options.dataDir)
    pg = await openFileDb(options.dataDir)
  }
  const persistent = options.dataDir !== undefined
  let closed = false
  const base = queryable(pg)

  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    dump: () => pg.dumpDataDir('none'),
    async close() {
      if (closed) return
      closed = true
      // A checkpoint on the way out keeps the next start from replaying WAL.
      if (persistent) await pg.exec('CHECKPOINT')
      await pg.close()
    },
  }
}
