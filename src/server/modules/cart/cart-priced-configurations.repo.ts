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
  priced_at: Date | string
}

/**
 * The newest priced cart items of a print mode, for the sheet replay (decision 0104): the cart owns the rows, the
 * pricing module asks through the composition root. Ordered carts are left out: their items are the order's lines,
 * which the orders module hands over (decision 0114), and must not count twice.
 */
export function createCartPricedConfigurations(db: Queryable) {
  return {
    async recent(
      printModeId: string,
      whiteLabelId: string | undefined,
      limit: number,
    ): Promise<PricedConfiguration[]> {
      const { rows } = await db.query<Row>(
        `SELECT i.model_file_id, i.unit_of_length, i.scale, i.quantity, i.color_id, i.surface_finish_id,
                i.unit_net_cents::text AS unit_net_cents, i.priced_at
         FROM cart_items i JOIN carts c ON c.id = i.cart_id
         WHERE i.print_mode_id = $1 AND ($2::text IS NULL OR c.white_label_id = $2) AND c.ordered_at IS NULL
         ORDER BY i.priced_at DESC, i.id
         LIMIT $3`,
        [printModeId, whiteLabelId ?? null, limit],
      )
      return rows.map((row) => ({
        source: 'cart',
        pricedAt: new Date(row.priced_at).toISOString(),
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
