/**
 * The local-storage key that holds the current cart id (cleared with the order, part 2 §4). Apart from the cart
 * contract so that the page's first script (`src/client/early/`) can read it without loading zod.
 */
export const CART_ID_STORAGE_KEY = 'cartId'
