import { createCartContext, type CartServiceDeps } from '#server/modules/cart/cart-context.ts'
import { createCartFileCommands } from '#server/modules/cart/cart-file-commands.ts'
import { createCartItemCommands } from '#server/modules/cart/cart-item-commands.ts'
import { createCartRead } from '#server/modules/cart/cart-read.ts'

/**
 * The cart (spec part 1 §3 cart item, §4, §7; docs/decisions/0060-cart-pricing.md). Every price is the server's:
 * an item's configuration is priced by the pricing service from the analysis record, never from the request.
 *
 * Changes of one cart run one after the other: each takes the cart row's lock (`SELECT … FOR UPDATE`) in a short
 * transaction that only writes rows. Everything slow (reading the 3D file, pricing, writing files) happens before
 * the transaction, never inside it; a change priced from a read that another change overtook is priced again.
 *
 * The parts: item commands (cart-item-commands.ts), file commands (cart-file-commands.ts), reading
 * (cart-read.ts), checking and pricing one item (cart-item-pricing.ts), presentation (cart-present.ts).
 */

export { CART_PATH } from '#shared/contracts/cart.contract.ts'
export {
  CART_ITEM_MAX_ATTACHMENTS,
  CART_MAX_ITEMS,
  CART_MAX_QUANTITY,
} from '#server/modules/cart/cart-limits.ts'
export { attachmentNotFound, cartNotFound, itemNotFound } from '#server/modules/cart/cart-errors.ts'
export { attachmentUrl } from '#server/modules/cart/cart-present.ts'
export type { CartServiceDeps } from '#server/modules/cart/cart-context.ts'
export type { ServedAttachment } from '#server/modules/cart/cart-file-commands.ts'

export function createCartService(deps: CartServiceDeps) {
  const context = createCartContext(deps)
  return {
    ...createCartRead(context),
    ...createCartItemCommands(context),
    ...createCartFileCommands(context),
  }
}
export type CartService = ReturnType<typeof createCartService>
