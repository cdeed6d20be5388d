import { type WorkMesh } from './work-mesh.ts'

/** Marks faces that repeat a vertex index (zero area by construction) as dead; returns how many. */
export function removeDegenerateFaces(mesh: WorkMesh): number {
  const { indices, alive } = mesh
  let removed = 0
  for (let f = 0; f < alive.length; f++) {
    if (alive[f] === 0) continue
    const a = indices[3 * f]!
    const b = indices[3 * f + 1]!
    const c = indices[3 * f + 2]!
    if (a === b || b === c || a === c) {
      alive[f] = 0
      removed++
    }
  }
  return removed
}
