import type { z } from 'zod'
import type {
  CreateSurfaceFinishSchema,
  StaffSurfaceFinish,
  UpdateSurfaceFinishSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { newId } from '#server/db/ids.ts'
import type { FinishStaffRow } from '#server/modules/catalogue/staff/finishes.repo.ts'
import { notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'

function toStaffFinish(row: FinishStaffRow): StaffSurfaceFinish {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    spreadsheetVariable: row.spreadsheet_variable,
    sortOrder: row.sort_order,
    archived: row.archived,
  }
}

/** The staff API's surface finishes. */
export function createStaffFinishService({ db, repo, write }: StaffContext) {
  return {
    async listFinishes(): Promise<StaffSurfaceFinish[]> {
      return (await repo.listFinishes(db)).map(toStaffFinish)
    },
    async createFinish(
      userId: string,
      input: z.output<typeof CreateSurfaceFinishSchema>,
    ): Promise<StaffSurfaceFinish> {
      const id = newId()
      await write(userId, 'create', 'surface-finish', id, (tx) => repo.insertFinish(tx, id, input))
      return { id, ...input, archived: false }
    },
    async updateFinish(
      userId: string,
      id: string,
      input: z.output<typeof UpdateSurfaceFinishSchema>,
    ): Promise<StaffSurfaceFinish> {
      const row = await write(
        userId,
        'update',
        'surface-finish',
        id,
        async (tx) => {
          await repo.updateFinish(tx, id, input)
          return repo.findFinish(id, tx)
        },
        input,
      )
      if (row === undefined) throw notFound('surface finish', id)
      return toStaffFinish(row)
    },
  }
}
