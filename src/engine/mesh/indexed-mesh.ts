/**
 * The internal mesh of one body: float32 positions (x, y, z per vertex, millimetres after unit conversion) and
 * uint32 triangle indices (three per face, counter-clockwise seen from outside once repaired).
 */
export interface IndexedMesh {
  name: string
  positions: Float32Array
  indices: Uint32Array
}

export function triangleCount(mesh: IndexedMesh): number {
  return mesh.indices.length / 3
}

export function vertexCount(mesh: IndexedMesh): number {
  return mesh.positions.length / 3
}
