import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { Queryable } from '#server/db/db.ts'
import type { AttachmentKind } from '#server/modules/cart/cart-files.ts'
import type { CartItemPrice } from '#server/modules/cart/cart-pricing.ts'

/**
 * Carts, items and attachments (migration 005). Every item query names the cart too, so an item id of another
 * cart is simply not found. The functions taking a `Queryable` run inside the service's short transactions.
 */

export interface CartRow {
  id: string
  white_label_id: string
  /** The cart became an order (migration 009): reads answer 404, changes 409 cart_ordered. */
  ordered?: boolean
}

export interface ChosenProcessingStep {
  stepId: string
  optionId: string
  quantity: number
}

export interface CartItemRow {
  id: string
  cart_id: string
  position: number
  model_file_id: string
  model_name: string
  unit_of_length: UnitOfLength
  model_dimensions: { x: number; y: number; z: number }
  quantity: number
  scale: number
  print_mode_id: string
  surface_finish_id: string | null
  color_id: string | null
  acknowledged_repair_info: boolean
  processing_steps: ChosenProcessingStep[]
  thumbnail_name: string | null
  unit_net_cents: number
  unit_tax_cents: number
  line_net_cents: number
  line_tax_cents: number
  tax_rate: number
  printable: boolean
  too_large: boolean
  too_small: boolean
  production_time_days: number
  sheet_version: string
  catalogue_revision: number
  revision: number
}

export interface AttachmentRow {
  id: string
  cart_item_id: string
  file_name: string
  kind: AttachmentKind
}

/**
 * A cart with everything a read shows, from one statement (one consistent snapshot). `version` is the cart row's
 * `xmin`: every change of a cart updates its row (`touchCart`, under the cart's lock), so a new version means new
 * contents, in this process or any other.
 */
export interface CartSnapshot {
  cart: CartRow
  version: string
  items: CartItemRow[]
  attachments: AttachmentRow[]
}

/** An item's configuration as stored (the model as it was when configured). */
export interface ItemConfiguration {
  modelFileId: string
  modelName: string
  unit: UnitOfLength
  dimensions: { x: number; y: number; z: number }
  quantity: number
  scale: number
  printModeId: string
  acknowledgedRepairInfo: boolean
  processingSteps: ChosenProcessingStep[]
}

const ITEM_COLUMNS = `id, cart_id, position, model_file_id, model_name, unit_of_length, model_dimensions, quantity,
  scale, print_mode_id, surface_finish_id, color_id, acknowledged_repair_info, processing_steps, thumbnail_name,
  unit_net_cents, unit_tax_cents, line_net_cents, line_tax_cents, tax_rate, printable, too_large, too_small,
  production_time_days, sheet_version, catalogue_revision, revision`

const json = (value: unknown) => JSON.stringify(value)

/**
 * The whole cart in one statement: on the embedded database every statement is several round trips into the
 * engine, so a read of three statements cost three times the one. Items and attachments come back as JSON arrays
 * (bigint and double columns become JSON numbers, the jsonb columns nested values: the same JavaScript values as
 * the column-wise queries on both engines).
 */
const READ_CART = `SELECT c.id, c.white_label_id, c.xmin::text AS version,
    COALESCE((SELECT json_agg(i ORDER BY i.position)
                FROM (SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = c.id) i), '[]'::json) AS items,
    COALESCE((SELECT json_agg(json_build_object('id', a.id, 'cart_item_id', a.cart_item_id,
                                                'file_name', a.file_name, 'kind', a.kind)
                              ORDER BY a.created_at, a.id)
                FROM cart_item_attachments a JOIN cart_items i ON i.id = a.cart_item_id
               WHERE i.cart_id = c.id), '[]'::json) AS attachments
  FROM carts c WHERE c.id = $1 AND c.ordered_at IS NULL`

/** The price columns in the order of `priceParams`. */
const PRICE_ASSIGNMENTS = `surface_finish_id = $3, color_id = $4, unit_net_cents = $5, unit_tax_cents = $6,
  line_net_cents = $7, line_tax_cents = $8, tax_rate = $9, printable = $10, too_large = $11, too_small = $12,
  production_time_days = $13, sheet_version = $14, catalogue_revision = $15, priced_at = now()`

function priceParams(price: CartItemPrice, catalogueRevision: number): unknown[] {
  return [
    price.surfaceFinishId,
    price.colorId,
    price.unitNetCents,
    price.unitTaxCents,
    price.lineNetCents,
    price.lineTaxCents,
    price.taxRatePercent,
    price.printable,
    price.tooLarge,
    price.tooSmall,
    price.productionTimeDays,
    price.sheetVersion,
    catalogueRevision,
  ]
}

