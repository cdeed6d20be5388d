/** The cart's limits (spec part 1 §7). */

/** The most items one cart holds. */
export const CART_MAX_ITEMS = 100
/** The most pieces one item may have: beyond it, the shop makes a quote, not a cart line. */
export const CART_MAX_QUANTITY = 10_000
export const CART_ITEM_MAX_ATTACHMENTS = 10
