import { createStaffApiKeyService } from '#server/modules/catalogue/staff/api-keys.service.ts'
import { createStaffArchiveService } from '#server/modules/catalogue/staff/archive.service.ts'
import { createStaffColorThumbnailService } from '#server/modules/catalogue/staff/color-thumbnails.service.ts'
import { createStaffColorService } from '#server/modules/catalogue/staff/colors.service.ts'
import { createStaffFinishService } from '#server/modules/catalogue/staff/finishes.service.ts'
import { createStaffNamedService } from '#server/modules/catalogue/staff/named.service.ts'
import { createStaffPrintModeService } from '#server/modules/catalogue/staff/print-modes.service.ts'
import { createStaffContext, type StaffCatalogueDeps } from '#server/modules/catalogue/staff/staff-context.ts'
import { createStaffStepService } from '#server/modules/catalogue/staff/steps.service.ts'
import { createStaffWhiteLabelService } from '#server/modules/catalogue/staff/white-labels.service.ts'

/**
 * The staff catalogue API's service (docs/decisions/0050-catalogue-cache.md): one service per entity in `staff/`,
 * composed here into the one object the routes use. Every write runs in one transaction with its audit entry,
 * then the catalogue cache is invalidated. Archive instead of delete: an order may name any row.
 */

export type { StaffCatalogueDeps } from '#server/modules/catalogue/staff/staff-context.ts'
export { toStaffPrintMode } from '#server/modules/catalogue/staff/print-modes.service.ts'

export function createStaffCatalogueService(deps: StaffCatalogueDeps) {
  const context = createStaffContext(deps)
  return {
    ...createStaffWhiteLabelService(context),
    ...createStaffNamedService(context),
    ...createStaffFinishService(context),
    ...createStaffColorService(context),
    ...createStaffStepService(context),
    ...createStaffPrintModeService(context),
    ...createStaffArchiveService(context),
    ...createStaffColorThumbnailService(context),
    ...createStaffApiKeyService(context),
  }
}
export type StaffCatalogueService = ReturnType<typeof createStaffCatalogueService>
