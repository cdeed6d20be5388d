import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { createWorkerPool } from '#server/jobs/worker-pool.ts'
import type { AnalysisWorkerJob, AnalysisWorkerResult } from '#server/modules/analysis/analysis-jobs.ts'
import { MESH_FILE, objectDir } from '#server/modules/analysis/analysis-storage.ts'
import { createAnalysisService, type RenderPool } from '#server/modules/analysis/analysis.service.ts'
import { type IndexedMesh, analyzeFile, write3mf } from '#engine/engine.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  upload,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'
import { corpusFile } from '#tests/integration/helpers/model-files.ts'

/**
 * The 3MF is not written by the analysis but drawn from the stored internal mesh when it is first asked for
 * (decision 0135): the same bytes as the analysis wrote before, one drawing for requests that arrive together, and
 * a failed or killed drawing leaves no file and answers with an error code the client says in the visitor's
 * language. Costs about 5-10 s (three small analyses, one render thread).
 */

let t: AnalysisTestApp

beforeAll(async () => {
  t = await createAnalysisTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function analysed(fileName: string, content: Uint8Array, fields?: Record<string, string>) {
  const created = AnalysisUploadResponseSchema.parse(
    (await upload(t.app, fileName, content, fields === undefined ? {} : { fields })).json(),
  )
  expect((await waitForTask(t.app, created.taskId, 90_000)).state).toBe('completed')
  const id = created.createdObject._id
  const { rows } = await t.db.query<{ result_dir: string }>(
    'SELECT result_dir FROM model_files WHERE id = $1',
    [id],
  )
  return { id, runDir: join(objectDir(t.config.analysis.uploadsDir, id), rows[0]!.result_dir) }
}

/** What the analysis wrote before decision 0135: the engine's 3MF of the repaired bodies, scaled to millimetres. */
async function engine3mf(content: Uint8Array, format: 'stl' | '3mf', mmPerUnit = 1): Promise<Buffer> {
  const result = await analyzeFile(content, { format, thickness: false, pictures: false, threeMf: false })
  const scaled: IndexedMesh[] = result.meshes.map((mesh) => ({
    ...mesh,
    positions: mesh.positions.map((value) => value * mmPerUnit),
  }))
  return Buffer.from(write3mf(scaled)!)
}

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('the 3MF drawn on first request', () => {
  it('is not written by the analysis; requests that arrive together get the same bytes, drawn once', async () => {
    const source = corpusFile('stl/trimesh__teapot.stl')
    const { id, runDir } = await analysed('Teapot.stl', source)
    expect(existsSync(join(runDir, MESH_FILE))).toBe(true)
    expect(readdirSync(runDir).filter((name) => name.endsWith('.3mf'))).toEqual([])

    const answers = await Promise.all([
      get(`/api/analytx/file/${id}/model.3mf`),
      get(`/api/analytx/file/${id}/repaired.3mf`),
      get(`/api/analytx/file/${id}/model.3mf`),
      get(`/api/analytx/file/${id}/repaired.3mf`),
      get(`/api/analytx/file/${id}/model.3mf`),
    ])
    const expected = await engine3mf(source, 'stl')
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.rawPayload.equals(expected)).toBe(true)
    }
    // One file, no temporary left, and the internal mesh it was drawn from stays.
    expect(readdirSync(runDir).filter((name) => name.includes('.3mf'))).toEqual(['model-mm.3mf'])
    expect(existsSync(join(runDir, MESH_FILE))).toBe(true)
    expect((await get(`/api/analytx/file/${id}/model.3mf`)).rawPayload.equals(expected)).toBe(true)
  }, 120_000)

  it('has the bytes the analysis wrote for a 3MF of several bodies and for a file given in centimetres', async () => {
    const bodies = corpusFile('3mf/trimesh__cube_and_sphere_same_name.3mf')
    const several = await analysed('bodies.3mf', bodies)
    const answer = await get(`/api/analytx/file/${several.id}/model.3mf`)
    expect(answer.statusCode).toBe(200)
    expect(answer.rawPayload.equals(await engine3mf(bodies, '3mf'))).toBe(true)

    const stl = corpusFile('stl/trimesh__multibody.stl')
    const inCm = await analysed('multibody.stl', stl, { givenUnitOfLength: 'cm' })
    const cm = await get(`/api/analytx/file/${inCm.id}/model.3mf`)
    expect(cm.statusCode).toBe(200)
    expect(cm.rawPayload.equals(await engine3mf(stl, 'stl', 10))).toBe(true)
    expect(existsSync(join(inCm.runDir, 'model-cm.3mf'))).toBe(true)
  }, 120_000)

  it('answers a write that fails with service_unavailable, keeps serving, and draws it at the next request', async () => {
    const { id, runDir } = await analysed('Box.stl', corpusFile('stl/trimesh__box.STL'))
    // A folder where the file goes: the rename of the drawn file fails (EISDIR), a real I/O error.
    mkdirSync(join(runDir, 'model-mm.3mf'))
    const failed = await get(`/api/analytx/file/${id}/model.3mf`)
    expect(failed.statusCode).toBe(503)
    expect(ErrorBodySchema.parse(failed.json()).error.code).toBe('service_unavailable')
    expect(readdirSync(runDir).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect((await get(`/api/analytx/file/${id}`)).statusCode).toBe(200)

    rmSync(join(runDir, 'model-mm.3mf'), { recursive: true })
    const again = await get(`/api/analytx/file/${id}/model.3mf`)
    expect(again.statusCode).toBe(200)
    expect(again.rawPayload.subarray(0, 2).toString()).toBe('PK')
  }, 120_000)
})

describe('the drawing behind the download', () => {
  /** A render pool that records its jobs and answers each with `answer` after a short while. */
  function recordingPool(answer: AnalysisWorkerResult): { pool: RenderPool; jobs: AnalysisWorkerJob[] } {
    const jobs: AnalysisWorkerJob[] = []
    const pool = {
      run: async (job: AnalysisWorkerJob) => {
        jobs.push(job)
        await new Promise((resolve) => setTimeout(resolve, 50))
        return answer
      },
    } as unknown as RenderPool
    return { pool, jobs }
  }

  async function unwritten(): Promise<string> {
    const { id, runDir } = await analysed('Box.stl', corpusFile('stl/trimesh__box.STL'))
    expect(existsSync(join(runDir, 'model-mm.3mf'))).toBe(false)
    return id
  }

  it('starts one drawing for requests that arrive while it runs', async () => {
    const id = await unwritten()
    const { pool, jobs } = recordingPool({ kind: 'written', bytes: 1 })
    const service = createAnalysisService({ db: t.db, settings: t.config.analysis, renderPool: () => pool })
    await Promise.all(Array.from({ length: 5 }, () => service.model3mf(id, 'model')))
    expect(jobs.map((job) => job.kind)).toEqual(['export-3mf'])
  }, 120_000)

  it('draws a wall-thickness picture once for requests that arrive together, and again after a failure', async () => {
    const id = await unwritten()
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id FROM print_modes ORDER BY sort_order LIMIT 1',
    )
    const query = {
      scale: 1,
      unitOfLength: 'mm',
      direction: 'PX',
      rotation: 0,
      printModeId: rows[0]!.id,
    } as const
    const { pool, jobs } = recordingPool({ kind: 'write-failed', errno: 'EIO' })
    const service = createAnalysisService({ db: t.db, settings: t.config.analysis, renderPool: () => pool })
    const answers = await Promise.allSettled(
      Array.from({ length: 4 }, () => service.histogramImage(id, query)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected'])
    expect(jobs.map((job) => job.kind)).toEqual(['histogram-image'])
    await service.histogramImage(id, query).catch(() => undefined)
    expect(jobs).toHaveLength(2)
  }, 120_000)

  it('removes the part of a file a worker wrote before it was ended, under the name the server gave it', async () => {
    const id = await unwritten()
    const written: string[] = []
    // As a worker killed half way through its write (its time bound, a crash): the temporary file is there.
    const pool = {
      run: async (job: AnalysisWorkerJob) => {
        if (job.kind !== 'export-3mf') throw new Error(`unexpected ${job.kind}`)
        writeFileSync(job.temporaryPath, 'PK half a 3MF')
        written.push(job.temporaryPath)
        throw new Error('the worker was ended')
      },
    } as unknown as RenderPool
    const service = createAnalysisService({ db: t.db, settings: t.config.analysis, renderPool: () => pool })
    const error = await service.model3mf(id, 'model').catch((caught: unknown) => caught)
    expect((error as AppError).code).toBe('service_unavailable')
    expect(written).toHaveLength(1)
    const runDir = dirname(written[0]!)
    expect(written[0]!.startsWith(join(runDir, 'model-mm.3mf.'))).toBe(true)
    expect(readdirSync(runDir).filter((name) => name.includes('.3mf'))).toEqual([])
  }, 120_000)

  it('says insufficient_storage when the disk is full', async () => {
    const id = await unwritten()
    const { pool } = recordingPool({ kind: 'write-failed', errno: 'ENOSPC' })
    const service = createAnalysisService({ db: t.db, settings: t.config.analysis, renderPool: () => pool })
    const error = await service.model3mf(id, 'model').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('insufficient_storage')
  }, 120_000)

  it('leaves no file when the drawing is ended half way', async () => {
    const id = await unwritten()
    const pool: RenderPool = createWorkerPool({
      name: 'render-test',
      entry: new URL('../../src/server/modules/analysis/analysis.worker.ts', import.meta.url),
      size: 1,
      resourceLimits: { maxOldGenerationSizeMb: t.config.analysis.workerHeapMb },
    })
    try {
      // Ended by its time bound right after it began: as a crash of the worker would.
      const service = createAnalysisService({
        db: t.db,
        settings: t.config.analysis,
        renderPool: () => pool,
        renderTimeoutMs: 1,
      })
      const error = await service.model3mf(id, 'model').catch((caught: unknown) => caught)
      expect((error as AppError).code).toBe('service_unavailable')
      const { rows } = await t.db.query<{ result_dir: string }>(
        'SELECT result_dir FROM model_files WHERE id = $1',
        [id],
      )
      const runDir = join(objectDir(t.config.analysis.uploadsDir, id), rows[0]!.result_dir)
      expect(readdirSync(runDir).filter((name) => name.endsWith('.3mf'))).toEqual([])
    } finally {
      await pool.close()
    }
  }, 120_000)
})
