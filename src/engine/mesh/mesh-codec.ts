import { AnalysisError } from '../analysis-error.ts'
import { type IndexedMesh } from './indexed-mesh.ts'

/**
 * The internal format stored next to an upload: all bodies of a model in one little-endian binary blob.
 *
 *   magic "SWM1" | u32 version (1) | u32 bodyCount
 *   per body: u32 vertexCount | u32 triangleCount | u32 nameBytes | name (UTF-8, zero-padded to 4)
 *             | f32 positions[3 vertexCount] | u32 indices[3 triangleCount]
 *
 * Sections are 4-byte aligned so a reader can map typed arrays straight onto the buffer.
 */
const MAGIC = 0x314d5753 // "SWM1" little-endian
const VERSION = 1

export function encodeMeshes(meshes: readonly IndexedMesh[]): Uint8Array {
  const names = meshes.map((m) => new TextEncoder().encode(m.name))
  let size = 12
  meshes.forEach((m, i) => {
    size += 12 + pad4(names[i]!.length) + m.positions.byteLength + m.indices.byteLength
  })
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  view.setUint32(0, MAGIC, true)
  view.setUint32(4, VERSION, true)
  view.setUint32(8, meshes.length, true)
  let o = 12
  meshes.forEach((m, i) => {
    const name = names[i]!
    view.setUint32(o, m.positions.length / 3, true)
    view.setUint32(o + 4, m.indices.length / 3, true)
    view.setUint32(o + 8, name.length, true)
    o += 12
    out.set(name, o)
    o += pad4(name.length)
    out.set(new Uint8Array(m.positions.buffer, m.positions.byteOffset, m.positions.byteLength), o)
    o += m.positions.byteLength
    out.set(new Uint8Array(m.indices.buffer, m.indices.byteOffset, m.indices.byteLength), o)
    o += m.indices.byteLength
  })
  return out
}

/** Decodes and validates (sizes, index range, finite coordinates); copies into fresh aligned arrays. */
export function decodeMeshes(bytes: Uint8Array): IndexedMesh[] {
  const fail = (why: string): never => {
    throw new AnalysisError('mesh_codec_invalid', why)
  }
  if (bytes.length < 12) fail('Too short for a mesh file')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(0, true) !== MAGIC) fail('Not a mesh file')
  if (view.getUint32(4, true) !== VERSION) fail('Unknown mesh file version')
  const count = view.getUint32(8, true)
  const meshes: IndexedMesh[] = []
  let o = 12
  for (let b = 0; b < count; b++) {
    if (o + 12 > bytes.length) fail('Truncated mesh file')
    const vertices = view.getUint32(o, true)
    const triangles = view.getUint32(o + 4, true)
    const nameBytes = view.getUint32(o + 8, true)
    o += 12
    const need = pad4(nameBytes) + vertices * 12 + triangles * 12
    if (o + need > bytes.length) fail('Truncated mesh file')
    const name = new TextDecoder().decode(bytes.subarray(o, o + nameBytes))
    o += pad4(nameBytes)
    const positions = new Float32Array(vertices * 3)
    new Uint8Array(positions.buffer).set(bytes.subarray(o, o + vertices * 12))
    o += vertices * 12
    const indices = new Uint32Array(triangles * 3)
    new Uint8Array(indices.buffer).set(bytes.subarray(o, o + triangles * 12))
    o += triangles * 12
    for (let i = 0; i < positions.length; i++)
      if (!Number.isFinite(positions[i]!)) fail('Non-finite coordinate')
    for (let i = 0; i < indices.length; i++) if (indices[i]! >= vertices) fail('Index out of range')
    meshes.push({ name, positions, indices })
  }
  if (o !== bytes.length) fail('Trailing bytes after the last body')
  return meshes
}

function pad4(n: number): number {
  return (n + 3) & ~3
}
