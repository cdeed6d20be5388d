import type { z } from 'zod'
import type {
  CreateProcessingStepSchema,
  StaffProcessingStep,
  UpdateProcessingStepSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { invalid, notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'
import type { OptionStaffRow, StepStaffRow } from '#server/modules/catalogue/staff/steps.repo.ts'

type OptionsInput = NonNullable<z.output<typeof UpdateProcessingStepSchema>['options']>

function toStaffStep(row: StepStaffRow, options: OptionStaffRow[]): StaffProcessingStep {
  return {
    id: row.id,
    name: row.name,
    sortOrder: row.sort_order,
    archived: row.archived,
    options: options.map((option) => ({ id: option.id, name: option.name, archived: option.archived })),
  }
}

/** The staff API's processing steps; an option left out of an update is archived, never deleted. */
export function createStaffStepService({ db, repo, write }: StaffContext) {
  async function step(id: string, q: Queryable = db): Promise<StaffProcessingStep> {
    const row = await repo.findStep(id, q)
    if (row === undefined) throw notFound('processing step', id)
    return toStaffStep(row, await repo.listOptions(id, q))
  }

  /** Writes the listed options in order (new ones without an id) and archives the ones left out. */
  async function replaceOptions(tx: Queryable, stepId: string, options: OptionsInput): Promise<void> {
    const existing = new Set((await repo.listOptions(stepId, tx)).map((option) => option.id))
    const kept = new Set<string>()
    for (const [index, option] of options.entries()) {
      if (option.id === undefined) {
        await repo.insertOption(tx, { id: newId(), stepId, name: option.name, sortOrder: index })
        continue
      }
      if (!existing.has(option.id) || kept.has(option.id))
        throw invalid(['options', index, 'id'], 'unknown_option', 'Not an option of this step')
      kept.add(option.id)
      await repo.updateOption(tx, option.id, option.name, index)
    }
    const dropped = [...existing].filter((optionId) => !kept.has(optionId))
    if (dropped.length > 0) await repo.archiveOptions(tx, dropped, options.length)
  }

  return {
    async listSteps(): Promise<StaffProcessingStep[]> {
      const [steps, options] = await Promise.all([repo.listSteps(db), repo.listOptions(undefined, db)])
      return steps.map((row) =>
        toStaffStep(
          row,
          options.filter((option) => option.processing_step_id === row.id),
        ),
      )
    },
    async createStep(
      userId: string,
      input: z.output<typeof CreateProcessingStepSchema>,
    ): Promise<StaffProcessingStep> {
      const id = newId()
      return write(userId, 'create', 'processing-step', id, async (tx) => {
        await repo.insertStep(tx, id, input.name, input.sortOrder)
        for (const [index, option] of input.options.entries()) {
          await repo.insertOption(tx, { id: newId(), stepId: id, name: option.name, sortOrder: index })
        }
        return step(id, tx)
      })
    },
    async updateStep(
      userId: string,
      id: string,
      input: z.output<typeof UpdateProcessingStepSchema>,
    ): Promise<StaffProcessingStep> {
      const change = async (tx: Queryable) => {
        const before = await repo.findStep(id, tx)
        if (before === undefined) throw notFound('processing step', id)
        await repo.updateStep(tx, id, input)
        if (input.options !== undefined) await replaceOptions(tx, id, input.options)
        return step(id, tx)
      }
      return write(userId, 'update', 'processing-step', id, change, input)
    },
  }
}
