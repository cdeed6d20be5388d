import type {
  AnalysisFile,
  AnalysisTask,
  AnalysisUploadResponse,
} from '#shared/contracts/analysis.contract.ts'
import { MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'

/** Plain data for path models, tests and stories of the upload and configure machines. */

export const validFile = { name: 'Bracket.STL', size: 2_400_000 }
export const tooLargeFile = { name: 'hull.stl', size: MAX_UPLOAD_BYTES + 1 }
export const unsupportedFile = { name: 'photo.jpg', size: 80_000 }

export const uploadResponse: AnalysisUploadResponse = { taskId: 'task-1', createdObject: { _id: 'object-1' } }
export const demoResponse: AnalysisUploadResponse = {
  taskId: 'task-demo',
  createdObject: { _id: 'object-demo' },
}

export const runningTask: AnalysisTask = {
  taskId: 'task-1',
  state: 'running',
  progress: 30,
  messages: ['converting-to-stl', 'starting-analysis'],
}
export const repairingTask: AnalysisTask = {
  taskId: 'task-1',
  state: 'running',
  progress: 50,
  messages: ['converting-to-stl', 'starting-analysis', 'repairing-file'],
}
export const completedTask: AnalysisTask = {
  taskId: 'task-1',
  state: 'completed',
  progress: 100,
  messages: [
    'converting-to-stl',
    'starting-analysis',
    'converting-to-internal-format',
    'analyzing-volume-and-dimensions',
    'checking-printability',
    'analysis-completed',
  ],
}
/** Measured (decision 0124 §2): the file can be read while the wall thickness and the pictures are computed. */
export const measuredTask: AnalysisTask = {
  taskId: 'task-1',
  state: 'running',
  progress: 45,
  messages: [
    'converting-to-stl',
    'starting-analysis',
    'converting-to-internal-format',
    'analyzing-volume-and-dimensions',
  ],
  measured: true,
}
export const failedTask: AnalysisTask = {
  taskId: 'task-1',
  state: 'failed',
  progress: 40,
  messages: ['converting-to-stl'],
  error: { code: 'unsupported_file_type' },
}

/** A model that filled its analysis worker's memory (decision 0073): the shopper is told it is too complex. */
export const tooComplexTask: AnalysisTask = {
  taskId: 'task-1',
  state: 'failed',
  progress: 30,
  messages: ['starting-analysis'],
  error: { code: 'analysis_too_complex', details: { reason: 'memory_limit' } },
}

/** A 40 × 20 × 10 mm bracket, analysed without repairs. */
export const analysedFile: AnalysisFile = {
  _id: 'object-1',
  id: 'object-1',
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
  frontPictures: { PX_0: '/files/object-1/px-0.png' },
  repairInfo: null,
  scale: 1,
}

/** The same file measured while its wall thickness and pictures are still computed (decision 0124 §2). */
export const measuredFile: AnalysisFile = { ...analysedFile, frontPictures: {}, pending: true }

/** A repaired 0.12 × 0.1 × 0.05 model: read as millimetres it is tiny, it was drawn in inches. */
export const repairedTinyFile: AnalysisFile = {
  ...analysedFile,
  _id: 'object-2',
  id: 'object-2',
  name: 'Clip',
  analysedProperties: {
    ...analysedFile.analysedProperties,
    dimensions: { x: 0.12, y: 0.1, z: 0.05 },
    watertight: false,
  },
  files: { '3mf': '/files/object-2/model.3mf', repaired: '/files/object-2/repaired.3mf' },
  repairInfo: {
    numberOfFlippedPolygons: 12,
    numberOfRemovedFlatOpenShells: 0,
    numberOfClosedOpenLoops: 2,
    numberOfMergedVertexPairs: 40,
    repairImages: { PX_0: '/files/object-2/repair-px-0.png' },
  },
}
