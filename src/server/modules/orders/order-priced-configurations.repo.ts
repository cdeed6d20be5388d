import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { Queryable } from '#server/db/db.ts'
import type { PricedConfiguration } from '#server/modules/pricing/pricing.module.ts'

interface Row {
  model_file_id: string
  unit_of_length: UnitOfLength
  scale: number
  quantity: number
  color_id: string | null
  surface_finish_id: string | null
  unit_net_cents: string
  created_at: Date | string
}

/**
 * The newest order lines of a print mode, for the sheet replay (decisions 0104, 0114): each line's frozen
 * configuration and the unit net price the customer ordered at. Quotes and cancelled orders count too: their
 * customers were shown that price. The orders module owns the rows; pricing asks through the composition root.
 */
export function createOrderPricedConfigurations(db: Queryable) {
  return {
    async recent(
      printModeId: string,
      whiteLabelId: string | undefined,
      limit: number,
    ): Promise<PricedConfiguration[]> {
      const { rows } = await db.query<Row>(
        `SELECT l.model_file_id, l.unit_of_length, l.scale, l.quantity, l.color_id, l.surface_finish_id,
                l.unit_net_cents::text AS unit_net_cents, o.created_at
         FROM order_lines l JOIN orders o ON o.id = l.order_id
         WHERE l.print_mode_id = $1 AND ($2::text IS NULL OR o.white_label_id = $2)
         ORDER BY o.created_at DESC, l.order_id, l.position
         LIMIT $3`,
        [printModeId, whiteLabelId ?? null, limit],
      )
      return rows.map((row) => ({
        source: 'order',
        pricedAt: new Date(row.created_at).toISOString(),
        modelFileId: row.model_file_id,
        unit: row.unit_of_length,
        scale: row.scale,
        quantity: row.quantity,
        colorId: row.color_id,
        finishId: row.surface_finish_id,
        unitNetCents: Number(row.unit_net_cents),
      }))
    },
  }
}
