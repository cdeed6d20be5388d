import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { isServerLive, waitForTaskOver } from '#tests/integration/helpers/live-analysis.ts'
import {
  disposeServerProcesses,
  memoryOf,
  serverDatabase,
  startServer,
  streamUpload,
} from '#tests/integration/helpers/server-process.ts'
import {
  writeAsciiGridStl,
  writeOpenGridStl,
  writeSphereStl,
  writeTetrahedraStl,
} from '#tests/hostile/fixtures/big-stl.ts'
import type { HostileCheck, HostileContext, HostileFigure, HostileResult } from '../harness.ts'

/**
 * Issue 13, failure 1: the largest valid files an honest customer may upload, against a real server process on the
 * embedded default. Each must analyse within a bound or fail cleanly, with the server alive after it; the figures
 * are the time, the outcome and the peak resident memory of the server and of its analysis child processes.
 */

interface LargeFile {
  label: string
  write: (path: string) => number
}

const FILES: LargeFile[] = [
  // 999 × 1001: 1,998,000 triangles, 99.9 MB, just under the upload limit.
  { label: '2 M-triangle closed sphere', write: (path) => writeSphereStl(path, 999, 1001) },
  { label: '1.8 M-triangle open grid (the probe)', write: (path) => writeOpenGridStl(path, 1_800_000) },
  { label: '200,000 separate tetrahedra', write: (path) => writeTetrahedraStl(path, 200_000) },
  {
    label: 'ASCII STL just under 100 MB',
    write: (path) => writeAsciiGridStl(path, MAX_UPLOAD_BYTES - 1_000_000),
  },
]

/** The analysis default (180 s) and the upload and queueing around it. */
const TASK_BOUND_MS = 240_000

/** The server's child processes (the analysis workers), from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const tasks = readdirSync(`/proc/${pid}/task`)
  return tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number),
  )
}

/** Samples the peak resident memory of the server and of any of its children until stopped. */
function memorySampler(pid: number): { stop: () => { serverMb: number; childMb: number } } {
  let childMb = 0
  const sample = (): void => {
    for (const child of childrenOf(pid)) {
      try {
        // An exiting child has no VmHWM line any more (NaN): its last sample stands.
        const { peakMb } = memoryOf(child)
        if (Number.isFinite(peakMb)) childMb = Math.max(childMb, peakMb)
      } catch {
        // the child ended between listing and reading
      }
    }
  }
  const timer = setInterval(sample, 200)
  return {
    stop: () => {
      clearInterval(timer)
      sample()
      return { serverMb: memoryOf(pid).peakMb, childMb }
    },
  }
}

interface FileOutcome {
  label: string
  clean: boolean
  figure: string
}

async function runFile(base: string, pid: number, path: string, file: LargeFile): Promise<FileOutcome> {
  const sampler = memorySampler(pid)
  const started = Date.now()
  let result: string
  let clean: boolean
  try {
    const size = statSync(path).size
    const answer = await streamUpload(base, 'model.stl', createReadStream(path), size).answer
    if (answer.status !== 201) {
      result = `refused ${answer.status}`
      clean = answer.status >= 400 && answer.status < 500
    } else {
      const { taskId } = AnalysisUploadResponseSchema.parse(answer.body)
      const task = await waitForTaskOver(base, taskId, TASK_BOUND_MS)
      const details = task.error?.details
      result =
        task.state === 'completed'
          ? 'completed'
          : `failed ${task.error?.code ?? '?'} ${JSON.stringify(details ?? {})}`
      clean = true
    }
  } catch (error) {
    result = `error: ${error instanceof Error ? error.message : String(error)}`
    clean = false
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const memory = sampler.stop()
  const live = await isServerLive(base, 10_000)
  return {
    label: file.label,
    clean: clean && live,
    figure:
      `${seconds} s, ${result}, server peak RSS ${Math.round(memory.serverMb)} MB, ` +
      `analysis child peak RSS ${Math.round(memory.childMb)} MB${live ? '' : ', SERVER DOWN'}`,
  }
}

async function run(context: HostileContext): Promise<HostileResult> {
  const dataDir = join(context.workDir, 'data')
  const database = await serverDatabase(dataDir)
  const server = await startServer({ DATA_DIR: dataDir, ANALYSIS_WORKERS: '1', ...database.env })
  const atStart = memoryOf(server.pid)
  // VmHWM counts from the process start: the start's own peak (migrations, seed) is the floor of every figure.
  const figures: HostileFigure[] = [
    {
      label: 'server at start',
      value: `RSS ${Math.round(atStart.rssMb)} MB, peak ${Math.round(atStart.peakMb)} MB`,
    },
  ]
  const failures: string[] = []
  try {
    for (const file of FILES) {
      if (context.signal.aborted) break
      const path = join(context.workDir, 'model.stl')
      const triangles = file.write(path)
      context.log(`${file.label}: ${triangles} triangles, ${statSync(path).size} bytes`)
      const outcome = await runFile(server.base, server.pid, path, file)
      context.log(`${file.label}: ${outcome.figure}`)
      figures.push({ label: file.label, value: outcome.figure })
      if (!outcome.clean) failures.push(file.label)
      if (!(await isServerLive(server.base))) break
    }
  } finally {
    await disposeServerProcesses()
  }
  const ok = failures.length === 0 && figures.length === FILES.length + 1
  return {
    ok,
    figures,
    summary: ok
      ? 'Every large file analysed or failed cleanly within its bound; the server stayed alive throughout.'
      : `Not clean: ${failures.join(', ') || 'the run stopped early'}.`,
  }
}

export const check: HostileCheck = {
  name: 'large-files',
  title: 'Upload the largest valid STL files (2 M sphere, 1.8 M open grid, 200 k bodies, 100 MB ASCII)',
  budgetMinutes: 30,
  run,
}
