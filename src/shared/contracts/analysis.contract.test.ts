import { describe, expect, it } from 'vitest'
import {
  AnalysisFilePatchSchema,
  AnalysisFileSchema,
  AnalysisTaskSchema,
  AnalysisUploadResponseSchema,
  HistogramImageQuerySchema,
  PICTURE_KEYS,
  TASK_MESSAGE_CODES,
} from '#shared/contracts/analysis.contract.ts'

/** A server id (22 base64url characters) named for readability. */
const id = (name: string) => name.padEnd(22, '_')

const file = {
  _id: id('object-1'),
  id: id('object-1'),
  name: 'Bracket',
  givenUnitOfLength: 'mm',
  analysedProperties: {
    dimensions: { x: 40, y: 20, z: 10 },
    volume: 3_200,
    surfaceArea: 2_800,
    shells: 1,
    watertight: true,
    printable: true,
    internalVolume: 3_200,
    externalVolume: 8_000,
    minX: 10,
    maxX: 40,
    maxY: 20,
  },
  files: { '3mf': '/files/object-1/model.3mf', repaired: null },
  frontPictures: { PX_0: '/files/object-1/px-0.png', MZ_270: '/files/object-1/mz-270.png' },
  repairInfo: null,
  scale: 1,
}

describe('analysis contract', () => {
  it('reads the upload answer and a task', () => {
    expect(AnalysisUploadResponseSchema.parse({ taskId: id('t'), createdObject: { _id: id('o') } })).toEqual({
      taskId: id('t'),
      createdObject: { _id: id('o') },
    })
    const task = {
      taskId: id('t'),
      state: 'running',
      progress: 40,
      messages: ['converting-to-stl', 'repairing-file'],
    }
    expect(AnalysisTaskSchema.parse(task)).toEqual(task)
    expect(
      AnalysisTaskSchema.parse({ ...task, state: 'failed', error: { code: 'analysis_failed' } }).error,
    ).toEqual({
      code: 'analysis_failed',
    })
  })

  it('knows the seven task messages and refuses others, a progress over 100 and an unknown state', () => {
    expect(TASK_MESSAGE_CODES).toHaveLength(7)
    const task = { taskId: id('t'), state: 'running', progress: 40, messages: [] }
    expect(AnalysisTaskSchema.safeParse({ ...task, messages: ['converting_to_stl'] }).success).toBe(false)
    expect(AnalysisTaskSchema.safeParse({ ...task, progress: 101 }).success).toBe(false)
    expect(AnalysisTaskSchema.safeParse({ ...task, state: 'paused' }).success).toBe(false)
  })

  it('reads a 3D file with and without repair info', () => {
    expect(AnalysisFileSchema.parse(file)).toEqual(file)
    const repaired = {
      ...file,
      files: { ...file.files, repaired: '/files/object-1/repaired.3mf' },
      repairInfo: {
        numberOfFlippedPolygons: 3,
        numberOfRemovedFlatOpenShells: 0,
        numberOfClosedOpenLoops: 1,
        numberOfMergedVertexPairs: 7,
        repairImages: { PY_90: '/files/object-1/repair-py-90.png' },
      },
    }
    expect(AnalysisFileSchema.parse(repaired).repairInfo?.numberOfFlippedPolygons).toBe(3)
  })

  it('has 24 picture keys and refuses others', () => {
    expect(PICTURE_KEYS).toHaveLength(24)
    expect(AnalysisFileSchema.safeParse({ ...file, frontPictures: { PX_45: '/x.png' } }).success).toBe(false)
    expect(AnalysisFileSchema.safeParse({ ...file, givenUnitOfLength: 'ft' }).success).toBe(false)
    expect(AnalysisFileSchema.safeParse({ ...file, scale: 0 }).success).toBe(false)
  })

  it('trims a new name, limits it to 1..200 characters and rejects unknown fields', () => {
    expect(AnalysisFilePatchSchema.parse({ name: '  Bracket v2 ', givenUnitOfLength: 'inch' })).toEqual({
      name: 'Bracket v2',
      givenUnitOfLength: 'inch',
    })
    expect(AnalysisFilePatchSchema.safeParse({ name: '   ' }).success).toBe(false)
    expect(AnalysisFilePatchSchema.safeParse({ name: 'x'.repeat(201) }).success).toBe(false)
    expect(AnalysisFilePatchSchema.safeParse({ scale: 2 }).success).toBe(false)
  })

  it('reads the histogram-image query from strings', () => {
    expect(
      HistogramImageQuerySchema.parse({
        scale: '1.5',
        unitOfLength: 'cm',
        direction: 'MX',
        rotation: '270',
        printModeId: id('pm-1'),
      }),
    ).toEqual({ scale: 1.5, unitOfLength: 'cm', direction: 'MX', rotation: 270, printModeId: id('pm-1') })
    const query = { scale: '1', unitOfLength: 'mm', direction: 'PZ', rotation: '0', printModeId: id('pm-1') }
    expect(HistogramImageQuerySchema.safeParse({ ...query, direction: 'QX' }).success).toBe(false)
    expect(HistogramImageQuerySchema.safeParse({ ...query, rotation: '45' }).success).toBe(false)
    expect(HistogramImageQuerySchema.safeParse({ ...query, scale: '0' }).success).toBe(false)
  })
})
