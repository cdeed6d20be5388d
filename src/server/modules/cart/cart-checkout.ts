import type { Locale, UnitOfLength } from '#shared/domain/limits.ts'
import type { CartItemInput } from '#shared/contracts/cart.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Queryable } from '#server/db/db.ts'
import type { CartContext } from '#server/modules/cart/cart-context.ts'
import { atItem, cartNotFound } from '#server/modules/cart/cart-errors.ts'
import type { CartModelLookup } from '#server/modules/cart/cart-models.ts'
import type { CartItemPrice } from '#server/modules/cart/cart-pricing.ts'
import type { AttachmentRow, CartItemRow, CartRow } from '#server/modules/cart/cart.repo.ts'
import type { CartService } from '#server/modules/cart/cart.service.ts'

/**
 * The cart as checkout needs it (issue 16): a priced snapshot taken before the order's transaction, the cart row's
 * lock and its version inside it, and "ordered" written in it. The orders module never reads the cart tables.
 */

/** One cart item, frozen for an order line: names in the order's language, the server's current price. */
export interface CartOrderLine {
  itemId: string
  modelFileId: string
  modelName: string
  unit: UnitOfLength
  scale: number
  quantity: number
  dimensions: { x: number; y: number; z: number }
  printModeId: string
  printModeName: string
  surfaceFinishId: string | null
  surfaceFinishName: string | null
  colorId: string | null
  colorName: string | null
  thumbnailName: string | null
  unitNetCents: number
  lineNetCents: number
  productionTimeDays: number
  sheetVersion: string
  fileSha256: string
  repaired: boolean
  attachments: { _id: string; fileName: string }[]
}

export interface CartOrderSnapshot {
  cartId: string
  whiteLabelId: string
  /** The cart row's version (xmin) the snapshot was read at; placement compares it under the lock. */
  version: string
  ordered: boolean
  lines: CartOrderLine[]
}

export interface CartCheckout {
  /** The cart priced now; undefined for an unknown cart. Throws 422 when an item cannot be priced or produced. */
  snapshot(cartId: string, locale: Locale): Promise<CartOrderSnapshot | undefined>
  /** Locks the cart row in the order's transaction; its version and whether it is ordered already. */
  lockForOrder(tx: Queryable, cartId: string): Promise<{ version: string; ordered: boolean } | undefined>
  markOrdered(tx: Queryable, cartId: string): Promise<void>
  /** A new cart of the white label with these configurations (a re-order); its id. */
  createCartWith(whiteLabelId: string, locale: Locale, items: readonly ReorderItem[]): Promise<string>
}

export interface ReorderItem {
  objectId: string
  quantity: number
  scale: number
  printModeId: string
  surfaceFinishId: string | null
  colorId: string | null
}

const notProducible = (index: number) =>
  new AppError(ErrorCode.ValidationFailed, 'An item cannot be produced in this size', {
    issues: [{ path: ['items', index], code: 'not_producible' }],
    details: { item: index },
  })

/** The item's price now: the stored snapshot while current, else priced again (and stored, like a read). */
async function currentPrice(
  context: CartContext,
  cart: CartRow,
  row: CartItemRow,
  index: number,
): Promise<CartItemPrice> {
  const revision = await context.pricing.revision()
  try {
    const price = await context.pricing.priceItem(cart.white_label_id, {
      objectId: row.model_file_id,
      scale: row.scale,
      unit: row.unit_of_length,
      quantity: row.quantity,
      printModeId: row.print_mode_id,
      surfaceFinishId: row.surface_finish_id,
      colorId: row.color_id,
    })
    if (row.catalogue_revision !== revision) await context.repo.storeRepricing(row, price, revision)
    return price
  } catch (error) {
    if (error instanceof AppError) throw atItem(error, ['items'], index)
    throw error
  }
}

