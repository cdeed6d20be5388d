import { readdirSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AnalysisFileSchema,
  AnalysisUploadResponseSchema,
  TASK_MESSAGE_CODES,
} from '#shared/contracts/analysis.contract.ts'
import { ALLOWED_MODEL_EXTENSIONS } from '#shared/domain/limits.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { INCOMING_DIR } from '#server/modules/analysis/analysis-storage.ts'
import {
  type AnalysisTestApp,
  createAnalysisTestApp,
  multipartBody,
  upload,
  waitForTask,
} from '#tests/integration/helpers/analysis-app.ts'
import { corpusFile, corpusReference, expectClose, pngBytes } from '#tests/integration/helpers/model-files.ts'

/**
 * POST /api/analytx/file/ end to end: corpus files of every format are stored, analysed in a worker thread and
 * measured as REFERENCE.md says; oversized and mislabelled files are refused before anything is stored.
 */

let t: AnalysisTestApp
beforeAll(async () => {
  t = await createAnalysisTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function rowCount(table: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
  return rows[0]!.n
}

describe('uploading corpus files', () => {
  const cases = [
    { file: 'stl/trimesh__20mm-xyz-cube.stl', name: 'binary STL', unit: 'mm' },
    { file: 'stl/threejs__stl_ascii_pr2_head_pan.stl', name: 'ASCII STL', unit: 'mm' },
    { file: '3mf/3mfc__box.3mf', name: '3MF', unit: 'mm' },
    { file: 'ply/trimesh__featuretype.ply', name: 'PLY', unit: 'mm' },
    { file: 'step/trimesh__featuretype.STEP', name: 'STEP', unit: 'mm' },
    { file: '3ds/threejs__3ds_interior.3ds', name: '3DS', unit: 'mm' },
  ] as const

  for (const { file, name } of cases) {
    it(`analyses a ${name} (${file}) to the reference dimensions and volume`, async () => {
      const fileName = file.split('/').pop()!
      const response = await upload(t.app, fileName, corpusFile(file))
      expect(response.statusCode).toBe(201)
      const created = AnalysisUploadResponseSchema.parse(response.json())

      const task = await waitForTask(t.app, created.taskId, 90_000)
      expect(task).toMatchObject({ state: 'completed', progress: 100 })
      expect(task.messages).toEqual([
        'converting-to-stl',
        'starting-analysis',
        'converting-to-internal-format',
        'analyzing-volume-and-dimensions',
        'checking-printability',
        'analysis-completed',
      ])

      const got = await t.app.inject({ method: 'GET', url: `/api/analytx/file/${created.createdObject._id}` })
      expect(got.statusCode).toBe(200)
      const analysed = AnalysisFileSchema.parse(got.json())
      const reference = corpusReference(file)
      expect(analysed).toMatchObject({
        _id: created.createdObject._id,
        id: created.createdObject._id,
        name: fileName.replace(/\.[^.]+$/, ''),
        givenUnitOfLength: 'mm',
        scale: 1,
        repairInfo: null,
      })
      const { dimensions, volume, shells } = analysed.analysedProperties
      expectClose(volume, reference.volume!, 1e-5)
      expectClose(dimensions.x, reference.size![0], 1e-4)
      expectClose(dimensions.y, reference.size![1], 1e-4)
      expectClose(dimensions.z, reference.size![2], 1e-4)
      expect(shells).toBe(reference.shells)
      expect(Object.keys(analysed.frontPictures)).toHaveLength(24)
    })
  }

  it('reports a repair as a warning message, with repair images and a repaired download', async () => {
    const file = 'stl/trimesh__teapot.stl'
    const created = AnalysisUploadResponseSchema.parse(
      (await upload(t.app, 'Teapot.STL', corpusFile(file))).json(),
    )
    const task = await waitForTask(t.app, created.taskId, 90_000)
    expect(task.state).toBe('completed')
    expect(task.messages).toEqual([...TASK_MESSAGE_CODES])

    const analysed = AnalysisFileSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/analytx/file/${created.createdObject._id}` })).json(),
    )
    const [merged, flipped, flat, loops] = corpusReference(file).repairs!
    expect(analysed.repairInfo).toMatchObject({
      numberOfMergedVertexPairs: merged,
      numberOfFlippedPolygons: flipped,
      numberOfRemovedFlatOpenShells: flat,
      numberOfClosedOpenLoops: loops,
    })
    expect(Object.keys(analysed.repairInfo!.repairImages)).toHaveLength(24)
    expect(analysed.files.repaired).toBe(`/file/${analysed.id}/repaired.3mf`)

    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/analytx${analysed.repairInfo!.repairImages.PX_0}`,
    })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/png')
    expect(picture.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]))

    const download = await t.app.inject({ method: 'GET', url: `/api/analytx${analysed.files.repaired}` })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Teapot-repariert.3mf"; filename*=UTF-8''Teapot-repariert.3mf`,
    )
    expect(download.headers['content-security-policy']).toBe('sandbox')
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    expect(download.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
  })

  it('keeps the numbers of a unitless file in its given unit, and 3MF in millimetres whatever is given', async () => {
    const stl = AnalysisUploadResponseSchema.parse(
      (
        await upload(t.app, 'cube.stl', corpusFile('stl/trimesh__20mm-xyz-cube.stl'), {
          fields: { givenUnitOfLength: 'inch' },
        })
      ).json(),
    )
    const threeMf = AnalysisUploadResponseSchema.parse(
      (
        await upload(t.app, 'box.3mf', corpusFile('3mf/3mfc__box.3mf'), {
          fields: { givenUnitOfLength: 'inch' },
        })
      ).json(),
    )
    expect((await waitForTask(t.app, stl.taskId)).state).toBe('completed')
    expect((await waitForTask(t.app, threeMf.taskId)).state).toBe('completed')
    const stlFile = AnalysisFileSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/analytx/file/${stl.createdObject._id}` })).json(),
    )
    // 20 "units" read as inch: the numbers stay 20, the unit says what they mean.
    expect(stlFile.givenUnitOfLength).toBe('inch')
    expectClose(stlFile.analysedProperties.dimensions.y, 20)
    const threeMfFile = AnalysisFileSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/analytx/file/${threeMf.createdObject._id}` })).json(),
    )
    expect(threeMfFile.givenUnitOfLength).toBe('mm')
    expectClose(threeMfFile.analysedProperties.dimensions.z, 30)
  })

  it('gives every upload unguessable 128-bit ids', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const created = AnalysisUploadResponseSchema.parse(
        (await upload(t.app, 'tiny.stl', corpusFile('stl/trimesh__origin_inside.STL'))).json(),
      )
      for (const id of [created.taskId, created.createdObject._id]) {
        expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
        ids.add(id)
      }
      await waitForTask(t.app, created.taskId)
    }
    expect(ids.size).toBe(6)
  })
})

