import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnalysisFile,
  AnalysisFileSchema,
  AnalysisUploadResponseSchema,
} from '#shared/contracts/analysis.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import { HISTOGRAM_CACHE_DIR, objectDir } from '#server/modules/analysis/analysis-storage.ts'
import { analyzeFile } from '#engine/engine.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  upload,
  visitorOf,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'
import { corpusFile, expectClose } from '#tests/integration/helpers/model-files.ts'

/**
 * The analysed 3D file: the demo object, GET and PATCH, the 3MF in the file's current unit, pictures, the
 * wall-thickness picture with its validation and disk cache, and one 404 for every id that is not there.
 */

let t: AnalysisTestApp
let demo: AnalysisFile
let printModeId: string
/** The visitor who created the demo object: its owner, the only one who may change it. */
let owner: { cookie: string }

async function getFile(id: string): Promise<AnalysisFile> {
  const response = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${id}` })
  expect(response.statusCode).toBe(200)
  return AnalysisFileSchema.parse(response.json())
}

async function resultDir(id: string): Promise<string> {
  const { rows } = await t.db.query<{ result_dir: string }>(
    'SELECT result_dir FROM model_files WHERE id = $1',
    [id],
  )
  return join(objectDir(t.config.analysis.uploadsDir, id), rows[0]!.result_dir)
}

beforeAll(async () => {
  t = await createAnalysisTestApp()
  const response = await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })
  expect(response.statusCode).toBe(201)
  owner = visitorOf(response)
  const created = AnalysisUploadResponseSchema.parse(response.json())
  expect((await waitForTask(t.app, created.taskId)).state).toBe('completed')
  demo = await getFile(created.createdObject._id)
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM print_modes ORDER BY sort_order LIMIT 1')
  printModeId = rows[0]!.id
})
afterAll(async () => {
  await t?.close()
})

describe('the demo object', () => {
  it('is the built-in vase, analysed like an upload: closed, printable, 80 mm tall', () => {
    expect(demo).toMatchObject({ name: 'Demo-Vase', givenUnitOfLength: 'mm', repairInfo: null, scale: 1 })
    expect(demo.analysedProperties).toMatchObject({ shells: 1, watertight: true, printable: true })
    expectClose(demo.analysedProperties.dimensions.z, 80)
    expect(demo.analysedProperties.volume).toBeGreaterThan(20_000)
    expect(Object.keys(demo.frontPictures)).toHaveLength(24)
  })

  it('answers with a new object each time', async () => {
    const first = AnalysisUploadResponseSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })).json(),
    )
    expect(first.createdObject._id).not.toBe(demo.id)
    await waitForTask(t.app, first.taskId)
  })
})

describe('pictures and downloads', () => {
  it('serves the front pictures as PNG and nothing outside the listed keys', async () => {
    const picture = await t.app.inject({ method: 'GET', url: `/api/analytx${demo.frontPictures.MZ_90}` })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/png')
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    for (const path of [
      'front/PX_0.jpg',
      'front/XX_0.png',
      'repair/PX_0.png',
      'front/..%2F..%2Fsource.stl',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${demo.id}/${path}` })
      expect(response.statusCode, path).toBe(404)
    }
  })

  it('serves the 3MF in millimetres for the current unit, as a download', async () => {
    const inMm = await t.app.inject({ method: 'GET', url: `/api/analytx${demo.files['3mf']}` })
    expect(inMm.statusCode).toBe(200)
    expect(inMm.headers['content-type']).toBe('application/vnd.ms-package.3dmanufacturing-3dmodel+xml')
    expect(inMm.headers['content-disposition']).toMatch(/^attachment; filename="Demo-Vase.3mf"/)
    expect(inMm.headers['content-security-policy']).toBe('sandbox')
    const readMm = await analyzeFile(new Uint8Array(inMm.rawPayload), {
      format: '3mf',
      thickness: false,
      pictures: false,
      threeMf: false,
    })
    expectClose(readMm.measures.dimensions.z, 80)

    // The same numbers read as centimetres: the 3MF (millimetres) is ten times larger, drawn on request.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/analytx/file/${demo.id}`,
      headers: owner,
      payload: { givenUnitOfLength: 'cm' },
    })
    const inCm = await t.app.inject({ method: 'GET', url: `/api/analytx${demo.files['3mf']}` })
    expect(inCm.statusCode).toBe(200)
    const readCm = await analyzeFile(new Uint8Array(inCm.rawPayload), {
      format: '3mf',
      thickness: false,
      pictures: false,
      threeMf: false,
    })
    expectClose(readCm.measures.dimensions.z, 800, 1e-6)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/analytx/file/${demo.id}`,
      headers: owner,
      payload: { givenUnitOfLength: 'mm' },
    })
    // Nothing was repaired: there is no repaired download.
    const repaired = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${demo.id}/repaired.3mf` })
    expect(repaired.statusCode).toBe(404)
  })
})

