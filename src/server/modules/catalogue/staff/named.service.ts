import type { z } from 'zod'
import type {
  CreateNamedSchema,
  StaffNamed,
  UpdateNamedSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { newId } from '#server/db/ids.ts'
import type { NamedTable } from '#server/modules/catalogue/staff/named.repo.ts'
import { notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'

/** The staff API's materials and methods (same shape, so one service for both tables). */
export function createStaffNamedService({ db, repo, write }: StaffContext) {
  return {
    async listNamed(table: NamedTable): Promise<StaffNamed[]> {
      return repo.listNamed(table, db)
    },
    async createNamed(
      userId: string,
      table: NamedTable,
      input: z.output<typeof CreateNamedSchema>,
    ): Promise<StaffNamed> {
      const id = newId()
      await write(userId, 'create', table, id, (tx) => repo.insertNamed(tx, table, id, input.name))
      return { id, name: input.name, archived: false }
    },
    async updateNamed(
      userId: string,
      table: NamedTable,
      id: string,
      input: z.output<typeof UpdateNamedSchema>,
    ): Promise<StaffNamed> {
      return write(
        userId,
        'update',
        table,
        id,
        async (tx) => {
          await repo.updateNamed(tx, table, id, input.name)
          const row = await repo.findNamed(table, id, tx)
          if (row === undefined) throw notFound(table, id)
          return row
        },
        input,
      )
    },
  }
}
