import { existsSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GetPrintModesResponseSchema } from '#shared/contracts/print-modes.contract.ts'
import { LOCK_FILE_NAME } from '#server/db/data-dir-lock.ts'
import { INITIAL_STAFF_PASSWORD_FILE } from '#server/modules/auth/initial-staff-password.ts'
import {
  disposeServerProcesses,
  spawnServer,
  startServer,
} from '#tests/integration/helpers/server-process.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

/**
 * The real server process (src/server/main.ts) on the embedded default: first start with seed and staff password,
 * a second server on the same DATA_DIR refused, SIGTERM shutdown, restart with the data intact, and a restart after
 * kill -9 (stale lock).
 */

const dataDir = createTempDir('schichtwerk-server-')
/** No DATABASE_URL: the embedded PGlite in DATA_DIR/pgdata, which startServer checks /api/health reports. */
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info' }

afterAll(async () => {
  await disposeServerProcesses()
  rmSync(dataDir, { recursive: true, force: true })
})

async function printModeIds(port: number): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${port}/api/print-modes`)
  expect(response.status).toBe(200)
  return GetPrintModesResponseSchema.parse(await response.json()).printModes.map((mode) => mode.id)
}

describe('the server process', () => {
  it('starts, refuses a second server on its DATA_DIR, shuts down on SIGTERM and keeps its data across restarts', async () => {
    // First start: initialises the database, seeds, and hands out the staff password once. stdout is a pipe here,
    // as under a service manager, so the password goes to an owner-only file and the logs only name that file.
    const first = await startServer(env)
    const passwordFile = join(dataDir, INITIAL_STAFF_PASSWORD_FILE)
    expect(readFileSync(passwordFile, 'utf8')).toMatch(/password: [A-Za-z0-9_-]{20}/)
    expect(first.output('stdout')).not.toContain('password:')
    expect(first.output('stdout')).toContain(INITIAL_STAFF_PASSWORD_FILE)
    rmSync(passwordFile)
    const ids = await printModeIds(first.port)
    expect(ids.length).toBeGreaterThanOrEqual(6)

    // A second server on the same folder stops with a clear message and never listens.
    const second = await spawnServer(env)
    const secondExit = await second.exited
    expect(secondExit.code).toBe(1)
    expect(second.output('stderr')).toContain(
      `Another Schichtwerk server is already using ${dataDir} (pid ${first.pid}). Stop it or set DATA_DIR to another folder.`,
    )
    await expect(fetch(`http://127.0.0.1:${second.port}/api/health`)).rejects.toThrow()
    // The refused server left the lock of the running one alone.
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true)

    // SIGTERM: clean shutdown within the 10 s budget, lock released.
    const stopStarted = Date.now()
    await first.stop()
    expect(await first.exited).toEqual({ code: 0, signal: null })
    expect(Date.now() - stopStarted).toBeLessThan(10_000)
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false)

    // Restart: same data, no second staff password.
    const restarted = await startServer(env)
    expect(await printModeIds(restarted.port)).toEqual(ids)
    expect(restarted.output('stdout')).not.toContain('password:')
    expect(existsSync(passwordFile)).toBe(false)

    // kill -9 leaves the lock behind; the next start must still open.
    await restarted.kill()
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true)
    const afterCrash = await startServer(env)
    expect(await printModeIds(afterCrash.port)).toEqual(ids)

    // A client that stalls mid-request (headers sent, the promised body never) does not hold the shutdown: its
    // connection is cut after the drain time and the server still closes its database and exits cleanly.
    const stalled = connect(afterCrash.port, '127.0.0.1')
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()))
    stalled.on('error', () => undefined)
    stalled.write(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    )
    const stalledClosed = new Promise<void>((resolve) => stalled.once('close', () => resolve()))
    // The server has the request (it is in flight, not idle) before it is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const drainStarted = Date.now()
    expect(await afterCrash.stop('SIGINT'), afterCrash.output()).toBe(0)
    expect(Date.now() - drainStarted).toBeLessThan(10_000)
    await stalledClosed
    expect(afterCrash.output()).toMatch(/"step":"database"/)
  }, 180_000)
})
