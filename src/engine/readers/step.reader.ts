import { createRequire } from 'node:module'
import { AnalysisError } from '../analysis-error.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { VertexWelder } from '../mesh/vertex-welder.ts'
import { isStep } from './format-signatures.ts'
import { type ReadOptions, type ReadResult } from './read-result.ts'

/** The part of occt-import-js (LGPL-2.1, used unmodified as a dependency) that we call. */
interface OcctMesh {
  name?: string
  attributes: { position: { array: ArrayLike<number> } }
  index: { array: ArrayLike<number> }
}
interface OcctResult {
  success: boolean
  meshes: OcctMesh[]
}
interface Occt {
  ReadStepFile(content: Uint8Array, params: Record<string, unknown> | null): OcctResult
}
type OcctFactory = (module?: {
  print?: (text: string) => void
  printErr?: (text: string) => void
}) => Promise<Occt>

let occtPromise: Promise<Occt> | undefined

/** Loads the WASM module once per thread (50-70 ms); it is synchronous afterwards, so callers run it in a worker. */
function loadOcct(): Promise<Occt> {
  if (occtPromise === undefined) {
    const require = createRequire(import.meta.url)
    const factory = require('occt-import-js') as OcctFactory
    // OCCT reports parse problems on stdout; the reader's result (success false) already says what we need.
    occtPromise = factory({ print: () => {}, printErr: () => {} })
  }
  return occtPromise
}

/**
 * Tessellation: 0.1 % of the bounding box as chordal deflection and 0.5 rad angular deflection: the featuretype
 * part comes out within 0.04 % of its 3MF volume at about 2,800 triangles.
 */
const TESSELLATION = {
  linearUnit: 'millimeter',
  linearDeflectionType: 'bounding_box_ratio',
  linearDeflection: 0.001,
  angularDeflection: 0.5,
}

export { isStep }

/**
 * Reads STEP/STP through OpenCascade (occt-import-js). OCCT converts the file's length unit to millimetres. Its
 * output is one mesh per shape with vertices duplicated per B-rep face; the exact weld joins them. Each shape is
 * one body, so touching solids of an assembly are not welded into non-manifold edges.
 */
export async function readStep(bytes: Uint8Array, options: ReadOptions): Promise<ReadResult> {
  if (bytes.length === 0) throw new AnalysisError('empty_file', 'The file is empty')
  if (!isStep(bytes)) throw new AnalysisError('step_read_failed', 'The file does not start with ISO-10303-21')
  const occt = await loadOcct()
  let result: OcctResult
  try {
    result = occt.ReadStepFile(bytes, TESSELLATION)
  } catch (error) {
    throw new AnalysisError('step_read_failed', `OpenCascade failed: ${String(error).slice(0, 200)}`)
  }
  if (!result.success) throw new AnalysisError('step_read_failed', 'OpenCascade could not read the STEP file')
  const bodies: IndexedMesh[] = []
  let trianglesRead = 0
  let vertexBudget = options.limits.maxVertices
  for (const mesh of result.meshes) {
    const pos = mesh.attributes.position.array
    const idx = mesh.index.array
    const vertexCount = Math.floor(pos.length / 3)
    if (idx.length < 3) continue
    trianglesRead += Math.floor(idx.length / 3)
    if (trianglesRead > options.limits.maxTriangles)
      throw new AnalysisError('limit_exceeded', 'Too many triangles')
    const welder = new VertexWelder(vertexCount, Math.max(1, vertexBudget))
    const remap = new Uint32Array(vertexCount)
    for (let i = 0; i < vertexCount; i++) remap[i] = welder.add(pos[i * 3]!, pos[i * 3 + 1]!, pos[i * 3 + 2]!)
    const indices = new Uint32Array(Math.floor(idx.length / 3) * 3)
    for (let i = 0; i < indices.length; i++) {
      const v = idx[i]!
      if (!(v >= 0 && v < vertexCount))
        throw new AnalysisError('index_out_of_range', 'OpenCascade returned a bad index')
      indices[i] = remap[v]!
    }
    vertexBudget -= welder.count
    bodies.push({ name: mesh.name || `shape ${bodies.length + 1}`, positions: welder.finish(), indices })
  }
  if (trianglesRead === 0)
    throw new AnalysisError('no_triangles', 'The STEP file holds no tessellated geometry')
  return { bodies, unitSource: 'file', unitScaleToMm: 1, trianglesRead }
}
