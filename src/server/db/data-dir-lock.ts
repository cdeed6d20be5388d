import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

/**
 * One server per DATA_DIR: two processes writing one PGlite data directory corrupt it (pglite #327, #709, #1106),
 * and the outbox and uploads are not shared-safe either. A lock file names the owning process; a lock whose process
 * is gone (kill -9, power cut) is stale and taken over. See docs/decisions/0012-data-dir-lock.md.
 */

export const LOCK_FILE_NAME = 'server.lock'

interface LockOwner {
  pid: number
  hostname: string
  /** Process start time from /proc (Linux), to tell our owner from an unrelated process that reused its pid. */
  processStart: string | null
  startedAt: string
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  readonly owner: LockOwner

  constructor(displayDir: string, owner: LockOwner) {
    super(
      `Another Schichtwerk server is already using ${displayDir} (pid ${owner.pid}). ` +
        'Stop it or set DATA_DIR to another folder.',
    )
    this.owner = owner
  }
}

export interface DataDirLock {
  readonly path: string
  /** Removes the lock if it is still ours; safe to call twice. */
  release(): void
}

function processStartTime(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may contain spaces, so count from its closing ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function isAlive(owner: LockOwner): boolean {
  // A restarted container often gets the same pid as the process that was killed: that one is certainly gone.
  if (owner.pid === process.pid) return false
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  if (owner.processStart !== null && owner.hostname === hostname()) {
    const current = processStartTime(owner.pid)
    if (current !== null && current !== owner.processStart) return false
  }
  return true
}

function readOwner(path: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>
    if (typeof parsed.pid !== 'number') return null
    return {
      pid: parsed.pid,
      hostname: typeof parsed.hostname === 'string' ? parsed.hostname : '',
      processStart: typeof parsed.processStart === 'string' ? parsed.processStart : null,
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : '',
    }
  } catch {
    return null
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/**
 * Takes the lock on `dataDir` (created if needed) or throws DataDirLockedError naming the running owner.
 * `displayDir` is how the message names the folder (the DATA_DIR value as the user wrote it).
 */
export function acquireDataDirLock(dataDir: string, displayDir: string = dataDir): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, LOCK_FILE_NAME)
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    processStart: processStartTime(process.pid),
    startedAt: new Date().toISOString(),
  }
  const content = `${JSON.stringify(me)}\n`

  for (let attempt = 0; attempt < 5; attempt++) {
    // Write the whole record first, then link it into place: link() fails if the lock exists, so the lock file
    // is never seen empty or half-written.
    const tempPath = join(dataDir, `.${LOCK_FILE_NAME}.${process.pid}.tmp`)
    writeFileSync(tempPath, content)
    try {
      linkSync(tempPath, lockPath)
      return createHandle(lockPath, content)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(tempPath)
    }

    const owner = readOwner(lockPath)
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(displayDir, owner)
    removeStaleLock(dataDir, lockPath, owner)
  }
  throw new Error(`Could not take the lock ${lockPath}; another server keeps starting on the same DATA_DIR.`)
}

/**
 * Removes a lock judged stale. Moving it aside first and checking what was moved keeps two starting servers from
 * both deleting: if another server replaced the stale lock with its live one in between, that one is put back.
 */
function removeStaleLock(dataDir: string, lockPath: string, judged: LockOwner | null): void {
  const asidePath = join(dataDir, `.${LOCK_FILE_NAME}.${process.pid}.stale`)
  try {
    renameSync(lockPath, asidePath)
  } catch (error) {
    if (isMissing(error)) return
    throw error
  }
  const moved = readOwner(asidePath)
  const sameAsJudged =
    (moved === null && judged === null) ||
    (moved !== null && judged !== null && moved.pid === judged.pid && moved.startedAt === judged.startedAt)
  if (sameAsJudged) {
    unlinkSync(asidePath)
    return
  }
  try {
    linkSync(asidePath, lockPath)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    unlinkSync(asidePath)
  }
}

function createHandle(lockPath: string, content: string): DataDirLock {
  let released = false
  return {
    path: lockPath,
    release() {
      if (released) return
      released = true
      try {
        if (readFileSync(lockPath, 'utf8') === content) unlinkSync(lockPath)
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    },
  }
}
