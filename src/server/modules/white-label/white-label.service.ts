import { createHash } from 'node:crypto'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { CatalogueCache, CatalogueSnapshot } from '#server/modules/catalogue/catalogue.module.ts'
import type { WhiteLabel } from '#server/modules/white-label/white-label.repo.ts'

/** A staff-made key (migration 011) is stored only as its SHA-256, so the lookup hashes what the request sent. */
function byStaffKey(snapshot: CatalogueSnapshot, apiKey: string, now: number): WhiteLabel | undefined {
  const entry = snapshot.whiteLabelsByKeyHash.get(createHash('sha256').update(apiKey).digest('hex'))
  if (entry === undefined) return undefined
  // A rotated key works until its grace period ends; the snapshot is not reloaded for that, so check here.
  return entry.expiresAt === null || entry.expiresAt > now ? entry.whiteLabel : undefined
}

/**
 * Picks the white label of a request from its API key header (spec part 1 §7): no key means the default white
 * label "Standard"; a key nobody owns (or an archived white label's, a revoked or expired one) is refused rather
 * than silently served the default catalogue. Resolved from the cached catalogue, so it costs no query.
 */
export function createWhiteLabelService(cache: Pick<CatalogueCache, 'get'>) {
  return {
    async resolve(apiKey: string | undefined): Promise<WhiteLabel> {
      const snapshot = await cache.get()
      const whiteLabel =
        apiKey === undefined
          ? snapshot.defaultWhiteLabel
          : (snapshot.whiteLabelsByApiKey.get(apiKey) ?? byStaffKey(snapshot, apiKey, Date.now()))
      if (whiteLabel !== undefined) return whiteLabel
      if (apiKey !== undefined) throw new AppError(ErrorCode.UnknownApiKey, 'Unknown API key')
      throw new AppError(ErrorCode.ServiceUnavailable, 'No default white label is configured')
    },
  }
}
export type WhiteLabelService = ReturnType<typeof createWhiteLabelService>
