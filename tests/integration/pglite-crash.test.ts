import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createPgliteDb } from '#server/db/pglite.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

/**
 * Crash durability of the embedded database (docs/decisions/0011): a writer process is killed with SIGKILL at a
 * random moment, 20 times, and restarted each time. Every restart must open the data directory, and every id the
 * writer acknowledged (printed after its commit returned) must be in the table afterwards. Most kills land while
 * writing; every fourth lands at a random point of the start-up (initdb, recovery, migrations).
 */

const ITERATIONS = 20
const writer = fileURLToPath(new URL('./fixtures/pglite-crash-writer.ts', import.meta.url))
const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const dataRoot = createTempDir('schichtwerk-crash-')
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }))

interface Run {
  reachedReady: boolean
  openMs: number | undefined
  acked: number[]
  stderr: string
  exit: string
}

function runWriter(dataDir: string, killAt: { afterReadyMs?: number; afterSpawnMs?: number }): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, dataDir], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const run: Run = { reachedReady: false, openMs: undefined, acked: [], stderr: '', exit: '' }
    let buffer = ''
    const kill = () => child.kill('SIGKILL')
    // A start that never gets ready is a failure, not a hang (generous: starts take ~1 s idle, ~5 s on a busy machine).
    const watchdog = setTimeout(kill, 90_000)
    if (killAt.afterSpawnMs !== undefined) setTimeout(kill, killAt.afterSpawnMs)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        if (line.startsWith('ACK ')) run.acked.push(Number(line.slice(4)))
        else if (line.startsWith('READY ')) {
          run.reachedReady = true
          run.openMs = Number(line.slice(6))
          if (killAt.afterReadyMs !== undefined) setTimeout(kill, killAt.afterReadyMs)
        }
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => (run.stderr += chunk))
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog)
      run.exit = signal ?? `code ${code}`
      resolve(run)
    })
  })
}

describe('embedded PGlite under kill -9', () => {
  it(`opens after each of ${ITERATIONS} random kills and keeps every acknowledged write`, async () => {
    const dataDir = join(dataRoot, 'pgdata')
    const acked = new Set<number>()
    const startedAt = Date.now()
    let expectOpen = false
    let lastOpenMs = 2_000
    const openTimes: number[] = []

    for (let iteration = 1; iteration <= ITERATIONS; iteration++) {
      const duringStart = iteration % 4 === 0
      const run = await runWriter(
        dataDir,
        duringStart
          ? { afterSpawnMs: Math.floor(Math.random() * (lastOpenMs + 1_000)) }
          : { afterReadyMs: Math.floor(Math.random() * 800) },
      )
      for (const id of run.acked) acked.add(id)
      const context = `iteration ${iteration} (${run.exit}): ${run.stderr.slice(-2_000)}`
      expect(run.exit, context).toBe('SIGKILL')
      // Every start not deliberately killed while starting must open; so must the one after such a kill.
      if (!duringStart || expectOpen) expect(run.reachedReady, context).toBe(true)
      expectOpen = duringStart && !run.reachedReady
      if (run.openMs !== undefined) {
        lastOpenMs = run.openMs
        if (iteration > 1) openTimes.push(run.openMs)
      }
    }

    const db = await createPgliteDb({ dataDir })
    try {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM crash_log')
      const stored = new Set(rows.map((row) => row.id))
      const lost = [...acked].filter((id) => !stored.has(id))
      expect(lost, `acknowledged but lost: ${lost.slice(0, 20).join(', ')}`).toEqual([])
      // Transactions are atomic: the counter equals the number of stored ids written in a transaction.
      const { rows: counter } = await db.query<{ value: number }>(
        "SELECT value FROM crash_counter WHERE name = 'tx'",
      )
      expect(counter[0]?.value ?? 0).toBe([...stored].filter((id) => id % 3 === 0).length)
      expect(acked.size).toBeGreaterThan(ITERATIONS)
      console.info(
        `[pglite-crash] ${ITERATIONS} kills in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ` +
          `${acked.size} acknowledged writes, ${stored.size} stored, 0 lost; ` +
          `reopen after crash: median ${openTimes.sort((a, b) => a - b)[Math.floor(openTimes.length / 2)]} ms`,
      )
    } finally {
      await db.close()
    }
    // 20 kills take ~30 s on a quiet machine and up to ~2 min when both cores are busy: slow is not red.
  }, 300_000)
})
