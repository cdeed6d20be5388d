import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import {
  cartAttachmentsDir,
  createCartFileStore,
  type CartFileStore,
} from '#server/modules/cart/cart-files.ts'
import { createCartModelLookup, type ModelFileSource } from '#server/modules/cart/cart-models.ts'
import { createCartPricing, type CartPricingSources } from '#server/modules/cart/cart-pricing.ts'
import {
  CART_ITEM_HOLDS_MODEL_FILE,
  createCartRetentionRepo,
  type RemovedCarts,
} from '#server/modules/cart/cart-retention.repo.ts'
import { createCartRoutes } from '#server/modules/cart/cart.routes.ts'
import { createCartService } from '#server/modules/cart/cart.service.ts'
import { type CartCheckout, createCartCheckout } from '#server/modules/cart/cart-checkout.ts'
import { createCartContext } from '#server/modules/cart/cart-context.ts'
import { createCartPricedConfigurations } from '#server/modules/cart/cart-priced-configurations.repo.ts'
import type { PricedConfigurationSource } from '#server/modules/pricing/pricing.module.ts'

export { CART_THUMBNAILS_FOLDER } from '#server/modules/cart/cart-files.ts'
export type { CartPricingSources } from '#server/modules/cart/cart-pricing.ts'
export type { RemovedCarts } from '#server/modules/cart/cart-retention.repo.ts'
export type {
  CartCheckout,
  CartOrderLine,
  CartOrderSnapshot,
  ReorderItem,
} from '#server/modules/cart/cart-checkout.ts'

export interface CartModuleDeps {
  db: Db
  config: Pick<Config, 'dataDir' | 'thumbnailsDir'>
  context: RequestContextResolver
  /** Pricing and the catalogue, as the cart needs them (cart-pricing.ts). */
  pricing: CartPricingSources
  /** The analysed 3D files: the analysis module's service (cart-models.ts). */
  models: ModelFileSource
  /** Reports failed clean-ups of files (they never fail a request). */
  log: Pick<FastifyBaseLogger, 'warn'>
  /** Attachments live here, outside every served folder; default DATA_DIR/cart-attachments. */
  attachmentsDir?: string
}

/** What other modules may use of the cart: retention's narrow view of old carts and what they hold. */
export interface CartModuleService {
  /** Up to `limit` carts unchanged for `days` days, removed with their items; the files they leave behind. */
  removeAbandonedCarts(days: number, limit: number): Promise<RemovedCarts>
  removeThumbnail(name: string): Promise<void>
  removeAttachment(id: string): Promise<void>
  /** Holds an upload while a cart item names it (see ModelFileHolder in the analysis module). */
  readonly modelFileHolder: string
  /** The newest priced items of a print mode: what a price-sheet replay re-prices (decision 0104). */
  readonly pricedConfigurations: PricedConfigurationSource
}

export interface CartModule {
  plugin: FastifyPluginAsync
  service: CartModuleService
  /** The orders module's view: a priced snapshot, the cart's lock, "ordered" (issue 16). */
  checkout: CartCheckout
}

/** Retention's view of the cart: the rows in its repo, the files in its file store. */
export function createCartRetention(
  db: Db,
  files: Pick<CartFileStore, 'removeThumbnail' | 'removeFile' | 'attachmentPath'>,
): CartModuleService {
  const retention = createCartRetentionRepo(db)
  return {
    removeAbandonedCarts: (days, limit) => retention.removeAbandonedCarts(days, limit),
    removeThumbnail: (name) => files.removeThumbnail(name),
    removeAttachment: (id) => files.removeFile(files.attachmentPath(id)),
    modelFileHolder: CART_ITEM_HOLDS_MODEL_FILE,
    pricedConfigurations: createCartPricedConfigurations(db),
  }
}

/** The cart (issue 5): its files, service and routes. */
export function createCartModule(deps: CartModuleDeps): CartModule {
  const files = createCartFileStore({
    thumbnailsDir: deps.config.thumbnailsDir,
    attachmentsDir: deps.attachmentsDir ?? cartAttachmentsDir(deps.config.dataDir),
  })
  const pricing = createCartPricing(deps.pricing)
  const models = createCartModelLookup(deps.models)
  const cart = createCartService({
    db: deps.db,
    pricing,
    models,
    files,
    onCleanupError: (error) => deps.log.warn({ err: error }, 'cart file clean-up failed'),
  })
  const checkoutContext = createCartContext({ db: deps.db, pricing, models, files })
  return {
    plugin: createCartRoutes({ cart, files, context: deps.context }),
    service: createCartRetention(deps.db, files),
    checkout: createCartCheckout(checkoutContext, models, cart),
  }
}
