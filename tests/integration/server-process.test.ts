import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { HealthResponseSchema } from '#shared/contracts/health.contract.ts'
import { GetPrintModesResponseSchema } from '#shared/contracts/print-modes.contract.ts'
import { LOCK_FILE_NAME } from '#server/db/data-dir-lock.ts'
import { INITIAL_STAFF_PASSWORD_FILE } from '#server/modules/auth/initial-staff-password.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

/**
 * The real server process (src/server/main.ts) on the embedded default: first start with seed and staff password,
 * a second server on the same DATA_DIR refused, SIGTERM shutdown, restart with the data intact, and a restart after
 * kill -9 (stale lock).
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const mainScript = join(repoRoot, 'src/server/main.ts')
const dataDir = createTempDir('schichtwerk-server-')
const children = new Set<ChildProcess>()

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()))
    })
  })
}

interface Server {
  child: ChildProcess
  port: number
  output: () => { stdout: string; stderr: string }
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function startServer(port: number): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child)
      resolve({ code, signal })
    }),
  )
  return { child, port, output: () => ({ stdout, stderr }), exited }
}

async function waitUntilHealthy(server: Server, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exited = false
  void server.exited.then(() => (exited = true))
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`)
      if (response.ok) {
        expect(HealthResponseSchema.parse(await response.json())).toEqual({ status: 'ok', db: 'pglite' })
        return
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server did not become healthy:\n${JSON.stringify(server.output(), null, 2)}`)
}

async function printModeIds(port: number): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${port}/api/print-modes`)
  expect(response.status).toBe(200)
  return GetPrintModesResponseSchema.parse(await response.json()).printModes.map((mode) => mode.id)
}

describe('the server process', () => {
  it('starts, refuses a second server on its DATA_DIR, shuts down on SIGTERM and keeps its data across restarts', async () => {
    // First start: initialises the database, seeds, and hands out the staff password once. stdout is a pipe here,
    // as under a service manager, so the password goes to an owner-only file and the logs only name that file.
    const first = startServer(await freePort())
    await waitUntilHealthy(first)
    const passwordFile = join(dataDir, INITIAL_STAFF_PASSWORD_FILE)
    expect(readFileSync(passwordFile, 'utf8')).toMatch(/password: [A-Za-z0-9_-]{20}/)
    expect(first.output().stdout).not.toContain('password:')
    expect(first.output().stdout).toContain(INITIAL_STAFF_PASSWORD_FILE)
    rmSync(passwordFile)
    const ids = await printModeIds(first.port)
    expect(ids.length).toBeGreaterThanOrEqual(6)

    // A second server on the same folder stops with a clear message and never listens.
    const second = startServer(await freePort())
    const secondExit = await second.exited
    expect(secondExit.code).toBe(1)
    expect(second.output().stderr).toContain(
      `Another Schichtwerk server is already using ${dataDir} (pid ${first.child.pid}). Stop it or set DATA_DIR to another folder.`,
    )
    await expect(fetch(`http://127.0.0.1:${second.port}/api/health`)).rejects.toThrow()
    // The refused server left the lock of the running one alone.
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true)

    // SIGTERM: clean shutdown within the 10 s budget, lock released.
    const stopStarted = Date.now()
    first.child.kill('SIGTERM')
    expect(await first.exited).toEqual({ code: 0, signal: null })
    expect(Date.now() - stopStarted).toBeLessThan(10_000)
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false)

    // Restart: same data, no second staff password.
    const restarted = startServer(await freePort())
    await waitUntilHealthy(restarted)
    expect(await printModeIds(restarted.port)).toEqual(ids)
    expect(restarted.output().stdout).not.toContain('password:')
    expect(existsSync(passwordFile)).toBe(false)

    // kill -9 leaves the lock behind; the next start must still open.
    restarted.child.kill('SIGKILL')
    await restarted.exited
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true)
    const afterCrash = startServer(await freePort())
    await waitUntilHealthy(afterCrash)
    expect(await printModeIds(afterCrash.port)).toEqual(ids)
    afterCrash.child.kill('SIGINT')
    expect((await afterCrash.exited).code).toBe(0)
  }, 180_000)
})