/** The cart rows: created, read whole, versioned, locked and touched by every change. */
function createCartRowRepo(db: Queryable) {
  return {
    async insertCart(id: string, whiteLabelId: string): Promise<void> {
      await db.query('INSERT INTO carts (id, white_label_id) VALUES ($1, $2)', [id, whiteLabelId])
    },

    async findCart(id: string, q: Queryable = db): Promise<CartRow | undefined> {
      const { rows } = await q.query<CartRow>(
        'SELECT id, white_label_id, ordered_at IS NOT NULL AS ordered FROM carts WHERE id = $1',
        [id],
      )
      return rows[0]
    },

    async readCart(id: string): Promise<CartSnapshot | undefined> {
      const { rows } = await db.query<CartRow & Omit<CartSnapshot, 'cart'>>(READ_CART, [id])
      const row = rows[0]
      if (row === undefined) return undefined
      return {
        cart: { id: row.id, white_label_id: row.white_label_id },
        version: row.version,
        items: row.items,
        attachments: row.attachments,
      }
    },

    /** The current version of each cart that exists (see {@link CartSnapshot}), for many carts in one statement. */
    async cartVersions(ids: readonly string[]): Promise<Map<string, string>> {
      const { rows } = await db.query<{ id: string; version: string }>(
        'SELECT id, xmin::text AS version FROM carts WHERE id = ANY($1::text[]) AND ordered_at IS NULL',
        [ids],
      )
      return new Map(rows.map((row) => [row.id, row.version]))
    },

    /** Locks the cart row until the transaction ends: changes of one cart run one after the other. */
    async lockCart(tx: Queryable, id: string): Promise<CartRow | undefined> {
      const { rows } = await tx.query<CartRow>(
        'SELECT id, white_label_id, ordered_at IS NOT NULL AS ordered FROM carts WHERE id = $1 FOR UPDATE',
        [id],
      )
      return rows[0]
    },

    async touchCart(tx: Queryable, id: string): Promise<void> {
      await tx.query('UPDATE carts SET updated_at = now() WHERE id = $1', [id])
    },
  }
}

/** The items: counted and listed. */
function createCartItemReadRepo(db: Queryable) {
  return {
    async countItems(tx: Queryable, cartId: string): Promise<{ count: number; nextPosition: number }> {
      const { rows } = await tx.query<{ count: number; next_position: number }>(
        `SELECT count(*)::int AS count, (COALESCE(max(position), -1) + 1)::int AS next_position
           FROM cart_items WHERE cart_id = $1`,
        [cartId],
      )
      return { count: rows[0]?.count ?? 0, nextPosition: rows[0]?.next_position ?? 0 }
    },

    async listItems(cartId: string, q: Queryable = db): Promise<CartItemRow[]> {
      const { rows } = await q.query<CartItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = $1 ORDER BY position`,
        [cartId],
      )
      return rows
    },

    async findItem(cartId: string, itemId: string, q: Queryable = db): Promise<CartItemRow | undefined> {
      const { rows } = await q.query<CartItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = $1 AND id = $2`,
        [cartId, itemId],
      )
      return rows[0]
    },
  }
}

/** The items' configurations: written with their price, and repriced. */
function createCartItemWriteRepo(db: Queryable) {
  return {
    async insertItem(
      tx: Queryable,
      item: { id: string; cartId: string; position: number; configuration: ItemConfiguration },
      price: CartItemPrice,
      catalogueRevision: number,
    ): Promise<void> {
      const c = item.configuration
      await tx.query(
        `INSERT INTO cart_items (id, cart_id, surface_finish_id, color_id, unit_net_cents, unit_tax_cents,
           line_net_cents, line_tax_cents, tax_rate, printable, too_large, too_small, production_time_days,
           sheet_version, catalogue_revision, position, model_file_id, model_name, unit_of_length, model_dimensions,
           quantity, scale, print_mode_id, acknowledged_repair_info, processing_steps)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20::jsonb,
           $21, $22, $23, $24, $25::jsonb)`,
        [
          item.id,
          item.cartId,
          ...priceParams(price, catalogueRevision),
          item.position,
          c.modelFileId,
          c.modelName,
          c.unit,
          json(c.dimensions),
          c.quantity,
          c.scale,
          c.printModeId,
          c.acknowledgedRepairInfo,
          json(c.processingSteps),
        ],
      )
    },

    /**
     * Writes a new configuration and its price, if the item is still at `revision`; false when another change came
     * first (the caller prices again from a fresh read).
     */
    async updateItem(
      tx: Queryable,
      item: { cartId: string; id: string; revision: number; configuration: ItemConfiguration },
      price: CartItemPrice,
      catalogueRevision: number,
    ): Promise<boolean> {
      const c = item.configuration
      const { rowCount } = await tx.query(
        `UPDATE cart_items SET ${PRICE_ASSIGNMENTS}, model_file_id = $16, model_name = $17, unit_of_length = $18,
           model_dimensions = $19::jsonb, quantity = $20, scale = $21, print_mode_id = $22,
           acknowledged_repair_info = $23, processing_steps = $24::jsonb, revision = revision + 1,
           updated_at = now()
         WHERE id = $1 AND revision = $2 AND cart_id = $25`,
        [
          item.id,
          item.revision,
          ...priceParams(price, catalogueRevision),
          c.modelFileId,
          c.modelName,
          c.unit,
          json(c.dimensions),
          c.quantity,
          c.scale,
          c.printModeId,
          c.acknowledgedRepairInfo,
          json(c.processingSteps),
          item.cartId,
        ],
      )
      return rowCount > 0
    },

    /** Stores a fresh price for an unchanged configuration (a read after a catalogue change); no lock needed. */
    async storeRepricing(
      item: { id: string; revision: number },
      price: CartItemPrice,
      catalogueRevision: number,
    ): Promise<void> {
      await db.query(`UPDATE cart_items SET ${PRICE_ASSIGNMENTS} WHERE id = $1 AND revision = $2`, [
        item.id,
        item.revision,
        ...priceParams(price, catalogueRevision),
      ])
    },
  }
}