describe('PATCH /api/analytx/file/{id}', () => {
  it('renames (trimmed) and changes the unit without a new analysis', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/analytx/file/${demo.id}`,
      headers: owner,
      payload: { name: '   Vase für Oma  ', givenUnitOfLength: 'inch' },
    })
    expect(response.statusCode).toBe(200)
    const patched = AnalysisFileSchema.parse(response.json())
    expect(patched).toMatchObject({ name: 'Vase für Oma', givenUnitOfLength: 'inch' })
    // The numbers are the file's own: the unit says what they mean.
    expect(patched.analysedProperties).toEqual(demo.analysedProperties)
    expect(await getFile(demo.id)).toMatchObject({ name: 'Vase für Oma', givenUnitOfLength: 'inch' })
    await t.app.inject({
      method: 'PATCH',
      url: `/api/analytx/file/${demo.id}`,
      headers: owner,
      payload: { givenUnitOfLength: 'mm' },
    })
  })

  it('refuses invalid bodies with 400', async () => {
    for (const payload of [
      { name: '   ' },
      { givenUnitOfLength: 'm' },
      { name: 'x'.repeat(201) },
      { scale: 2 },
    ]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/analytx/file/${demo.id}`,
        headers: owner,
        payload,
      })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe('validation_failed')
    }
  })

  it('keeps a 3MF in the millimetres its file declares', async () => {
    const created = AnalysisUploadResponseSchema.parse(
      (await upload(t.app, 'box.3mf', corpusFile('3mf/3mfc__box.3mf'), { headers: owner })).json(),
    )
    await waitForTask(t.app, created.taskId)
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/analytx/file/${created.createdObject._id}`,
      headers: owner,
      payload: { givenUnitOfLength: 'inch' },
    })
    expect(response.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(response.json()).error.issues?.[0]).toMatchObject({
      path: ['givenUnitOfLength'],
      code: 'unit_from_file',
    })
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/analytx/file/${created.createdObject._id}`,
      headers: owner,
      payload: { name: 'Box', givenUnitOfLength: 'mm' },
    })
    expect(renamed.statusCode).toBe(200)
  })
})

describe('GET /api/analytx/file/{id}/histogram-image', () => {
  const query = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      scale: '0.5',
      unitOfLength: 'mm',
      direction: 'PX',
      rotation: '90',
      printModeId,
      ...overrides,
    }).toString()

  it('draws the wall-thickness picture as PNG and caches it on disk per parameter set', async () => {
    const url = `/api/analytx/file/${demo.id}/histogram-image?${query()}`
    const first = await t.app.inject({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/png')
    expect(first.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    const cacheDir = join(await resultDir(demo.id), HISTOGRAM_CACHE_DIR)
    expect(readdirSync(cacheDir)).toHaveLength(1)

    const again = await t.app.inject({ method: 'GET', url })
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(readdirSync(cacheDir)).toHaveLength(1)

    const otherScale = await t.app.inject({
      method: 'GET',
      url: `/api/analytx/file/${demo.id}/histogram-image?${query({ scale: '2', unitOfLength: 'inch' })}`,
    })
    expect(otherScale.statusCode).toBe(200)
    expect(otherScale.rawPayload.equals(first.rawPayload)).toBe(false)
    expect(readdirSync(cacheDir)).toHaveLength(2)
  })

  it('answers 400 validation_failed for bad parameters', async () => {
    const bad: Record<string, string>[] = [
      { scale: '0' },
      { scale: '-1' },
      { scale: 'abc' },
      { unitOfLength: 'm' },
      { direction: 'QX' },
      { rotation: '45' },
      { printModeId: 'not-an-id' },
    ]
    for (const overrides of bad) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/analytx/file/${demo.id}/histogram-image?${query(overrides)}`,
      })
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe('validation_failed')
    }
    const missing = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${demo.id}/histogram-image` })
    expect(missing.statusCode).toBe(400)
  })

  it('answers 404 for an unknown print mode', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytx/file/${demo.id}/histogram-image?${query({ printModeId: newId() })}`,
    })
    expect(response.statusCode).toBe(404)
  })
})

describe('unknown ids', () => {
  it('get one identical 404 wherever they appear, malformed or not, and for files not analysed yet', async () => {
    // A file whose analysis has not finished (its row exists, its results do not).
    const analysing = newId()
    await t.db.query(
      `INSERT INTO model_files (id, name, original_file_name, format, size_bytes, sha256, given_unit_of_length)
       VALUES ($1, 'x', 'x.stl', 'stl', 1, repeat('0', 64), 'mm')`,
      [analysing],
    )
    const unknown = newId()
    const paths = [
      `/api/analytx/task/${unknown}`,
      '/api/analytx/task/short',
      `/api/analytx/file/${unknown}`,
      '/api/analytx/file/not-an-id',
      `/api/analytx/file/${unknown}/model.3mf`,
      `/api/analytx/file/${unknown}/repaired.3mf`,
      `/api/analytx/file/${unknown}/front/PX_0.png`,
      `/api/analytx/file/${unknown}/histogram-image?scale=1&unitOfLength=mm&direction=PX&rotation=0&printModeId=${printModeId}`,
      `/api/analytx/file/${analysing}`,
      `/api/analytx/file/${analysing}/model.3mf`,
    ]
    const bodies = new Set<string>()
    for (const url of paths) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      bodies.add(response.body)
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/analytx/file/${unknown}`,
      payload: { name: 'x' },
    })
    bodies.add(patch.body)
    expect([...bodies]).toEqual([
      JSON.stringify({ error: { code: 'not_found', status: 404, message: 'Not found' } }),
    ])
    expect(existsSync(objectDir(t.config.analysis.uploadsDir, unknown))).toBe(false)
  })
})
