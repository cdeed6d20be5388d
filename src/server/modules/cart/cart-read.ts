import type { Locale } from '#shared/domain/limits.ts'
import { type Cart, CartSchema } from '#shared/contracts/cart.contract.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { CartContext } from '#server/modules/cart/cart-context.ts'
import { cartNotFound } from '#server/modules/cart/cart-errors.ts'

/** Reading a cart (docs/decisions/0079): answered from the read cache while nothing changed, else one query. */
export function createCartRead({ pricing, repo, readCache, versions, present }: CartContext) {
  /**
   * The cart as the last read in this process presented it, if the catalogue and the cart are still as they were
   * then: one shared version lookup instead of the cart's rows, prices and names.
   */
  async function cachedCart(cartId: string, locale: Locale, revision: number): Promise<string | undefined> {
    const cached = readCache.get(cartId, locale, revision)
    if (cached === undefined) return undefined
    const version = await versions.version(cartId)
    if (version === undefined) {
      readCache.forget(cartId)
      throw cartNotFound()
    }
    return version === cached.version ? cached.json : undefined
  }

  return {
    /**
     * `GET` of the cart: its JSON text, checked against the contract when it was computed. Answered from the read
     * cache while the cart and the catalogue are as they were (one shared version lookup), else from one query.
     */
    async cartJson(cartId: string, locale: Locale): Promise<string> {
      const revision = await pricing.revision()
      const cached = await cachedCart(cartId, locale, revision)
      if (cached !== undefined) return cached
      const snapshot = await repo.readCart(cartId)
      if (snapshot === undefined) {
        readCache.forget(cartId)
        throw cartNotFound()
      }
      const { cart, version, items, attachments } = snapshot
      const answer: Cart = { _id: cart.id, items: await present(cart, items, attachments, locale, revision) }
      const json = JSON.stringify(parseResponse(CartSchema, answer))
      readCache.put(cartId, locale, { version, catalogueRevision: revision, json })
      return json
    },
  }
}
