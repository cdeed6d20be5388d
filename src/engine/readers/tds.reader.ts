import { AnalysisError } from '../analysis-error.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { VertexWelder } from '../mesh/vertex-welder.ts'
import { isTds } from './format-signatures.ts'
import { type ReadOptions, type ReadResult, scalePositions } from './read-result.ts'

const EDITOR = 0x3d3d
const NAMED_OBJECT = 0x4000
const TRI_MESH = 0x4100
const POINT_ARRAY = 0x4110
const FACE_ARRAY = 0x4120
const MESH_MATRIX = 0x4160
const MAX_DEPTH = 16

export { isTds }

interface Chunk {
  id: number
  /** First byte after the 6-byte header. */
  start: number
  end: number
}

/** Iterates the child chunks of [from, end), rejecting any chunk whose size points outside its parent. */
function* chunks(view: DataView, from: number, end: number): Generator<Chunk> {
  let p = from
  while (p + 6 <= end) {
    const id = view.getUint16(p, true)
    const length = view.getUint32(p + 2, true)
    if (length < 6 || p + length > end) {
      throw new AnalysisError(
        'tds_invalid_chunk',
        `3DS chunk 0x${id.toString(16)} at ${p} has size ${length} beyond its parent`,
      )
    }
    yield { id, start: p + 6, end: p + length }
    p += length
  }
}

/**
 * Reads 3DS: every triangle mesh (0x4100) under a named object of the editor chunk becomes a body. 3DS stores
 * mesh vertices already in world space; the mesh matrix (0x4160) is the object's local frame, which three.js's
 * loader applies together with its inverse: the net transform is the identity, so the vertices are used as they
 * are (the matrix is still checked to be finite). 3DS has no unit: the caller's unit applies.
 */
export function read3ds(bytes: Uint8Array, options: ReadOptions): ReadResult {
  if (bytes.length === 0) throw new AnalysisError('empty_file', 'The file is empty')
  if (!isTds(bytes))
    throw new AnalysisError('tds_invalid_chunk', 'The file does not start with a 3DS main chunk')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const bodies: IndexedMesh[] = []
  let trianglesRead = 0
  const mainLength = view.getUint32(2, true)
  if (mainLength < 6 || mainLength > bytes.length) {
    throw new AnalysisError(
      'tds_invalid_chunk',
      `The 3DS main chunk claims ${mainLength} bytes of ${bytes.length}`,
    )
  }

  const readMesh = (chunk: Chunk, name: string): void => {
    let positions: Float32Array | undefined
    let faces: Uint16Array | undefined
    for (const sub of chunks(view, chunk.start, chunk.end)) {
      if (sub.id === POINT_ARRAY) {
        const n = need(sub, 2, () => view.getUint16(sub.start, true))
        if (sub.start + 2 + n * 12 > sub.end)
          throw new AnalysisError('tds_invalid_chunk', 'A 3DS point array runs past its chunk')
        positions = new Float32Array(n * 3)
        for (let i = 0; i < n * 3; i++) positions[i] = view.getFloat32(sub.start + 2 + i * 4, true)
      } else if (sub.id === FACE_ARRAY) {
        const n = need(sub, 2, () => view.getUint16(sub.start, true))
        if (sub.start + 2 + n * 8 > sub.end)
          throw new AnalysisError('tds_invalid_chunk', 'A 3DS face array runs past its chunk')
        faces = new Uint16Array(n * 3)
        for (let i = 0; i < n; i++) {
          const o = sub.start + 2 + i * 8
          faces[i * 3] = view.getUint16(o, true)
          faces[i * 3 + 1] = view.getUint16(o + 2, true)
          faces[i * 3 + 2] = view.getUint16(o + 4, true)
        }
        // material and smoothing groups follow as sub-chunks; validate their bounds only
        for (const _ of chunks(view, sub.start + 2 + n * 8, sub.end)) void _
      } else if (sub.id === MESH_MATRIX) {
        if (sub.end - sub.start < 48)
          throw new AnalysisError('tds_invalid_chunk', 'A 3DS mesh matrix is too short')
        for (let i = 0; i < 12; i++) {
          if (!Number.isFinite(view.getFloat32(sub.start + i * 4, true))) {
            throw new AnalysisError('non_finite_coordinate', 'A 3DS mesh matrix is not finite')
          }
        }
      }
    }
    if (positions === undefined || faces === undefined || faces.length === 0) return
    const vertexCount = positions.length / 3
    const welder = new VertexWelder(vertexCount, options.limits.maxVertices)
    const remap = new Uint32Array(vertexCount)
    for (let i = 0; i < vertexCount; i++)
      remap[i] = welder.add(positions[i * 3]!, positions[i * 3 + 1]!, positions[i * 3 + 2]!)
    const indices = new Uint32Array(faces.length)
    for (let i = 0; i < faces.length; i++) {
      const f = faces[i]!
      if (f >= vertexCount)
        throw new AnalysisError('index_out_of_range', `3DS face refers to vertex ${f} of ${vertexCount}`)
      indices[i] = remap[f]!
    }
    trianglesRead += faces.length / 3
    if (trianglesRead > options.limits.maxTriangles)
      throw new AnalysisError('limit_exceeded', 'Too many triangles')
    const welded = welder.finish()
    scalePositions(welded, options.unitScaleToMm)
    bodies.push({ name, positions: welded, indices })
    if (bodies.length > options.limits.maxBodies)
      throw new AnalysisError('limit_exceeded', 'Too many 3DS meshes')
  }

  const walk = (from: number, end: number, depth: number): void => {
    if (depth > MAX_DEPTH) throw new AnalysisError('tds_invalid_chunk', '3DS chunks nest too deeply')
    for (const chunk of chunks(view, from, end)) {
      if (chunk.id === EDITOR) {
        walk(chunk.start, chunk.end, depth + 1)
      } else if (chunk.id === NAMED_OBJECT) {
        let p = chunk.start
        while (p < chunk.end && bytes[p] !== 0) p++
        if (p >= chunk.end)
          throw new AnalysisError('tds_invalid_chunk', 'A 3DS object name is not terminated')
        const name = Buffer.from(bytes.buffer, bytes.byteOffset + chunk.start, p - chunk.start).toString(
          'latin1',
        )
        for (const sub of chunks(view, p + 1, chunk.end))
          if (sub.id === TRI_MESH) readMesh(sub, name || `object ${bodies.length + 1}`)
      }
    }
  }
  walk(6, mainLength, 0)
  if (trianglesRead === 0) throw new AnalysisError('no_triangles', 'The 3DS holds no triangle meshes')
  return { bodies, unitSource: 'caller', unitScaleToMm: options.unitScaleToMm, trianglesRead }

  function need(chunk: Chunk, bytesNeeded: number, read: () => number): number {
    if (chunk.start + bytesNeeded > chunk.end)
      throw new AnalysisError('tds_invalid_chunk', '3DS chunk too short')
    return read()
  }
}
