import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { ArchivableResource } from '#server/modules/catalogue/staff-catalogue.repo.ts'
import { notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'

/** Archive instead of delete, for every staff resource: an order may name any row. */
export function createStaffArchiveService({ repo, write }: StaffContext) {
  return {
    async setArchived(
      userId: string,
      resource: ArchivableResource,
      id: string,
      archived: boolean,
    ): Promise<void> {
      await write(userId, archived ? 'archive' : 'restore', resource, id, async (tx) => {
        if (resource === 'white-labels' && archived) {
          const row = await repo.findWhiteLabel(id, tx)
          if (row?.is_default)
            throw new AppError(ErrorCode.Conflict, 'The default white label cannot be archived')
        }
        if (!(await repo.setArchived(resource, id, archived, tx))) throw notFound(resource, id)
      })
    },
  }
}
