import type { Db } from '#server/db/db.ts'

/**
 * The cart rows retention removes (decision 0077), in batches so one run never holds the (single, on PGlite)
 * database connection for long. Files are the caller's: it removes them after the rows.
 */

/**
 * What holds a cart beyond its own age. An ordered cart (ordered_at, migration 009) is never abandoned: its items
 * hold the uploads the order is produced from, so it is excluded in the query itself.
 */
const CART_HOLDERS: readonly string[] = []

/**
 * Holds an upload while a cart item names it (a correlated subquery over `model_files mf`, handed to the analysis
 * module's retention). Carts are removed only when abandoned, so "in a cart" means "in a cart someone may still
 * come back to".
 */
export const CART_ITEM_HOLDS_MODEL_FILE = 'SELECT 1 FROM cart_items ci WHERE ci.model_file_id = mf.id'

export interface RemovedCarts {
  cartIds: string[]
  /** Preview images of the removed items (thumbnails folder, cart-items/). */
  thumbnailNames: string[]
  /** Attachments of the removed items (DATA_DIR/cart-attachments/<id>). */
  attachmentIds: string[]
}

function notHeld(holders: readonly string[]): string {
  return holders.map((holder) => `AND NOT EXISTS (${holder})`).join(' ')
}

export function createCartRetentionRepo(db: Db) {
  return {
    /** Up to `limit` carts unchanged for `days` days, removed with their items and attachments rows. */
    async removeAbandonedCarts(days: number, limit: number): Promise<RemovedCarts> {
      return db.transaction(async (tx) => {
        const { rows: carts } = await tx.query<{ id: string }>(
          `SELECT c.id FROM carts c
            WHERE c.updated_at < now() - $1 * interval '1 day' AND c.ordered_at IS NULL
              ${notHeld(CART_HOLDERS)}
            ORDER BY c.updated_at LIMIT $2 FOR UPDATE`,
          [days, limit],
        )
        const cartIds = carts.map((cart) => cart.id)
        if (cartIds.length === 0) return { cartIds, thumbnailNames: [], attachmentIds: [] }
        const { rows: thumbnails } = await tx.query<{ thumbnail_name: string }>(
          'SELECT thumbnail_name FROM cart_items WHERE cart_id = ANY($1) AND thumbnail_name IS NOT NULL',
          [cartIds],
        )
        const { rows: attachments } = await tx.query<{ id: string }>(
          `SELECT a.id FROM cart_item_attachments a JOIN cart_items i ON i.id = a.cart_item_id
            WHERE i.cart_id = ANY($1)`,
          [cartIds],
        )
        await tx.query('DELETE FROM carts WHERE id = ANY($1)', [cartIds])
        return {
          cartIds,
          thumbnailNames: thumbnails.map((row) => row.thumbnail_name),
          attachmentIds: attachments.map((row) => row.id),
        }
      })
    },
  }
}
