import type { Locale } from '#shared/domain/limits.ts'
import type {
  AddCartItemsResponse,
  CartItemInput,
  CartItemPatch,
  CartItemsResponse,
  CreateCartResponse,
} from '#shared/contracts/cart.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import type { CartContext } from '#server/modules/cart/cart-context.ts'
import { invalid, itemNotFound } from '#server/modules/cart/cart-errors.ts'
import type { Prepared } from '#server/modules/cart/cart-item-pricing.ts'
import { CART_MAX_ITEMS } from '#server/modules/cart/cart-limits.ts'
import { wantedOfInput, wantedOfPatch } from '#server/modules/cart/cart-wanted.ts'
import type { CartRow } from '#server/modules/cart/cart.repo.ts'

/** How often a change is priced again when other changes of the same item keep overtaking it. */
const CHANGE_ATTEMPTS = 5

/** Prices the inputs one after the other: the first bad item answers, and pricing stays one at a time. */
async function prepareAll(context: CartContext, cart: CartRow, inputs: readonly CartItemInput[]) {
  const prepared: Prepared[] = []
  for (const [index, input] of inputs.entries()) {
    prepared.push(
      await context.itemPricing.prepare(cart, wantedOfInput(input), {
        at: ['items', index],
        index,
        checkRepair: true,
        checkPrintable: true,
      }),
    )
  }
  return prepared
}

/** The patch changes what is printed (not only the quantity or the acknowledgement): printability is checked. */
function changesConfiguration(patch: CartItemPatch): boolean {
  return (
    patch.objectId !== undefined ||
    patch.scale !== undefined ||
    patch.printModeId !== undefined ||
    patch.surfaceFinishId !== undefined ||
    patch.printModeColorId !== undefined
  )
}

/** One attempt at a patch: undefined when another change overtook the read it was priced from. */
async function tryPatch(
  context: CartContext,
  cartId: string,
  itemId: string,
  locale: Locale,
  patch: CartItemPatch,
) {
  const { db, repo, pricing, itemPricing, lockedCart, readAll, presentChanged } = context
  const { cart, row } = await context.existingItem(cartId, itemId)
  const revision = await pricing.revision()
  const wanted = wantedOfPatch(row, patch)
  const objectChanges = wanted.objectId !== row.model_file_id
  const prepared = await itemPricing.prepare(cart, wanted, {
    at: ['items', 0],
    index: 0,
    stored: {
      modelFileId: row.model_file_id,
      modelName: row.model_name,
      unit: row.unit_of_length,
      dimensions: row.model_dimensions,
    },
    checkRepair: objectChanges || (patch.acknowledgedRepairInfo === false && row.acknowledged_repair_info),
    checkPrintable: changesConfiguration(patch),
  })
  const written = await db.transaction(async (tx) => {
    await lockedCart(tx, cartId)
    const updated = await repo.updateItem(
      tx,
      { cartId, id: itemId, revision: row.revision, configuration: prepared.configuration },
      prepared.price,
      revision,
    )
    if (!updated) {
      if ((await repo.findItem(cartId, itemId, tx)) === undefined) throw itemNotFound()
      return undefined
    }
    await repo.touchCart(tx, cartId)
    return readAll(tx, cartId)
  })
  return written === undefined ? undefined : { items: await presentChanged(cart, written, locale) }
}

async function addItems(
  context: CartContext,
  cartId: string,
  locale: Locale,
  inputs: readonly CartItemInput[],
): Promise<AddCartItemsResponse> {
  const { db, repo, pricing, lockedCart, readAll, presentChanged } = context
  const cart = await context.cartOrNotFound(cartId)
  const revision = await pricing.revision()
  const prepared = await prepareAll(context, cart, inputs)
  const ids = prepared.map(() => newId())
  const written = await db.transaction(async (tx) => {
    await lockedCart(tx, cartId)
    const { count, nextPosition } = await repo.countItems(tx, cartId)
    if (count + prepared.length > CART_MAX_ITEMS) {
      throw new AppError(ErrorCode.Conflict, `A cart holds at most ${CART_MAX_ITEMS} items`, {
        details: { reason: 'cart_full', maxItems: CART_MAX_ITEMS },
      })
    }
    for (const [index, item] of prepared.entries()) {
      await repo.insertItem(
        tx,
        { id: ids[index]!, cartId, position: nextPosition + index, configuration: item.configuration },
        item.price,
        revision,
      )
    }
    await repo.touchCart(tx, cartId)
    return readAll(tx, cartId)
  })
  return {
    items: await presentChanged(cart, written, locale),
    createdItems: ids.map((id) => ({ _id: id })),
  }
}

async function deleteItem(context: CartContext, cartId: string, itemId: string, locale: Locale) {
  const { db, repo, files, lockedCart, readAll, presentChanged, cleanup } = context
  const { cart, removed, ...written } = await db.transaction(async (tx) => {
    const locked = await lockedCart(tx, cartId)
    const deleted = await repo.deleteItem(tx, cartId, itemId)
    if (deleted === undefined) throw itemNotFound()
    await repo.touchCart(tx, cartId)
    return { cart: locked, removed: deleted, ...(await readAll(tx, cartId)) }
  })
  // Files go only once the rows are gone for good.
  if (removed.thumbnailName !== null) await cleanup(files.removeThumbnail(removed.thumbnailName))
  for (const id of removed.attachmentIds) await cleanup(files.removeFile(files.attachmentPath(id)))
  return { items: await presentChanged(cart, written, locale) }
}

/**
 * The cart's item commands: create a cart, add, change and remove items. Each prices outside the transaction,
 * then writes under the cart row's lock; a change priced from a read that another change overtook is priced again.
 */
export function createCartItemCommands(context: CartContext) {
  return {
    async createCart(whiteLabelId: string): Promise<CreateCartResponse> {
      const id = newId()
      await context.repo.insertCart(id, whiteLabelId)
      return { _id: id }
    },

    addItems: (cartId: string, locale: Locale, inputs: readonly CartItemInput[]) =>
      addItems(context, cartId, locale, inputs),

    async patchItem(
      cartId: string,
      itemId: string,
      locale: Locale,
      patch: CartItemPatch,
    ): Promise<CartItemsResponse> {
      if (patch._id !== itemId) {
        throw invalid(['items', 0, '_id'], 'id_mismatch', 'The item in the body must be the item of the path')
      }
      for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
        const answer = await tryPatch(context, cartId, itemId, locale, patch)
        if (answer !== undefined) return answer
      }
      throw new AppError(ErrorCode.Conflict, 'The item kept changing while it was priced; try again', {
        details: { reason: 'item_changed' },
      })
    },

    deleteItem: (cartId: string, itemId: string, locale: Locale): Promise<CartItemsResponse> =>
      deleteItem(context, cartId, itemId, locale),
  }
}