describe('refused uploads', () => {
  it('refuses a wrong extension with 415 and the supported list, storing nothing', async () => {
    const before = await rowCount('model_files')
    const response = await upload(t.app, 'photo.jpg', pngBytes())
    expect(response.statusCode).toBe(415)
    expect(ErrorBodySchema.parse(response.json()).error).toMatchObject({
      code: 'unsupported_file_type',
      details: { supported: [...ALLOWED_MODEL_EXTENSIONS] },
    })
    expect(await rowCount('model_files')).toBe(before)
  })

  it('refuses a .stl that is really a PNG after sniffing it, and removes the stored bytes', async () => {
    const before = await rowCount('model_files')
    for (const name of ['model.stl', 'MODEL.STL', 'model.3mf', 'model.ply']) {
      const response = await upload(t.app, name, pngBytes())
      expect(response.statusCode, name).toBe(415)
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe('unsupported_file_type')
    }
    expect(await rowCount('model_files')).toBe(before)
    expect(readdirSync(join(t.config.analysis.uploadsDir, INCOMING_DIR))).toEqual([])
  })

  it('answers 400 without a multipart body or without the field "file"', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/analytx/file/', payload: { file: 'x' } })
    expect(json.statusCode).toBe(400)
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/analytx/file/',
      ...multipartBody('cube.stl', corpusFile('stl/trimesh__7_8ths_cube.stl'), { field: 'upload' }),
    })
    expect(wrongField.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(wrongField.json()).error.code).toBe('validation_failed')
  })
})

describe('the size limit', () => {
  const limitBytes = 84 + 50 * 400
  let small: AnalysisTestApp
  beforeAll(async () => {
    small = await createAnalysisTestApp({ env: { MAX_UPLOAD_BYTES: String(limitBytes) }, startRunner: false })
  })
  afterAll(async () => {
    await small?.close()
  })

  it('answers 413 file_too_large for one byte over MAX_UPLOAD_BYTES and removes the partial file', async () => {
    const limit = limitBytes
    const exactly = new Uint8Array(limit)
    new DataView(exactly.buffer).setUint32(80, 400, true)
    const accepted = await upload(small.app, 'exactly.stl', exactly)
    expect(accepted.statusCode).toBe(201)

    const tooLarge = new Uint8Array(limit + 1)
    const response = await upload(small.app, 'large.stl', tooLarge)
    expect(response.statusCode).toBe(413)
    expect(ErrorBodySchema.parse(response.json()).error).toMatchObject({
      code: 'file_too_large',
      details: { maxBytes: limit },
    })
    const { rows } = await small.db.query<{ n: number }>('SELECT count(*)::int AS n FROM model_files')
    expect(rows[0]!.n).toBe(1)
    expect(readdirSync(join(small.config.analysis.uploadsDir, INCOMING_DIR))).toEqual([])
  })

  it('answers 413 as soon as the limit is passed, while the body is still arriving', async () => {
    const address = await small.app.listen({ port: 0, host: '127.0.0.1' })
    const { payload, headers } = multipartBody('endless.stl', new Uint8Array(limitBytes + 1000))
    const started = Date.now()
    const answer = await new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        const request = httpRequest(`${address}/api/analytx/file/`, {
          method: 'POST',
          // Announces far more than it sends: the server must not wait for the rest.
          headers: { ...headers, 'content-length': String(payload.length + 50_000_000) },
        })
        request.on('response', (response) => {
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection })
          response.resume()
          request.destroy()
        })
        request.on('error', reject)
        request.write(payload)
      },
    )
    expect(answer).toEqual({ status: 413, connection: 'close' })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(readdirSync(join(small.config.analysis.uploadsDir, INCOMING_DIR))).toEqual([])
  })
})
