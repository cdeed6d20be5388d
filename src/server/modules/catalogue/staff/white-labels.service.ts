import type { z } from 'zod'
import type {
  CreateWhiteLabelSchema,
  StaffWhiteLabel,
  UpdateWhiteLabelSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'
import type { WhiteLabelStaffRow } from '#server/modules/catalogue/staff/white-labels.repo.ts'

function toStaffWhiteLabel(row: WhiteLabelStaffRow): StaffWhiteLabel {
  return {
    id: row.id,
    name: row.name,
    apiKey: row.api_key,
    isDefault: row.is_default,
    archived: row.archived,
  }
}

/** The staff API's white labels. */
export function createStaffWhiteLabelService({ db, repo, write }: StaffContext) {
  return {
    async listWhiteLabels(): Promise<StaffWhiteLabel[]> {
      return (await repo.listWhiteLabels(db)).map(toStaffWhiteLabel)
    },
    async createWhiteLabel(
      userId: string,
      input: z.output<typeof CreateWhiteLabelSchema>,
    ): Promise<StaffWhiteLabel> {
      const id = newId()
      await write(userId, 'create', 'white-label', id, (tx) => repo.insertWhiteLabel(tx, { id, ...input }))
      return { id, name: input.name, apiKey: input.apiKey, isDefault: false, archived: false }
    },
    async updateWhiteLabel(
      userId: string,
      id: string,
      input: z.output<typeof UpdateWhiteLabelSchema>,
    ): Promise<StaffWhiteLabel> {
      const update = async (tx: Queryable) => {
        if (!(await repo.updateWhiteLabel(tx, id, input))) throw notFound('white label', id)
        return repo.findWhiteLabel(id, tx)
      }
      const row = await write(userId, 'update', 'white-label', id, update, input)
      if (row === undefined) throw notFound('white label', id)
      return toStaffWhiteLabel(row)
    },
  }
}
