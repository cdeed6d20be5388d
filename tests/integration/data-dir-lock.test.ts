import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '#server/db/data-dir-lock.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function tempDir() {
  const dir = createTempDir('schichtwerk-lock-')
  dirs.push(dir)
  return dir
}

/** A pid that certainly belongs to no process: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.on('exit', resolve))
  return child.pid!
}

describe('data-dir lock', () => {
  it('gives the folder to one holder at a time and is free again after release', () => {
    const dir = tempDir()
    const lock = acquireDataDirLock(dir, './data')
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid })
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false)
    acquireDataDirLock(dir).release()
  })

  it('refuses a folder held by a running process, naming the folder and the pid', async () => {
    const dir = tempDir()
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      writeFileSync(
        join(dir, LOCK_FILE_NAME),
        JSON.stringify({ pid: holder.pid, hostname: 'elsewhere', processStart: null, startedAt: 'x' }),
      )
      let error: unknown
      try {
        acquireDataDirLock(dir, './data')
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(DataDirLockedError)
      expect((error as Error).message).toBe(
        `Another Schichtwerk server is already using ./data (pid ${holder.pid}). Stop it or set DATA_DIR to another folder.`,
      )
    } finally {
      holder.kill('SIGKILL')
    }
  })

  it('takes over a stale lock left by a killed process', async () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: await deadPid(), hostname: 'h', processStart: null, startedAt: 'x' }),
    )
    const lock = acquireDataDirLock(dir)
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it('takes over a lock naming its own pid (a restarted container often gets the same pid)', () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.pid, hostname: 'h', processStart: null, startedAt: 'old' }),
    )
    acquireDataDirLock(dir).release()
  })

  it('takes over a lock whose pid was reused by an unrelated process', async () => {
    const dir = tempDir()
    // Our parent is alive, but it started at another time than the owner recorded in the lock.
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({
        pid: process.ppid,
        hostname: (await import('node:os')).hostname(),
        processStart: '1',
        startedAt: 'x',
      }),
    )
    acquireDataDirLock(dir).release()
  })

  it('takes over an unreadable lock file', () => {
    const dir = tempDir()
    writeFileSync(join(dir, LOCK_FILE_NAME), '{broken')
    acquireDataDirLock(dir).release()
  })

  it('does not remove a lock that another server took over meanwhile', () => {
    const dir = tempDir()
    const lock = acquireDataDirLock(dir)
    const other = JSON.stringify({ pid: process.ppid, hostname: 'h', processStart: null, startedAt: 'other' })
    writeFileSync(join(dir, LOCK_FILE_NAME), other)
    lock.release()
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(other)
  })
})
