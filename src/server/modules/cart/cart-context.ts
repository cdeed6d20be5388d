import type { Locale } from '#shared/domain/limits.ts'
import type { CartItem } from '#shared/contracts/cart.contract.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import { cartNotFound, cartOrdered, itemNotFound } from '#server/modules/cart/cart-errors.ts'
import type { CartFileStore } from '#server/modules/cart/cart-files.ts'
import { createCartItemPricing } from '#server/modules/cart/cart-item-pricing.ts'
import type { CartModelLookup } from '#server/modules/cart/cart-models.ts'
import { createCartPresenter } from '#server/modules/cart/cart-present.ts'
import type { CartPricing } from '#server/modules/cart/cart-pricing.ts'
import { type CartReadCache, createCartReadCache } from '#server/modules/cart/cart-read-cache.ts'
import { createCartVersionBatch } from '#server/modules/cart/cart-version-batch.ts'
import {
  type AttachmentRow,
  type CartItemRow,
  type CartRow,
  createCartRepo,
} from '#server/modules/cart/cart.repo.ts'

/** What the cart's commands and reads share: the repo, the caches, item pricing, presentation and lookups. */

export interface CartServiceDeps {
  db: Db
  pricing: CartPricing
  models: CartModelLookup
  files: CartFileStore
  /** Where failed clean-ups of files are reported (they never fail a request). */
  onCleanupError?: (error: unknown) => void
  /** The carts presented last (tests pass their own to look inside); default a bounded one of its own. */
  readCache?: CartReadCache
}

export function createCartContext(deps: CartServiceDeps) {
  const { db, pricing, models, files } = deps
  const repo = createCartRepo(db)
  const readCache = deps.readCache ?? createCartReadCache()
  const presenter = createCartPresenter({ pricing, files, repo })

  async function cartOrNotFound(cartId: string): Promise<CartRow> {
    const cart = await repo.findCart(cartId)
    if (cart === undefined) throw cartNotFound()
    // Every caller is a change of the cart (reads go through readCart, which does not see ordered carts).
    if (cart.ordered === true) throw cartOrdered()
    return cart
  }

  return {
    db,
    pricing,
    files,
    repo,
    readCache,
    versions: createCartVersionBatch((ids) => repo.cartVersions(ids)),
    itemPricing: createCartItemPricing({ pricing, models }),
    present: presenter.present,
    cartOrNotFound,

    /** Removes files no row names any more; a failure is reported, never answered (the rows are already right). */
    async cleanup(work: Promise<unknown>): Promise<void> {
      await work.catch((error: unknown) => deps.onCleanupError?.(error))
    },

    /** The cart row under its lock: changes of one cart run one after the other. */
    async lockedCart(tx: Queryable, cartId: string): Promise<CartRow> {
      const cart = await repo.lockCart(tx, cartId)
      if (cart === undefined) throw cartNotFound()
      if (cart.ordered === true) throw cartOrdered()
      return cart
    },

    /** The cart's items and attachments, read in the transaction that changed them. */
    async readAll(tx: Queryable, cartId: string) {
      return { rows: await repo.listItems(cartId, tx), attachments: await repo.listAttachments(cartId, tx) }
    },

    async existingItem(cartId: string, itemId: string): Promise<{ cart: CartRow; row: CartItemRow }> {
      const cart = await cartOrNotFound(cartId)
      const row = await repo.findItem(cartId, itemId)
      if (row === undefined) throw itemNotFound()
      return { cart, row }
    },

    /** The items after a change (the catalogue may have moved while it was priced). */
    async presentChanged(
      cart: CartRow,
      written: { rows: readonly CartItemRow[]; attachments: readonly AttachmentRow[] },
      locale: Locale,
    ): Promise<CartItem[]> {
      readCache.forget(cart.id)
      return presenter.present(cart, written.rows, written.attachments, locale, await pricing.revision())
    },
  }
}
export type CartContext = ReturnType<typeof createCartContext>
