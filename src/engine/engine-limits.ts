/**
 * Resource bounds of one analysis. Every reader checks them before allocating, so a hostile file ends with
 * `limit_exceeded` / `zip_too_large` instead of exhausting memory. Callers may tighten them per request.
 */
export interface EngineLimits {
  /** Triangles over all bodies after reading (a 100 MB binary STL holds 2M). */
  maxTriangles: number
  /** Distinct vertices over all bodies. */
  maxVertices: number
  /** Bodies (STL solids, 3MF mesh instances, 3DS objects, STEP shapes). */
  maxBodies: number
  /** Zip entries in a 3MF, checked on the central directory before anything is inflated. */
  maxZipEntries: number
  /** Sum of inflated bytes of the zip entries we read (declared sizes are checked first, real ones while inflating). */
  maxInflatedBytes: number
  /** Nesting depth of 3MF components (cycles are rejected separately). */
  maxComponentDepth: number
  /** Objects a 3MF build may expand to: build items and component references, nested ones included (they multiply). */
  maxInstances: number
  /** XML element nesting depth. */
  maxXmlDepth: number
}

export const DEFAULT_ENGINE_LIMITS: Readonly<EngineLimits> = Object.freeze({
  maxTriangles: 20_000_000,
  maxVertices: 30_000_000,
  maxBodies: 10_000,
  maxZipEntries: 10_000,
  maxInflatedBytes: 2_000_000_000,
  maxComponentDepth: 32,
  maxInstances: 100_000,
  maxXmlDepth: 64,
})

export function resolveLimits(partial: Partial<EngineLimits> | undefined): EngineLimits {
  return { ...DEFAULT_ENGINE_LIMITS, ...partial }
}

/**
 * The server's bounds for one upload's analysis, tighter than the engine's defaults: the largest legitimate upload
 * (100 MB binary STL) holds 2 M triangles, and these bound a worker's typed arrays (which the heap limit does not
 * count) to well under 1 GB. Next to them, the least memory an analysis of n triangles needs (memory-estimate.ts),
 * measured on closed meshes, the cheapest kind per triangle (decision 0073: a 180 k and a 500 k-triangle sphere
 * peaked at 22 MB of V8 heap each, and their resident memory grew by about 100 bytes per triangle).
 */
export const SERVER_ENGINE_LIMITS: Readonly<Partial<EngineLimits>> = Object.freeze({
  maxTriangles: 4_000_000,
  maxVertices: 6_000_000,
  maxInflatedBytes: 1_000_000_000,
})
/** V8 heap of an analysis whatever its size: the engine's modules and their working state. */
export const ANALYSIS_HEAP_BASE_MB = 20
/** Typed arrays (positions, indices, per-face values) an analysis holds per triangle, at least. */
export const ANALYSIS_BYTES_PER_TRIANGLE = 100
