import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import type { AnalysisModuleService } from '#server/modules/analysis/analysis.module.ts'
import type { AuthModule } from '#server/modules/auth/auth.module.ts'
import type { CatalogueModuleService } from '#server/modules/catalogue/catalogue.module.ts'
import { createPriceSheetRepo } from '#server/modules/pricing/price-sheet.repo.ts'
import { createPriceSheetRoutes } from '#server/modules/pricing/price-sheet.routes.ts'
import { createPriceSheetService } from '#server/modules/pricing/price-sheet.service.ts'
import { createPricingAnswers } from '#server/modules/pricing/pricing-answers.plugin.ts'
import { createPricingRoutes } from '#server/modules/pricing/pricing.routes.ts'
import { createPricingService, type PricingService } from '#server/modules/pricing/pricing.service.ts'
import { createSheetCache } from '#server/modules/pricing/sheet/sheet-cache.ts'
import type { PricedConfigurationSource } from '#server/modules/pricing/sheet-replay.ts'
import { createStaffSheetRoutes } from '#server/modules/pricing/staff-sheet.routes.ts'
import { createStaffSheetService } from '#server/modules/pricing/staff-sheet.service.ts'

export type { AnalysedProperties } from '#server/modules/pricing/price-configuration.ts'
export type { SheetSource } from '#server/modules/pricing/sheet/sheet-types.ts'
export { DEFAULT_PRICING_TEST_PARAMETERS } from '#server/modules/pricing/sheet/default-sheets.ts'
export type { PricedConfiguration, PricedConfigurationSource } from '#server/modules/pricing/sheet-replay.ts'

export interface PricingModuleDeps {
  config: Pick<Config, 'isProduction'>
  db: Db
  context: RequestContextResolver
  auth: Pick<AuthModule, 'requireStaff'>
  /** The catalogue snapshot prices are computed from; price-sheet edits invalidate it. */
  catalogue: Pick<CatalogueModuleService, 'cache' | 'staff'>
  /** Where pricing reads analysed objects: the analysis module's service. */
  analysis: Pick<AnalysisModuleService, 'findAnalysedObject' | 'findAnalysedUpload' | 'listAnalysedUploads'>
  /**
   * What a sheet replay re-prices (decisions 0104, 0114): the open carts' items and the orders' lines, read through
   * the composition root; none: a replay finds nothing to re-price.
   */
  pricedConfigurations?: readonly PricedConfigurationSource[]
}

export interface PricingModule {
  plugin: FastifyPluginAsync
  /** Other modules (the cart) price through it, sharing its compiled-sheet cache. */
  service: PricingService
}

/** Price sheets (staff) and the pricing endpoint, with one compiled-sheet cache and one answer cache. */
export function createPricingModule(deps: PricingModuleDeps): PricingModule {
  const { db, catalogue } = deps
  const pricing = createPricingService({
    catalogue: catalogue.cache,
    analysedObjects: deps.analysis,
    sheets: createSheetCache(),
  })
  const sheets = createPriceSheetService({
    db,
    sheets: createPriceSheetRepo(db),
    catalogue: catalogue.staff,
    cache: catalogue.cache,
  })
  const staffSheets = createStaffSheetService({
    sheets,
    catalogue: catalogue.staff,
    analysis: deps.analysis,
    pricedConfigurations: deps.pricedConfigurations ?? [],
  })
  return {
    async plugin(app) {
      await app.register(
        createPricingRoutes({
          pricing,
          answers: createPricingAnswers({
            context: deps.context,
            isCurrent: (basis) => pricing.isCurrent(basis),
          }),
          validateResponses: !deps.config.isProduction,
        }),
      )
      await app.register(createPriceSheetRoutes({ sheets, requireStaff: deps.auth.requireStaff }))
      await app.register(
        createStaffSheetRoutes({ sheets: staffSheets, requireStaff: deps.auth.requireStaff }),
      )
    },
    service: pricing,
  }
}
