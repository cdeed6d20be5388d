import { createRequestContextResolver, type RequestContextResolver } from '#server/http/request-context.ts'
import type { CatalogueModuleService } from '#server/modules/catalogue/catalogue.module.ts'
import {
  createWhiteLabelService,
  type WhiteLabelService,
} from '#server/modules/white-label/white-label.service.ts'

export type { WhiteLabel } from '#server/modules/white-label/white-label.repo.ts'
export type { WhiteLabelService } from '#server/modules/white-label/white-label.service.ts'

/** Route-less: which white label a request is for (its API key), read from the catalogue's cache. */
export interface WhiteLabelModule {
  service: WhiteLabelService
  /** The white label and language of a request, for every module's routes. */
  context: RequestContextResolver
}

export function createWhiteLabelModule(deps: {
  catalogue: Pick<CatalogueModuleService, 'cache'>
}): WhiteLabelModule {
  const service = createWhiteLabelService(deps.catalogue.cache)
  return { service, context: createRequestContextResolver(service) }
}
