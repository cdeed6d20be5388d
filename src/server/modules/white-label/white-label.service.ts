import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { CatalogueCache } from '#server/modules/catalogue/catalogue.module.ts'
import type { WhiteLabel } from '#server/modules/white-label/white-label.repo.ts'

/**
 * Picks the white label of a request from its API key header (spec part 1 §7): no key means the default white
 * label "Standard"; a key nobody owns (or an archived white label's) is refused rather than silently served the
 * default catalogue. Resolved from the cached catalogue, so it costs no query.
 */
export function createWhiteLabelService(cache: Pick<CatalogueCache, 'get'>) {
  return {
    async resolve(apiKey: string | undefined): Promise<WhiteLabel> {
      const snapshot = await cache.get()
      const whiteLabel =
        apiKey === undefined ? snapshot.defaultWhiteLabel : snapshot.whiteLabelsByApiKey.get(apiKey)
      if (whiteLabel !== undefined) return whiteLabel
      if (apiKey !== undefined) throw new AppError(ErrorCode.UnknownApiKey, 'Unknown API key')
      throw new AppError(ErrorCode.ServiceUnavailable, 'No default white label is configured')
    },
  }
}
export type WhiteLabelService = ReturnType<typeof createWhiteLabelService>
