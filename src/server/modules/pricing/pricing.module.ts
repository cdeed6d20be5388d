import type { FastifyInstance } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import type { AuthModule } from '#server/modules/auth/auth.module.ts'
import { createCatalogueCache, type CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts'
import { createCatalogueRepo } from '#server/modules/catalogue/catalogue.repo.ts'
import { createCatalogueRoutes } from '#server/modules/catalogue/catalogue.routes.ts'
import { createCatalogueService } from '#server/modules/catalogue/catalogue.service.ts'
import { createStaffCatalogueRepo } from '#server/modules/catalogue/staff-catalogue.repo.ts'
import { createStaffCatalogueRoutes } from '#server/modules/catalogue/staff-catalogue.routes.ts'
import { createStaffCatalogueService } from '#server/modules/catalogue/staff-catalogue.service.ts'
import {
  createAnalysedObjectRepo,
  createCachedAnalysedObjectRepo,
  type AnalysedObjectRepo,
} from '#server/modules/pricing/analysed-object.repo.ts'
import { createPriceSheetRepo } from '#server/modules/pricing/price-sheet.repo.ts'
import { createPriceSheetRoutes } from '#server/modules/pricing/price-sheet.routes.ts'
import { createPriceSheetService } from '#server/modules/pricing/price-sheet.service.ts'
import { createPricingRoutes } from '#server/modules/pricing/pricing.routes.ts'
import { createPricingService, type PricingService } from '#server/modules/pricing/pricing.service.ts'
import { createSheetCache } from '#server/modules/pricing/sheet/sheet-cache.ts'
import {
  createWhiteLabelService,
  type WhiteLabelService,
} from '#server/modules/white-label/white-label.service.ts'

export interface CataloguePricingDeps {
  config: Config
  db: Db
  auth: Pick<AuthModule, 'requireStaff'>
  /** Where pricing reads analysed objects; the `model_files` table (cached) by default, a double in tests. */
  analysedObjects?: AnalysedObjectRepo
}

export interface CataloguePricing {
  cache: CatalogueCache
  whiteLabels: WhiteLabelService
  /** The pricing service the endpoint uses: other modules (the cart) should price through it, sharing its caches. */
  pricing: PricingService
  /** The (cached) analysed-object reads pricing uses. */
  analysedObjects: AnalysedObjectRepo
  /** Registers the catalogue, staff catalogue, price sheet and pricing routes. */
  register(app: FastifyInstance, context: RequestContextResolver): Promise<void>
}

/**
 * The catalogue (customer and staff), price sheets and pricing, sharing one in-memory catalogue cache
 * (docs/decisions/0050-catalogue-cache.md) and one compiled-sheet cache.
 */
export function createCataloguePricing(deps: CataloguePricingDeps): CataloguePricing {
  const { db, config } = deps
  const cache = createCatalogueCache(createCatalogueRepo(db))
  const staffRepo = createStaffCatalogueRepo(db)
  const analysedObjects = deps.analysedObjects ?? createCachedAnalysedObjectRepo(createAnalysedObjectRepo(db))
  const pricing = createPricingService({ catalogue: cache, analysedObjects, sheets: createSheetCache() })
  return {
    cache,
    whiteLabels: createWhiteLabelService(cache),
    pricing,
    analysedObjects,
    async register(app, context) {
      await app.register(createCatalogueRoutes({ catalogue: createCatalogueService(cache), context }))
      await app.register(
        createPricingRoutes({
          pricing,
          context,
          validateResponses: !config.isProduction,
        }),
      )
      await app.register(
        createStaffCatalogueRoutes({
          staff: createStaffCatalogueService({
            db,
            repo: staffRepo,
            cache,
            thumbnailsDir: config.thumbnailsDir,
          }),
          requireStaff: deps.auth.requireStaff,
        }),
      )
      await app.register(
        createPriceSheetRoutes({
          sheets: createPriceSheetService({
            db,
            sheets: createPriceSheetRepo(db),
            catalogue: staffRepo,
            cache,
          }),
          requireStaff: deps.auth.requireStaff,
        }),
      )
    },
  }
}
