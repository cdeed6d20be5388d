import type { Db } from '#server/db/db.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { pricingRequestOf } from '#machines/pricing/pricing-request.ts'

/**
 * The print mode × finish × colour configurations the seeded catalogue offers, in catalogue order: the set both
 * pricing benches (over sockets and in process) price, so their figures compare.
 */
export interface BenchConfiguration {
  printModeId: string
  surfaceFinishId: string
  printModeColorId: string
}

export async function catalogueConfigurations(db: Db): Promise<BenchConfiguration[]> {
  const { rows } = await db.query<{ print_mode_id: string; finish_id: string; color_id: string }>(
    `SELECT pmsf.print_mode_id, pmsf.surface_finish_id AS finish_id, csf.color_id
     FROM print_mode_surface_finishes pmsf
     JOIN print_modes pm ON pm.id = pmsf.print_mode_id
     JOIN color_surface_finishes csf ON csf.surface_finish_id = pmsf.surface_finish_id
     JOIN colors c ON c.id = csf.color_id AND c.print_mode_id = pmsf.print_mode_id
     ORDER BY pm.sort_order, pmsf.sort_order, c.sort_order`,
  )
  return rows.map((row) => ({
    printModeId: row.print_mode_id,
    surfaceFinishId: row.finish_id,
    printModeColorId: row.color_id,
  }))
}

/** The quantity field of a template's text: a new configuration replaces it. */
const QUANTITY = '"objectQuantity":3,'

/**
 * The requests the shop's client sends (`pricingRequestOf` of the pricing machine, on the print modes the server
 * lists) with each configuration in turn as the selection, at scale 1.25 mm: per selection the text before and
 * after its quantity field, so a bench writes a new configuration by putting another quantity between them.
 */
export function clientRequestTemplates(
  objectId: string,
  configurations: readonly BenchConfiguration[],
  printModes: readonly PrintMode[],
): [string, string][] {
  return configurations.map((selection) => {
    const request = pricingRequestOf(
      { objectId, objectScale: 1.25, objectUnitLength: 'mm', objectQuantity: 3, ...selection },
      printModes,
    )
    const text = JSON.stringify(request)
    if (request === null || !text.includes(QUANTITY)) throw new Error('no request template for a selection')
    const [head, tail] = text.split(QUANTITY)
    return [head!, tail!]
  })
}

/** A template's request with `quantity`. */
export const withQuantity = ([head, tail]: [string, string], quantity: number): string =>
  `${head}"objectQuantity":${quantity},${tail}`
