import type { UnitOfLength } from '#shared/domain/limits.ts'

/**
 * The 3D file of a cart item as the cart needs it, read through an interface of its own: the cart module never
 * reads the analysis tables. app.ts wires it to the analysis module's model-file reader.
 */
export interface CartModel {
  id: string
  name: string
  givenUnitOfLength: UnitOfLength
  /** The analysed size at scale 1, in `givenUnitOfLength`. */
  dimensions: { x: number; y: number; z: number }
  /** The analysis repaired the mesh: the customer must have agreed to the repair (part 1 §5). */
  repaired: boolean
  /** The uploaded file's SHA-256 (kept on an order line). */
  sha256: string
}

export interface CartModelLookup {
  /** The analysed model file, or undefined for an unknown id or an analysis that has not completed. */
  findModel(id: string): Promise<CartModel | undefined>
}

/** The shape of a row of `model_files` (migration 003) as the analysis module's repository returns it. */
export interface ModelFileSource {
  findModelFile(id: string): Promise<
    | {
        id: string
        name: string
        given_unit_of_length: UnitOfLength
        state: string
        analysed_properties: { dimensions: { x: number; y: number; z: number } } | null
        repair_info: unknown
        sha256: string
      }
    | undefined
  >
}

export function createCartModelLookup(source: ModelFileSource): CartModelLookup {
  return {
    async findModel(id) {
      const row = await source.findModelFile(id)
      if (row === undefined || row.state !== 'analysed' || row.analysed_properties === null) return undefined
      const { x, y, z } = row.analysed_properties.dimensions
      return {
        id: row.id,
        name: row.name,
        givenUnitOfLength: row.given_unit_of_length,
        dimensions: { x, y, z },
        repaired: row.repair_info !== null && row.repair_info !== undefined,
        sha256: row.sha256,
      }
    },
  }
}
