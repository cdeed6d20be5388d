import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnalysisTask, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { binaryStl, injectDefects, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { CORPUS_DIR } from '#engine/testing/corpus.ts'
import { writeOpenGridStl } from '#tests/hostile/fixtures/big-stl.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  upload,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'
import {
  corpusFile,
  cubeModelXml,
  lyingBinaryStl,
  threeMfPackage,
  withDeclaredSize,
} from '#tests/integration/helpers/model-files.ts'

/**
 * Hostile and broken files (commerce-reliability check 40): each one ends with a clear error, either refused at
 * upload (415, it is not what its name says) or as a failed task naming the engine's reason, within a bounded
 * time, while /api/health keeps answering. Then the worker bounds: a file that runs too long or needs too much
 * memory ends its task (analysis_timeout / analysis_too_complex) and the next file is analysed as usual.
 */

/** Polls /api/health every 50 ms while `work` runs; returns the slowest answer and whether all were 200. */
async function whileWatchingHealth<T>(
  app: AnalysisTestApp['app'],
  work: () => Promise<T>,
): Promise<{ result: T; slowestHealthMs: number; healthAnswers: number }> {
  let running = true
  let slowest = 0
  let answers = 0
  const watcher = (async () => {
    while (running) {
      const started = performance.now()
      const response = await app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(200)
      slowest = Math.max(slowest, performance.now() - started)
      answers++
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  try {
    return { result: await work(), slowestHealthMs: slowest, healthAnswers: answers }
  } finally {
    running = false
    await watcher
  }
}

type Outcome = { refused: number } | { task: AnalysisTask; seconds: number }

async function outcomeOf(t: AnalysisTestApp, fileName: string, content: Uint8Array): Promise<Outcome> {
  const started = performance.now()
  const response = await upload(t.app, fileName, content)
  if (response.statusCode !== 201) return { refused: response.statusCode }
  const { taskId } = AnalysisUploadResponseSchema.parse(response.json())
  const task = await waitForTask(t.app, taskId, 30_000)
  return { task, seconds: (performance.now() - started) / 1000 }
}

function failedWith(outcome: Outcome): { code: string | undefined; engineCode: unknown } {
  if (!('task' in outcome)) throw new Error(`refused with ${outcome.refused}, expected a failed task`)
  expect(outcome.task.state).toBe('failed')
  // Bounded: every one of these is decided in well under the 30 s the poll allows.
  expect(outcome.seconds).toBeLessThan(15)
  return { code: outcome.task.error?.code, engineCode: outcome.task.error?.details?.engineCode }
}

describe('bad inputs', () => {
  let t: AnalysisTestApp
  beforeAll(async () => {
    t = await createAnalysisTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('ends each broken or hostile file with a clear error while the server keeps answering', async () => {
    const cube = cubeModelXml()
    const inputs: [string, Uint8Array, string][] = [
      ['empty.stl', new Uint8Array(0), 'empty_file'],
      ['header-only.stl', lyingBinaryStl(0, 0), 'no_triangles'],
      ['billion.stl', lyingBinaryStl(1_000_000_000, 3), 'truncated_file'],
      // Declares 4 GB for one entry: refused on the central directory, before anything is inflated.
      [
        'bomb.3mf',
        withDeclaredSize(
          threeMfPackage(cube, { 'Metadata/bomb.bin': 'x'.repeat(1000) }),
          'Metadata/bomb.bin',
          0xfffffff0,
        ),
        'zip_too_large',
      ],
      // The model part inflates beyond what it declares: caught while inflating.
      [
        'lying.3mf',
        withDeclaredSize(threeMfPackage(cube + ' '.repeat(100_000)), '3D/3dmodel.model', 2000),
        'zip_invalid',
      ],
      [
        'dtd.3mf',
        threeMfPackage(
          cubeModelXml('<!DOCTYPE model [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'),
        ),
        'xml_dtd_forbidden',
      ],
      ['escape.3mf', threeMfPackage(cube, { '../../evil.model': 'x' }), 'zip_path_escape'],
    ]
    const { result, slowestHealthMs, healthAnswers } = await whileWatchingHealth(t.app, async () => {
      const outcomes: Record<string, Outcome> = {}
      for (const [name, content] of inputs) outcomes[name] = await outcomeOf(t, name, content)
      return outcomes
    })
    for (const [name, , engineCode] of inputs) {
      expect(failedWith(result[name]!), name).toEqual({ code: 'analysis_failed', engineCode })
    }
    expect(healthAnswers).toBeGreaterThan(0)
    expect(slowestHealthMs).toBeLessThan(1_000)
    // Nothing was written outside the upload folder: only object folders and the incoming folder are there.
    for (const name of readdirSync(t.config.analysis.uploadsDir))
      expect(name).toMatch(/^([A-Za-z0-9_-]{22}|\.incoming)$/)
  })

  it('ends each file of the negative corpus with a clear error', async () => {
    const expected: Record<string, { refused: 415 } | { engineCode: string }> = {
      '3mfc__MUSTFAIL_Chapter2.3.2a_NonUTF_Encoding.3mf': { engineCode: 'xml_encoding_unsupported' },
      '3mfc__MUSTFAIL_Chapter3.4b_MissingBuildElement.3mf': { engineCode: 'threemf_no_build_items' },
      'trimesh__empty.ply': { engineCode: 'no_triangles' },
      'trimesh__empty.stl': { engineCode: 'no_triangles' },
      'trimesh__stl_empty_ascii.stl': { engineCode: 'no_triangles' },
      'trimesh__stl_empty_bin.stl': { engineCode: 'no_triangles' },
      // UTF-8-mangled binary: its size fits no facet count and it does not start with "solid": not an STL.
      'utf8-mangled_colored.stl': { refused: 415 },
      'utf8-mangled_cube_gears.3mf': { engineCode: 'zip_invalid' },
    }
    const files = readdirSync(`${CORPUS_DIR}/negative`).sort()
    expect(files).toEqual(Object.keys(expected).sort())
    for (const file of files) {
      const outcome = await outcomeOf(t, file, corpusFile(`negative/${file}`))
      const want = expected[file]!
      if ('refused' in want) expect(outcome, file).toEqual({ refused: 415 })
      else expect(failedWith(outcome), file).toEqual({ code: 'analysis_failed', engineCode: want.engineCode })
    }
  })
})

describe('worker bounds', () => {
  it('ends an analysis that runs past ANALYSIS_TIMEOUT_MS with analysis_timeout and carries on', async () => {
    // The bound leaves the small file after the big one (about 0.3 s idle) a wide margin on a loaded CI machine,
    // where both database lanes run side by side (a 2 s bound failed it there).
    const t = await createAnalysisTestApp({
      env: { ANALYSIS_TIMEOUT_MS: '5000', MAX_UPLOAD_BYTES: String(250_000_000) },
    })
    try {
      // 4,000,000 triangles with defects to repair (200 MB, under the raised upload limit): about 12 s of analysis on
      // an idle machine, far past the bound. (A clean 1,400,000-triangle torus took 8 s once; after decisions 0135,
      // 0138 and 0140 it completed within the bound.)
      const defects = { flipped: 2000, holes: 200, stray: 10, degenerate: 50, jittered: 500, duplicates: 0 }
      const big = binaryStl(injectDefects(torusSoup(40, 12, 2000, 1000), 2000, 1000, defects, 0.002, 7))
      const { result: outcome } = await whileWatchingHealth(t.app, () => outcomeOf(t, 'big.stl', big))
      if (!('task' in outcome)) throw new Error('refused')
      expect(outcome.task.state).toBe('failed')
      expect(outcome.task.error).toEqual({ code: 'analysis_timeout', details: { reason: 'timeout' } })
      // The terminated worker was replaced: the next file is analysed.
      const next = await outcomeOf(t, 'small.stl', corpusFile('stl/trimesh__7_8ths_cube.stl'))
      expect('task' in next && next.task.state).toBe('completed')
    } finally {
      await t.close()
    }
  })

  it('ends an analysis that outgrows ANALYSIS_WORKER_HEAP_MB with analysis_too_complex and carries on', async () => {
    const t = await createAnalysisTestApp({
      env: { ANALYSIS_WORKER_HEAP_MB: '32', ANALYSIS_TIMEOUT_MS: '120000' },
    })
    try {
      // 100,000 separate triangles: the repair's maps need about 0.8 KB a triangle on the JS heap (decision 0073),
      // some 80 MB against the 32 MB bound, while the header's estimate (about 30 MB) lets the file through. Until
      // session 14 this was 10,000 closed octahedra (each body's records on the heap); once the engine kept less of
      // them on the heap (decisions 0135, 0138) they peaked right at the bound and passed it in some runs only.
      const path = join(createTempDir('schichtwerk-grid-'), 'grid.stl')
      writeOpenGridStl(path, 100_000)
      const outcome = await outcomeOf(t, 'grid.stl', readFileSync(path))
      if (!('task' in outcome)) throw new Error('refused')
      expect(outcome.task.error).toEqual({
        code: 'analysis_too_complex',
        details: { reason: 'memory_limit' },
      })
      const health = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(200)
      const next = await outcomeOf(t, 'small.stl', corpusFile('stl/trimesh__7_8ths_cube.stl'))
      expect('task' in next && next.task.state).toBe('completed')
    } finally {
      await t.close()
    }
  })
})