/** An item removed, and its preview image set. */
function createCartItemFileRepo() {
  return {
    /** Removes the item; returns what it held on disk (thumbnail, attachment ids), or undefined if not found. */
    async deleteItem(
      tx: Queryable,
      cartId: string,
      itemId: string,
    ): Promise<{ thumbnailName: string | null; attachmentIds: string[] } | undefined> {
      const { rows: attachments } = await tx.query<{ id: string }>(
        'SELECT id FROM cart_item_attachments WHERE cart_item_id = $1',
        [itemId],
      )
      const { rows } = await tx.query<{ thumbnail_name: string | null }>(
        'DELETE FROM cart_items WHERE cart_id = $1 AND id = $2 RETURNING thumbnail_name',
        [cartId, itemId],
      )
      const row = rows[0]
      if (row === undefined) return undefined
      return { thumbnailName: row.thumbnail_name, attachmentIds: attachments.map((a) => a.id) }
    },

    /**
     * Sets the preview image (under the cart's lock); returns the previous one's name (null if none), or undefined
     * when the cart has no such item.
     */
    async setThumbnail(
      tx: Queryable,
      cartId: string,
      itemId: string,
      name: string,
    ): Promise<{ previous: string | null } | undefined> {
      const { rows } = await tx.query<{ thumbnail_name: string | null }>(
        'SELECT thumbnail_name FROM cart_items WHERE cart_id = $1 AND id = $2',
        [cartId, itemId],
      )
      const row = rows[0]
      if (row === undefined) return undefined
      await tx.query(
        'UPDATE cart_items SET thumbnail_name = $3, updated_at = now() WHERE cart_id = $1 AND id = $2',
        [cartId, itemId, name],
      )
      return { previous: row.thumbnail_name }
    },
  }
}

/** The items' attachments. */
function createCartAttachmentRepo(db: Queryable) {
  return {
    async listAttachments(cartId: string, q: Queryable = db): Promise<AttachmentRow[]> {
      const { rows } = await q.query<AttachmentRow>(
        `SELECT a.id, a.cart_item_id, a.file_name, a.kind
           FROM cart_item_attachments a JOIN cart_items i ON i.id = a.cart_item_id
          WHERE i.cart_id = $1
          ORDER BY a.created_at, a.id`,
        [cartId],
      )
      return rows
    },

    async findAttachment(
      cartId: string,
      itemId: string,
      attachmentId: string,
    ): Promise<AttachmentRow | undefined> {
      const { rows } = await db.query<AttachmentRow>(
        `SELECT a.id, a.cart_item_id, a.file_name, a.kind
           FROM cart_item_attachments a JOIN cart_items i ON i.id = a.cart_item_id
          WHERE i.cart_id = $1 AND i.id = $2 AND a.id = $3`,
        [cartId, itemId, attachmentId],
      )
      return rows[0]
    },

    async countAttachments(tx: Queryable, itemId: string): Promise<number> {
      const { rows } = await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM cart_item_attachments WHERE cart_item_id = $1',
        [itemId],
      )
      return rows[0]?.count ?? 0
    },

    async insertAttachment(
      tx: Queryable,
      attachment: {
        id: string
        itemId: string
        fileName: string
        kind: AttachmentKind
        sizeBytes: number
        sha256: string
      },
    ): Promise<void> {
      await tx.query(
        `INSERT INTO cart_item_attachments (id, cart_item_id, file_name, kind, size_bytes, sha256)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          attachment.id,
          attachment.itemId,
          attachment.fileName,
          attachment.kind,
          attachment.sizeBytes,
          attachment.sha256,
        ],
      )
    },
  }
}

export function createCartRepo(db: Queryable) {
  return {
    ...createCartRowRepo(db),
    ...createCartItemReadRepo(db),
    ...createCartItemWriteRepo(db),
    ...createCartItemFileRepo(),
    ...createCartAttachmentRepo(db),
  }
}
export type CartRepo = ReturnType<typeof createCartRepo>
