import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { cartAttachmentsDir, createCartFileStore } from '#server/modules/cart/cart-files.ts'
import { type CartModelLookup } from '#server/modules/cart/cart-models.ts'
import { createCartPricing, type CartPricingSources } from '#server/modules/cart/cart-pricing.ts'
import { createCartRoutes } from '#server/modules/cart/cart.routes.ts'
import { createCartService } from '#server/modules/cart/cart.service.ts'

export interface CartModuleDeps {
  db: Db
  config: Pick<Config, 'dataDir' | 'thumbnailsDir'>
  context: RequestContextResolver
  /** Pricing and the catalogue, as the cart needs them (cart-pricing.ts). */
  pricing: CartPricingSources
  /** The analysed 3D files (cart-models.ts). */
  models: CartModelLookup
  /** Attachments live here, outside every served folder; default DATA_DIR/cart-attachments. */
  attachmentsDir?: string
}

/** The cart (issue 5), composed for app.ts: its files, service and routes. */
export function createCartModule(deps: CartModuleDeps): FastifyPluginAsync {
  const files = createCartFileStore({
    thumbnailsDir: deps.config.thumbnailsDir,
    attachmentsDir: deps.attachmentsDir ?? cartAttachmentsDir(deps.config.dataDir),
  })
  return async (app) => {
    const cart = createCartService({
      db: deps.db,
      pricing: createCartPricing(deps.pricing),
      models: deps.models,
      files,
      onCleanupError: (error) => app.log.warn({ err: error }, 'cart file clean-up failed'),
    })
    await app.register(createCartRoutes({ cart, files, context: deps.context }))
  }
}
