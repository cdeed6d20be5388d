import type { Db } from '#server/db/db.ts'

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