async function orderLineOf(
  context: CartContext,
  models: CartModelLookup,
  input: { cart: CartRow; row: CartItemRow; attachments: readonly AttachmentRow[]; locale: Locale },
  index: number,
): Promise<CartOrderLine> {
  const { cart, row, locale } = input
  const price = await currentPrice(context, cart, row, index)
  if (price.tooLarge || price.tooSmall) throw notProducible(index)
  const model = await models.findModel(row.model_file_id)
  if (model === undefined) throw atItem(cartNotFound(), ['items'], index)
  const mode = await context.pricing.printMode(cart.white_label_id, locale, row.print_mode_id)
  const finish = mode?.surfaceFinishes.find((candidate) => candidate.id === price.surfaceFinishId)
  const color = mode?.colors.find((candidate) => candidate.id === price.colorId)
  return {
    itemId: row.id,
    modelFileId: row.model_file_id,
    modelName: row.model_name,
    unit: row.unit_of_length,
    scale: row.scale,
    quantity: row.quantity,
    dimensions: row.model_dimensions,
    printModeId: row.print_mode_id,
    printModeName: mode?.name ?? row.print_mode_id,
    surfaceFinishId: price.surfaceFinishId,
    surfaceFinishName: finish?.properties.name ?? null,
    colorId: price.colorId,
    colorName: color?.name ?? null,
    thumbnailName: row.thumbnail_name,
    unitNetCents: price.unitNetCents,
    lineNetCents: price.lineNetCents,
    productionTimeDays: price.productionTimeDays,
    sheetVersion: price.sheetVersion,
    fileSha256: model.sha256,
    repaired: model.repaired,
    attachments: input.attachments
      .filter((attachment) => attachment.cart_item_id === row.id)
      .map((attachment) => ({ _id: attachment.id, fileName: attachment.file_name })),
  }
}

export function createCartCheckout(
  context: CartContext,
  models: CartModelLookup,
  commands: Pick<CartService, 'createCart' | 'addItems'>,
): CartCheckout {
  const { repo, db } = context
  return {
    async snapshot(cartId, locale) {
      const cart = await repo.findCart(cartId)
      if (cart === undefined) return undefined
      const { rows } = await db.query<{ version: string }>(
        'SELECT xmin::text AS version FROM carts WHERE id = $1',
        [cartId],
      )
      const version = rows[0]?.version ?? ''
      const items = await repo.listItems(cartId)
      const attachments = await repo.listAttachments(cartId)
      const lines: CartOrderLine[] = []
      // One item after the other: pricing stays one at a time, and the first bad item answers.
      if (cart.ordered !== true) {
        for (const [index, row] of items.entries())
          lines.push(await orderLineOf(context, models, { cart, row, attachments, locale }, index))
      }
      return { cartId, whiteLabelId: cart.white_label_id, version, ordered: cart.ordered === true, lines }
    },

    async lockForOrder(tx, cartId) {
      const { rows } = await tx.query<{ version: string; ordered: boolean }>(
        'SELECT xmin::text AS version, ordered_at IS NOT NULL AS ordered FROM carts WHERE id = $1 FOR UPDATE',
        [cartId],
      )
      return rows[0]
    },

    async markOrdered(tx, cartId) {
      await tx.query('UPDATE carts SET ordered_at = now() WHERE id = $1', [cartId])
    },

    async createCartWith(whiteLabelId, locale, items) {
      const { _id } = await commands.createCart(whiteLabelId)
      const inputs = items.map((item): CartItemInput => ({
        objectId: item.objectId,
        quantity: item.quantity,
        scale: item.scale,
        printModeId: item.printModeId,
        ...(item.surfaceFinishId === null ? {} : { surfaceFinishId: item.surfaceFinishId }),
        ...(item.colorId === null ? {} : { printModeColorId: item.colorId }),
        acknowledgedRepairInfo: true,
      }))
      await commands.addItems(_id, locale, inputs)
      return _id
    },
  }
}
