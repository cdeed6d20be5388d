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
