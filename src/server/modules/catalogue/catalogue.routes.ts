import type { FastifyPluginAsync } from 'fastify'
import {
  GetPrintModesResponseSchema,
  GetSurfaceFinishesResponseSchema,
  PRINT_MODES_PATH,
  SURFACE_FINISHES_PATH,
} from '#shared/contracts/print-modes.contract.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { parseResponse } from '#server/http/respond.ts'
import type { CatalogueService } from '#server/modules/catalogue/catalogue.service.ts'

export function createCatalogueRoutes(deps: {
  catalogue: CatalogueService
  context: RequestContextResolver
}): FastifyPluginAsync {
  return async (app) => {
    app.get(PRINT_MODES_PATH, async (request) => {
      const { whiteLabel, locale } = await deps.context(request)
      return parseResponse(
        GetPrintModesResponseSchema,
        await deps.catalogue.getPrintModes(whiteLabel.id, locale),
      )
    })

    app.get(SURFACE_FINISHES_PATH, async (request) => {
      const { whiteLabel, locale } = await deps.context(request)
      return parseResponse(
        GetSurfaceFinishesResponseSchema,
        await deps.catalogue.getSurfaceFinishes(whiteLabel.id, locale),
      )
    })
  }
}
