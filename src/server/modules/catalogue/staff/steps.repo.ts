import type { LocalizedTextInput } from '#shared/contracts/staff-catalogue.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'

/** SQL of the staff API's processing steps and their options. */

export interface StepStaffRow {
  id: string
  name: LocalizedText
  sort_order: number
  archived: boolean
}

export interface OptionStaffRow {
  id: string
  processing_step_id: string
  name: LocalizedText
  sort_order: number
  archived: boolean
}

const json = (value: unknown) => JSON.stringify(value)

export function createStaffStepRepo(db: Queryable) {
  return {
    async listSteps(q: Queryable = db): Promise<StepStaffRow[]> {
      const { rows } = await q.query<StepStaffRow>(
        `SELECT id, name, sort_order, archived_at IS NOT NULL AS archived FROM processing_steps ORDER BY sort_order, id`,
      )
      return rows
    },
    async findStep(id: string, q: Queryable = db): Promise<StepStaffRow | undefined> {
      const { rows } = await q.query<StepStaffRow>(
        `SELECT id, name, sort_order, archived_at IS NOT NULL AS archived FROM processing_steps WHERE id = $1`,
        [id],
      )
      return rows[0]
    },
    async listOptions(stepId: string | undefined, q: Queryable = db): Promise<OptionStaffRow[]> {
      const { rows } = await q.query<OptionStaffRow>(
        `SELECT id, processing_step_id, name, sort_order, archived_at IS NOT NULL AS archived
         FROM processing_step_options WHERE $1::text IS NULL OR processing_step_id = $1
         ORDER BY processing_step_id, sort_order, id`,
        [stepId ?? null],
      )
      return rows
    },
    async insertStep(tx: Queryable, id: string, name: LocalizedTextInput, sortOrder: number): Promise<void> {
      await tx.query('INSERT INTO processing_steps (id, name, sort_order) VALUES ($1, $2::jsonb, $3)', [
        id,
        json(name),
        sortOrder,
      ])
    },
    async updateStep(
      tx: Queryable,
      id: string,
      patch: { name?: LocalizedTextInput | undefined; sortOrder?: number | undefined },
    ): Promise<void> {
      await tx.query(
        'UPDATE processing_steps SET name = COALESCE($2::jsonb, name), sort_order = COALESCE($3, sort_order) WHERE id = $1',
        [id, patch.name === undefined ? null : json(patch.name), patch.sortOrder ?? null],
      )
    },
    async insertOption(
      tx: Queryable,
      option: { id: string; stepId: string; name: LocalizedTextInput; sortOrder: number },
    ): Promise<void> {
      await tx.query(
        'INSERT INTO processing_step_options (id, processing_step_id, name, sort_order) VALUES ($1, $2, $3::jsonb, $4)',
        [option.id, option.stepId, json(option.name), option.sortOrder],
      )
    },
    /** Renames, reorders and un-archives a kept option. */
    async updateOption(
      tx: Queryable,
      id: string,
      name: LocalizedTextInput,
      sortOrder: number,
    ): Promise<void> {
      await tx.query(
        'UPDATE processing_step_options SET name = $2::jsonb, sort_order = $3, archived_at = NULL WHERE id = $1',
        [id, json(name), sortOrder],
      )
    },
    /** Archives dropped options and moves them behind the `listed` kept ones, keeping their order. */
    async archiveOptions(tx: Queryable, ids: readonly string[], listed: number): Promise<void> {
      await tx.query(
        `UPDATE processing_step_options SET archived_at = COALESCE(archived_at, now()), sort_order = sort_order + $2
                 WHERE id = ANY($1::text[])`,
        [[...ids], listed],
      )
    },
  }
}
