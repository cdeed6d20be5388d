import { type WorkMesh } from './work-mesh.ts'

/** Kills the listed faces that repeat a vertex (the weld can collapse an edge); returns how many. */
export function removeDegenerateAmong(mesh: WorkMesh, faces: Int32Array): number {
  const { indices, alive } = mesh
  let removed = 0
  for (const f of faces) {
    const a = indices[3 * f]!
    const b = indices[3 * f + 1]!
    const c = indices[3 * f + 2]!
    if (alive[f] === 1 && (a === b || b === c || a === c)) {
      alive[f] = 0
      removed++
    }
  }
  return removed
}
