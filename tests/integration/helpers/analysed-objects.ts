import { createHash } from 'node:crypto'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { AnalysedProperties as AnalysedPropertiesContract } from '#shared/contracts/analysis.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { AnalysedObject, AnalysedObjectRepo } from '#server/modules/analysis/analysis.module.ts'
import type { AnalysedProperties } from '#server/modules/pricing/price-configuration.ts'

/** A box of x × y × z in the file's unit, as the analysis would report it (closed, printable). */
export function boxProperties(x: number, y: number, z: number): AnalysedPropertiesContract {
  const [minX, maxY, maxX] = [x, y, z].sort((a, b) => a - b) as [number, number, number]
  const volume = x * y * z
  return {
    dimensions: { x, y, z },
    volume,
    surfaceArea: 2 * (x * y + y * z + x * z),
    shells: 1,
    watertight: true,
    printable: true,
    internalVolume: volume,
    externalVolume: volume,
    minX,
    maxX,
    maxY,
  }
}

function toPricing(
  properties: AnalysedPropertiesContract,
  histogram: AnalysedProperties['wallThickness'] = null,
): AnalysedProperties {
  return {
    dimensions: properties.dimensions,
    internalVolume: properties.internalVolume,
    externalVolume: properties.externalVolume,
    surfaceArea: properties.surfaceArea,
    minX: properties.minX,
    maxX: properties.maxX,
    maxY: properties.maxY,
    printable: properties.printable,
    wallThickness: histogram,
  }
}

/** The test double of the analysed-object repository: objects live in a map, and reads are counted. */
export function createMemoryAnalysedObjectRepo() {
  const objects = new Map<string, AnalysedObject>()
  let reads = 0
  const repo: AnalysedObjectRepo & {
    add(
      properties: AnalysedPropertiesContract,
      options?: { unitFromFile?: boolean; histogram?: AnalysedProperties['wallThickness'] },
    ): string
    /** Takes an object away, as a deleted upload. */
    remove(id: string): void
    readonly reads: number
  } = {
    async findAnalysedObject(id) {
      reads++
      return objects.get(id)
    },
    add(properties, options = {}) {
      const id = newId()
      objects.set(id, {
        id,
        unitFromFile: options.unitFromFile ?? false,
        properties: toPricing(properties, options.histogram ?? null),
      })
      return id
    },
    remove(id) {
      objects.delete(id)
    },
    get reads() {
      return reads
    },
  }
  return repo
}

/**
 * An analysed upload as the analysis module stores it (migration 003, state `analysed`): what pricing reads in
 * production. `format` decides whether the numbers are the file's own millimetres (3MF, STEP).
 */
export async function insertAnalysedModelFile(
  db: Queryable,
  options: {
    properties: AnalysedPropertiesContract
    format?: 'stl' | 'ply' | '3mf' | '3ds' | 'step'
    givenUnitOfLength?: UnitOfLength
    histogram?: { binEdgesMm: (number | null)[]; areaMm2: number[] } | null
    state?: 'analysing' | 'analysed' | 'failed'
  },
): Promise<string> {
  const id = newId()
  const state = options.state ?? 'analysed'
  const analysed = state === 'analysed'
  await db.query(
    `INSERT INTO model_files (id, name, original_file_name, format, size_bytes, sha256, given_unit_of_length, state,
       analysed_properties, files, front_pictures, printable, thickness_histogram, triangles, result_dir)
     VALUES ($1, 'part', 'part.stl', $2, 1000, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10::jsonb, $11, $12)`,
    [
      id,
      options.format ?? 'stl',
      createHash('sha256').update(id).digest('hex'),
      options.givenUnitOfLength ?? 'mm',
      state,
      analysed ? JSON.stringify(options.properties) : null,
      analysed ? JSON.stringify({ '3mf': `/file/${id}/model.3mf`, repaired: null }) : null,
      analysed ? JSON.stringify({}) : null,
      analysed ? options.properties.printable : null,
      options.histogram ? JSON.stringify(options.histogram) : null,
      analysed ? 12 : null,
      analysed ? 'run-1-test' : null,
    ],
  )
  return id
}
