import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import type { AuthModule } from '#server/modules/auth/auth.module.ts'
import { createCatalogueCache, type CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts'
import { createCatalogueRepo } from '#server/modules/catalogue/catalogue.repo.ts'
import { createCatalogueRoutes } from '#server/modules/catalogue/catalogue.routes.ts'
import { createCatalogueService, type CatalogueService } from '#server/modules/catalogue/catalogue.service.ts'
import {
  createStaffCatalogueRepo,
  type StaffCatalogueRepo,
} from '#server/modules/catalogue/staff-catalogue.repo.ts'
import { createStaffCatalogueRoutes } from '#server/modules/catalogue/staff-catalogue.routes.ts'
import { createStaffCatalogueService } from '#server/modules/catalogue/staff-catalogue.service.ts'
import { createAuditLogRepo } from '#server/modules/catalogue/staff/audit-log.repo.ts'
import { createAuditLogRoutes } from '#server/modules/catalogue/staff/audit-log.routes.ts'

export type {
  CatalogueCache,
  CatalogueSnapshot,
  ColorEntry,
  FinishEntry,
  PrintModeEntry,
  StepEntry,
} from '#server/modules/catalogue/catalogue-cache.ts'
export type { StaffCatalogueRepo } from '#server/modules/catalogue/staff-catalogue.repo.ts'
export { toStaffPrintMode } from '#server/modules/catalogue/staff-catalogue.service.ts'

export interface CatalogueModuleDeps {
  db: Db
  config: Pick<Config, 'thumbnailsDir'>
  /** The white label and language of a request (the white-label module resolves it from this module's cache). */
  context: RequestContextResolver
  auth: Pick<AuthModule, 'requireStaff'>
}

/** What other modules may use of the catalogue. */
export interface CatalogueModuleService {
  /** The in-memory catalogue (docs/decisions/0050-catalogue-cache.md): white labels, pricing, the cart read it. */
  cache: CatalogueCache
  /** The customer catalogue (print modes as a shop shows them; the cart names its items' options with it). */
  catalogue: CatalogueService
  /** The staff catalogue's reads, for the price-sheet editor (print modes, white labels, colours, finishes). */
  staff: StaffCatalogueRepo
}

export interface CatalogueModule {
  plugin: FastifyPluginAsync
  service: CatalogueModuleService
}

/** The catalogue: the customer endpoints, the staff editor and the cache both share. */
export function createCatalogueModule(deps: CatalogueModuleDeps): CatalogueModule {
  const { db } = deps
  const cache = createCatalogueCache(createCatalogueRepo(db))
  const catalogue = createCatalogueService(cache)
  const staffRepo = createStaffCatalogueRepo(db)
  const staff = createStaffCatalogueService({
    db,
    repo: staffRepo,
    cache,
    thumbnailsDir: deps.config.thumbnailsDir,
  })
  return {
    async plugin(app) {
      await app.register(createCatalogueRoutes({ catalogue, context: deps.context }))
      await app.register(createStaffCatalogueRoutes({ staff, requireStaff: deps.auth.requireStaff }))
      await app.register(
        createAuditLogRoutes({ log: createAuditLogRepo(db), requireStaff: deps.auth.requireStaff }),
      )
    },
    service: { cache, catalogue, staff: staffRepo },
  }
}
