import { type UnitOfLength } from '#shared/domain/limits.ts'
import { type ModelFormat } from './detect-format.ts'
import { type Measures } from './measure/measures.ts'
import { type IndexedMesh } from './mesh/indexed-mesh.ts'
import { type RepairCounters } from './repair/repair-counters.ts'
import { type PictureSet } from './render/picture-set.ts'
import { type WallThickness } from './thickness/wall-thickness.ts'

/** The spec's `repairInfo` counters (totals over bodies) plus the extra counters of `RepairCounters`. */
export interface RepairInfo extends RepairCounters {
  /** True if any counter other than the "left" ones is non-zero: the UI shows the repair notice. */
  repaired: boolean
}

export interface BodyAnalysis {
  name: string
  triangles: number
  vertices: number
  shells: number
  volume: number
  area: number
  watertight: boolean
  counters: RepairCounters
}

export interface AnalysisResult {
  format: ModelFormat
  unit: {
    /** The unit the caller gave (used for unitless formats). */
    given: UnitOfLength
    /** 'file' for 3MF and STEP, which carry their own unit. */
    source: 'file' | 'caller'
    /** File units to millimetres. */
    scaleToMm: number
  }
  trianglesRead: number
  bodies: BodyAnalysis[]
  repairInfo: RepairInfo
  measures: Measures
  /** Repaired bodies in millimetres, counter-clockwise outward. */
  meshes: IndexedMesh[]
  /** Per body, per face: MARK_FLIPPED | MARK_CAP | MARK_WELDED (repair/repair-body.ts). */
  repairMarks: Uint8Array[]
  /** `encodeMeshes(meshes)`: the internal format to store next to the upload. */
  internalMesh: Uint8Array
  /** The repaired model as a 3MF package (core spec, unit millimeter). */
  threeMf: Uint8Array | undefined
  thickness: WallThickness | undefined
  pictures: PictureSet | undefined
  /** Wall time per stage, for logs and the benchmark. */
  timingsMs: Record<string, number>
}

/**
 * The distinct ArrayBuffers of a result, for `postMessage(result, transferList)` from a worker: the meshes,
 * marks, internal mesh, 3MF, thickness and PNGs move instead of being copied.
 */
export function resultTransferList(result: AnalysisResult): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>()
  const add = (view: ArrayBufferView | undefined): void => {
    if (view !== undefined && view.buffer instanceof ArrayBuffer) buffers.add(view.buffer)
  }
  for (const m of result.meshes) {
    add(m.positions)
    add(m.indices)
  }
  result.repairMarks.forEach(add)
  add(result.internalMesh)
  add(result.threeMf)
  add(result.thickness?.perFace)
  for (const png of Object.values(result.pictures?.front ?? {})) add(png)
  for (const png of Object.values(result.pictures?.repair ?? {})) add(png)
  return [...buffers]
}
