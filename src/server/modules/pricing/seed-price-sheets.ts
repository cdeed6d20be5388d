import type { Queryable } from '#server/db/db.ts'
import { seedMethods } from '#server/db/seed-data/catalogue.ts'
import { createPriceSheetRepo } from '#server/modules/pricing/price-sheet.repo.ts'
import {
  DEFAULT_PRICE_SHEETS,
  type DefaultPrintModeKey,
} from '#server/modules/pricing/sheet/default-sheets.ts'

/** Which default sheet prices the seeded print modes of each method (seed-data/catalogue.ts keys). */
const SHEET_BY_METHOD: Record<string, DefaultPrintModeKey> = {
  fdm: 'fdm',
  sls: 'sls',
  mjf: 'mjf',
  sla: 'sla',
  dlp: 'sla',
  polyjet: 'polyjet',
  slm: 'metal',
}

/**
 * Seed step: version 1 of the default white label's sheet for every print mode that has none, picked by the print
 * mode's method as the seed named it. Print modes whose method the shop renamed or added get no sheet (pricing
 * them answers 422 until staff save one). Returns the number of sheets written.
 */
export async function seedDefaultPriceSheets(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ print_mode_id: string; white_label_id: string; method_name: string }>(
    `SELECT pm.id AS print_mode_id, wl.id AS white_label_id, me.name->>'de' AS method_name
     FROM print_modes pm
     JOIN methods me ON me.id = pm.method_id
     CROSS JOIN white_labels wl
     WHERE wl.is_default
       AND NOT EXISTS (SELECT 1 FROM price_sheets ps WHERE ps.print_mode_id = pm.id AND ps.white_label_id = wl.id)
     ORDER BY pm.sort_order, pm.id`,
  )
  const methodKeyByName = new Map(Object.entries(seedMethods).map(([key, name]) => [name.de, key]))
  const repo = createPriceSheetRepo(tx)
  let written = 0
  for (const row of rows) {
    const methodKey = methodKeyByName.get(row.method_name)
    const sheetKey = methodKey === undefined ? undefined : SHEET_BY_METHOD[methodKey]
    const sheet = DEFAULT_PRICE_SHEETS.find((candidate) => candidate.printModeKey === sheetKey)
    if (sheet === undefined) continue
    await repo.saveVersion(tx, {
      printModeId: row.print_mode_id,
      whiteLabelId: row.white_label_id,
      draft: sheet.draft,
      userId: null,
    })
    written++
  }
  return written
}
