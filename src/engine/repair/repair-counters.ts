/**
 * Repair counters of one body (or summed over bodies). Exact definitions: src/engine/README.md "Counters".
 * The first four are the spec's `repairInfo` fields.
 */
export interface RepairCounters {
  numberOfMergedVertexPairs: number
  numberOfFlippedPolygons: number
  numberOfRemovedFlatOpenShells: number
  numberOfClosedOpenLoops: number
  numberOfRemovedDegenerateFaces: number
  numberOfRemovedDuplicateFaces: number
  /** Open half-edges left after repair (boundary chains that do not close). */
  openEdgesLeft: number
  /** Non-manifold half-edges left after repair (edges used by three or more faces). */
  nonManifoldEdgesLeft: number
}

export function emptyCounters(): RepairCounters {
  return {
    numberOfMergedVertexPairs: 0,
    numberOfFlippedPolygons: 0,
    numberOfRemovedFlatOpenShells: 0,
    numberOfClosedOpenLoops: 0,
    numberOfRemovedDegenerateFaces: 0,
    numberOfRemovedDuplicateFaces: 0,
    openEdgesLeft: 0,
    nonManifoldEdgesLeft: 0,
  }
}

export function addCounters(a: RepairCounters, b: RepairCounters): RepairCounters {
  const out = emptyCounters()
  for (const key of Object.keys(out) as Array<keyof RepairCounters>) out[key] = a[key] + b[key]
  return out
}

/** True if the repair changed the geometry (degenerate/duplicate removal alone is still a repair). */
export function anyRepair(c: RepairCounters): boolean {
  return (
    c.numberOfMergedVertexPairs +
      c.numberOfFlippedPolygons +
      c.numberOfRemovedFlatOpenShells +
      c.numberOfClosedOpenLoops +
      c.numberOfRemovedDegenerateFaces +
      c.numberOfRemovedDuplicateFaces >
    0
  )
}
