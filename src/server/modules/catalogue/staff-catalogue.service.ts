import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve, sep } from 'node:path'
import type { z } from 'zod'
import { RANKING_LABELS, type RankingLabel } from '#shared/contracts/print-modes.contract.ts'
import type {
  CreateColorSchema,
  CreateNamedSchema,
  CreatePrintMode,
  CreateProcessingStepSchema,
  CreateSurfaceFinishSchema,
  CreateWhiteLabelSchema,
  StaffColor,
  StaffNamed,
  StaffPrintMode,
  StaffProcessingStep,
  StaffSurfaceFinish,
  StaffWhiteLabel,
  UpdateColorSchema,
  UpdateNamedSchema,
  UpdatePrintMode,
  UpdateProcessingStepSchema,
  UpdateSurfaceFinishSchema,
  UpdateWhiteLabelSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts'
import { hueOf, swatchSvg } from '#server/modules/catalogue/color-swatch.ts'
import type {
  ArchivableResource,
  ColorStaffRow,
  OptionStaffRow,
  PrintModeStaffRow,
  StaffCatalogueRepo,
  StepStaffRow,
} from '#server/modules/catalogue/staff-catalogue.repo.ts'
import { DEFAULT_PRICING_TEST_PARAMETERS } from '#server/modules/pricing/sheet/default-sheets.ts'

/**
 * The staff catalogue API's writes (docs/decisions/0050-catalogue-cache.md): each in one transaction with its
 * audit entry, then the catalogue cache is invalidated. Archive instead of delete: an order may name any row.
 */

type In<S extends z.ZodType> = z.output<S>
const json = (value: unknown) => JSON.stringify(value)

const rankingColumn = {
  price: 'ranking_price',
  flexibility: 'ranking_flexibility',
  stability: 'ranking_stability',
  precision: 'ranking_precision',
  wearResistance: 'ranking_wear_resistance',
  heatResistance: 'ranking_heat_resistance',
  maxNumberOfParts: 'ranking_max_parts',
  maxIncrementalMeasurement: 'ranking_max_incremental_measurement',
} as const satisfies Record<RankingLabel, keyof PrintModeStaffRow>

function notFound(resource: string, id: string): AppError {
  return new AppError(ErrorCode.NotFound, `Unknown ${resource}`, { details: { resource, id } })
}

function invalid(path: (string | number)[], code: string, message: string): AppError {
  return new AppError(ErrorCode.ValidationFailed, message, { issues: [{ path, code, message }] })
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

export function toStaffPrintMode(row: PrintModeStaffRow): StaffPrintMode {
  return {
    id: row.id,
    materialId: row.material_id,
    methodId: row.method_id,
    name: row.name,
    description: row.description,
    surfaceQuality: row.surface_quality,
    applications: row.applications,
    maxDimensions: { x: row.max_x_mm, y: row.max_y_mm, z: row.max_z_mm },
    minFeatureSize: row.min_feature_size_mm,
    resolutionXY: row.resolution_xy_mm,
    resolutionZ: row.resolution_z_mm,
    ranking: Object.fromEntries(RANKING_LABELS.map((label) => [label, row[rankingColumn[label]]])) as Record<
      RankingLabel,
      number
    >,
    sortOrder: row.sort_order,
    isActive: row.is_active,
    whiteLabelIds: row.white_label_ids,
    surfaceFinishIds: row.finish_ids,
    processingStepIds: row.step_ids,
    pricingTestParameters: { ...DEFAULT_PRICING_TEST_PARAMETERS, ...row.pricing_test_parameters },
    archived: row.archived,
    currentSheetVersionId: row.current_sheet_version_id,
  }
}

function toStaffColor(row: ColorStaffRow): StaffColor {
  return {
    id: row.id,
    printModeId: row.print_mode_id,
    name: row.name,
    hex: row.hex,
    thumbnailPath: row.thumbnail_path,
    hue: row.hue,
    spreadsheetVariable: row.spreadsheet_variable,
    surfaceFinishIds: row.finish_ids,
    sortOrder: row.sort_order,
    archived: row.archived,
  }
}

function toStaffStep(row: StepStaffRow, options: OptionStaffRow[]): StaffProcessingStep {
  return {
    id: row.id,
    name: row.name,
    sortOrder: row.sort_order,
    archived: row.archived,
    options: options.map((option) => ({ id: option.id, name: option.name, archived: option.archived })),
  }
}

export interface StaffCatalogueDeps {
  db: Db
  repo: StaffCatalogueRepo
  cache: Pick<CatalogueCache, 'invalidate'>
  thumbnailsDir: string
}

export function createStaffCatalogueService(deps: StaffCatalogueDeps) {
  const { db, repo } = deps

  /** Runs a write with its audit entry; a unique violation is a 409 conflict. Invalidates the cache after commit. */
  async function write<R>(
    userId: string,
    action: 'create' | 'update' | 'archive' | 'restore',
    entity: string,
    entityId: string,
    fn: (tx: Queryable) => Promise<R>,
    details?: unknown,
  ): Promise<R> {
    let result: R
    try {
      result = await db.transaction(async (tx) => {
        const value = await fn(tx)
        await repo.audit(tx, { userId, action, entity, entityId, details })
        return value
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.Conflict, `The ${entity} already exists`)
      throw error
    } finally {
      deps.cache.invalidate()
    }
    return result
  }

  async function requireIds(
    tx: Queryable,
    table: string,
    ids: readonly string[],
    path: (string | number)[],
    code: string,
  ): Promise<void> {
    const found = await repo.existing(table, ids, tx)
    const index = ids.findIndex((id) => !found.has(id))
    if (index >= 0) throw invalid([...path, index], code, `Unknown id ${ids[index]}`)
    if (new Set(ids).size !== ids.length) throw invalid(path, 'duplicate_id', 'An id is listed twice')
  }

  function writeSwatch(path: string, hex: string): void {
    const root = resolve(deps.thumbnailsDir)
    const file = resolve(root, path)
    if (!file.startsWith(root + sep)) throw invalid(['thumbnailPath'], 'invalid_path', 'Invalid path')
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, swatchSvg(hex))
  }

  async function printMode(id: string, q: Queryable = db): Promise<StaffPrintMode> {
    const row = await repo.findPrintMode(id, q)
    if (row === undefined) throw notFound('print mode', id)
    return toStaffPrintMode(row)
  }

  async function step(id: string, q: Queryable = db): Promise<StaffProcessingStep> {
    const row = await repo.findStep(id, q)
    if (row === undefined) throw notFound('processing step', id)
    return toStaffStep(row, await repo.listOptions(id, q))
  }

  async function replacePrintModeLinks(
    tx: Queryable,
    id: string,
    input: Pick<UpdatePrintMode, 'whiteLabelIds' | 'surfaceFinishIds' | 'processingStepIds'>,
  ): Promise<void> {
    if (input.whiteLabelIds !== undefined) {
      await requireIds(tx, 'white_labels', input.whiteLabelIds, ['whiteLabelIds'], 'unknown_white_label')
      await tx.query('DELETE FROM print_mode_white_labels WHERE print_mode_id = $1', [id])
      for (const whiteLabelId of input.whiteLabelIds) {
        await tx.query(
          'INSERT INTO print_mode_white_labels (print_mode_id, white_label_id) VALUES ($1, $2)',
          [id, whiteLabelId],
        )
      }
    }
    if (input.surfaceFinishIds !== undefined) {
      await requireIds(
        tx,
        'surface_finishes',
        input.surfaceFinishIds,
        ['surfaceFinishIds'],
        'unknown_surface_finish',
      )
      await tx.query('DELETE FROM print_mode_surface_finishes WHERE print_mode_id = $1', [id])
      for (const [index, finishId] of input.surfaceFinishIds.entries()) {
        await tx.query(
          'INSERT INTO print_mode_surface_finishes (print_mode_id, surface_finish_id, sort_order) VALUES ($1, $2, $3)',
          [id, finishId, index],
        )
      }
    }
    if (input.processingStepIds !== undefined) {
      await requireIds(
        tx,
        'processing_steps',
        input.processingStepIds,
        ['processingStepIds'],
        'unknown_processing_step',
      )
      await tx.query('DELETE FROM print_mode_processing_steps WHERE print_mode_id = $1', [id])
      for (const [index, stepId] of input.processingStepIds.entries()) {
        await tx.query(
          'INSERT INTO print_mode_processing_steps (print_mode_id, processing_step_id, sort_order) VALUES ($1, $2, $3)',
          [id, stepId, index],
        )
      }
    }
  }

  async function replaceColorFinishes(tx: Queryable, colorId: string, finishIds: readonly string[]) {
    await requireIds(tx, 'surface_finishes', finishIds, ['surfaceFinishIds'], 'unknown_surface_finish')
    await tx.query('DELETE FROM color_surface_finishes WHERE color_id = $1', [colorId])
    for (const finishId of finishIds) {
      await tx.query('INSERT INTO color_surface_finishes (color_id, surface_finish_id) VALUES ($1, $2)', [
        colorId,
        finishId,
      ])
    }
  }

  return {
    // ----------------------------------------------------------------------------------------------------------
    // Reads

    async listWhiteLabels(): Promise<StaffWhiteLabel[]> {
      return (await repo.listWhiteLabels()).map((row) => ({
        id: row.id,
        name: row.name,
        apiKey: row.api_key,
        isDefault: row.is_default,
        archived: row.archived,
      }))
    },
    async listNamed(table: 'materials' | 'methods'): Promise<StaffNamed[]> {
      return repo.listNamed(table)
    },
    async listFinishes(): Promise<StaffSurfaceFinish[]> {
      return (await repo.listFinishes()).map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        spreadsheetVariable: row.spreadsheet_variable,
        sortOrder: row.sort_order,
        archived: row.archived,
      }))
    },
    async listColors(): Promise<StaffColor[]> {
      return (await repo.listColors()).map(toStaffColor)
    },
    async listSteps(): Promise<StaffProcessingStep[]> {
      const [steps, options] = await Promise.all([repo.listSteps(), repo.listOptions(undefined)])
      return steps.map((row) =>
        toStaffStep(
          row,
          options.filter((option) => option.processing_step_id === row.id),
        ),
      )
    },
    async listPrintModes(): Promise<StaffPrintMode[]> {
      return (await repo.listPrintModes()).map(toStaffPrintMode)
    },
    getPrintMode: (id: string) => printMode(id),

    // ----------------------------------------------------------------------------------------------------------
    // White labels

    async createWhiteLabel(
      userId: string,
      input: In<typeof CreateWhiteLabelSchema>,
    ): Promise<StaffWhiteLabel> {
      const id = newId()
      await write(userId, 'create', 'white-label', id, (tx) =>
        tx.query('INSERT INTO white_labels (id, name, api_key) VALUES ($1, $2, $3)', [
          id,
          input.name,
          input.apiKey,
        ]),
      )
      return { id, name: input.name, apiKey: input.apiKey, isDefault: false, archived: false }
    },
    async updateWhiteLabel(
      userId: string,
      id: string,
      input: In<typeof UpdateWhiteLabelSchema>,
    ): Promise<StaffWhiteLabel> {
      const row = await write(
        userId,
        'update',
        'white-label',
        id,
        async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `UPDATE white_labels SET name = COALESCE($2, name), api_key = COALESCE($3, api_key)
           WHERE id = $1 RETURNING id`,
            [id, input.name ?? null, input.apiKey ?? null],
          )
          if (rows.length === 0) throw notFound('white label', id)
          return repo.findWhiteLabel(id, tx)
        },
        input,
      )
      if (row === undefined) throw notFound('white label', id)
      return {
        id: row.id,
        name: row.name,
        apiKey: row.api_key,
        isDefault: row.is_default,
        archived: row.archived,
      }
    },

    // ----------------------------------------------------------------------------------------------------------
    // Materials and methods

    async createNamed(
      userId: string,
      table: 'materials' | 'methods',
      input: In<typeof CreateNamedSchema>,
    ): Promise<StaffNamed> {
      const id = newId()
      await write(userId, 'create', table, id, (tx) =>
        tx.query(`INSERT INTO ${table} (id, name) VALUES ($1, $2::jsonb)`, [id, json(input.name)]),
      )
      return { id, name: input.name, archived: false }
    },
    async updateNamed(
      userId: string,
      table: 'materials' | 'methods',
      id: string,
      input: In<typeof UpdateNamedSchema>,
    ): Promise<StaffNamed> {
      return write(
        userId,
        'update',
        table,
        id,
        async (tx) => {
          await tx.query(`UPDATE ${table} SET name = COALESCE($2::jsonb, name) WHERE id = $1`, [
            id,
            input.name === undefined ? null : json(input.name),
          ])
          const row = await repo.findNamed(table, id, tx)
          if (row === undefined) throw notFound(table, id)
          return row
        },
        input,
      )
    },

    // ----------------------------------------------------------------------------------------------------------
    // Surface finishes

    async createFinish(
      userId: string,
      input: In<typeof CreateSurfaceFinishSchema>,
    ): Promise<StaffSurfaceFinish> {
      const id = newId()
      await write(userId, 'create', 'surface-finish', id, (tx) =>
        tx.query(
          `INSERT INTO surface_finishes (id, name, description, spreadsheet_variable, sort_order)
           VALUES ($1, $2::jsonb, $3::jsonb, $4, $5)`,
          [id, json(input.name), json(input.description), input.spreadsheetVariable, input.sortOrder],
        ),
      )
      return { id, ...input, archived: false }
    },
    async updateFinish(
      userId: string,
      id: string,
      input: In<typeof UpdateSurfaceFinishSchema>,
    ): Promise<StaffSurfaceFinish> {
      const row = await write(
        userId,
        'update',
        'surface-finish',
        id,
        async (tx) => {
          await tx.query(
            `UPDATE surface_finishes SET name = COALESCE($2::jsonb, name), description = COALESCE($3::jsonb, description),
             spreadsheet_variable = COALESCE($4, spreadsheet_variable), sort_order = COALESCE($5, sort_order)
           WHERE id = $1`,
            [
              id,
              input.name === undefined ? null : json(input.name),
              input.description === undefined ? null : json(input.description),
              input.spreadsheetVariable ?? null,
              input.sortOrder ?? null,
            ],
          )
          return repo.findFinish(id, tx)
        },
        input,
      )
      if (row === undefined) throw notFound('surface finish', id)
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        spreadsheetVariable: row.spreadsheet_variable,
        sortOrder: row.sort_order,
        archived: row.archived,
      }
    },

    // ----------------------------------------------------------------------------------------------------------
    // Colours

    async createColor(userId: string, input: In<typeof CreateColorSchema>): Promise<StaffColor> {
      const id = newId()
      const thumbnailPath = input.thumbnailPath ?? `colors/${id}.svg`
      const row = await write(userId, 'create', 'color', id, async (tx) => {
        await requireIds(tx, 'print_modes', [input.printModeId], ['printModeId'], 'unknown_print_mode')
        await tx.query(
          `INSERT INTO colors (id, print_mode_id, name, hex, thumbnail_path, hue, spreadsheet_variable, sort_order)
           VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8)`,
          [
            id,
            input.printModeId,
            json(input.name),
            input.hex,
            thumbnailPath,
            input.hue ?? hueOf(input.hex),
            input.spreadsheetVariable,
            input.sortOrder,
          ],
        )
        await replaceColorFinishes(tx, id, input.surfaceFinishIds)
        return repo.findColor(id, tx)
      })
      if (row === undefined) throw notFound('color', id)
      if (input.thumbnailPath === undefined) writeSwatch(thumbnailPath, input.hex)
      return toStaffColor(row)
    },
    async updateColor(userId: string, id: string, input: In<typeof UpdateColorSchema>): Promise<StaffColor> {
      const row = await write(
        userId,
        'update',
        'color',
        id,
        async (tx) => {
          const before = await repo.findColor(id, tx)
          if (before === undefined) throw notFound('color', id)
          await tx.query(
            `UPDATE colors SET name = COALESCE($2::jsonb, name), hex = COALESCE($3, hex),
             hue = COALESCE($4, hue), thumbnail_path = COALESCE($5, thumbnail_path),
             spreadsheet_variable = COALESCE($6, spreadsheet_variable), sort_order = COALESCE($7, sort_order)
           WHERE id = $1`,
            [
              id,
              input.name === undefined ? null : json(input.name),
              input.hex ?? null,
              input.hue ?? (input.hex === undefined ? null : hueOf(input.hex)),
              input.thumbnailPath ?? null,
              input.spreadsheetVariable ?? null,
              input.sortOrder ?? null,
            ],
          )
          if (input.surfaceFinishIds !== undefined) await replaceColorFinishes(tx, id, input.surfaceFinishIds)
          return repo.findColor(id, tx)
        },
        input,
      )
      if (row === undefined) throw notFound('color', id)
      // A generated swatch follows its colour.
      if (
        input.hex !== undefined &&
        input.thumbnailPath === undefined &&
        /^colors\/.+\.svg$/.test(row.thumbnail_path)
      )
        writeSwatch(row.thumbnail_path, row.hex)
      return toStaffColor(row)
    },

    // ----------------------------------------------------------------------------------------------------------
    // Processing steps

    async createStep(
      userId: string,
      input: In<typeof CreateProcessingStepSchema>,
    ): Promise<StaffProcessingStep> {
      const id = newId()
      return write(userId, 'create', 'processing-step', id, async (tx) => {
        await tx.query('INSERT INTO processing_steps (id, name, sort_order) VALUES ($1, $2::jsonb, $3)', [
          id,
          json(input.name),
          input.sortOrder,
        ])
        for (const [index, option] of input.options.entries()) {
          await tx.query(
            'INSERT INTO processing_step_options (id, processing_step_id, name, sort_order) VALUES ($1, $2, $3::jsonb, $4)',
            [newId(), id, json(option.name), index],
          )
        }
        return step(id, tx)
      })
    },
    async updateStep(
      userId: string,
      id: string,
      input: In<typeof UpdateProcessingStepSchema>,
    ): Promise<StaffProcessingStep> {
      return write(
        userId,
        'update',
        'processing-step',
        id,
        async (tx) => {
          const before = await repo.findStep(id, tx)
          if (before === undefined) throw notFound('processing step', id)
          await tx.query(
            'UPDATE processing_steps SET name = COALESCE($2::jsonb, name), sort_order = COALESCE($3, sort_order) WHERE id = $1',
            [id, input.name === undefined ? null : json(input.name), input.sortOrder ?? null],
          )
          if (input.options !== undefined) {
            const existing = new Set((await repo.listOptions(id, tx)).map((option) => option.id))
            const kept = new Set<string>()
            for (const [index, option] of input.options.entries()) {
              if (option.id === undefined) {
                await tx.query(
                  'INSERT INTO processing_step_options (id, processing_step_id, name, sort_order) VALUES ($1, $2, $3::jsonb, $4)',
                  [newId(), id, json(option.name), index],
                )
                continue
              }
              if (!existing.has(option.id) || kept.has(option.id))
                throw invalid(['options', index, 'id'], 'unknown_option', 'Not an option of this step')
              kept.add(option.id)
              await tx.query(
                'UPDATE processing_step_options SET name = $2::jsonb, sort_order = $3, archived_at = NULL WHERE id = $1',
                [option.id, json(option.name), index],
              )
            }
            const dropped = [...existing].filter((optionId) => !kept.has(optionId))
            if (dropped.length > 0) {
              await tx.query(
                // Archived options move behind the listed ones, keeping their order among themselves.
                `UPDATE processing_step_options SET archived_at = COALESCE(archived_at, now()), sort_order = sort_order + $2
                 WHERE id = ANY($1::text[])`,
                [dropped, input.options.length],
              )
            }
          }
          return step(id, tx)
        },
        input,
      )
    },

    // ----------------------------------------------------------------------------------------------------------
    // Print modes

    async createPrintMode(userId: string, input: CreatePrintMode): Promise<StaffPrintMode> {
      const id = newId()
      return write(userId, 'create', 'print-mode', id, async (tx) => {
        await requireIds(tx, 'materials', [input.materialId], ['materialId'], 'unknown_material')
        await requireIds(tx, 'methods', [input.methodId], ['methodId'], 'unknown_method')
        await tx.query(
          `INSERT INTO print_modes (
             id, material_id, method_id, name, description, surface_quality, applications,
             max_x_mm, max_y_mm, max_z_mm, min_feature_size_mm, resolution_xy_mm, resolution_z_mm,
             ranking_price, ranking_flexibility, ranking_stability, ranking_precision, ranking_wear_resistance,
             ranking_heat_resistance, ranking_max_parts, ranking_max_incremental_measurement, sort_order, is_active,
             pricing_test_parameters)
           VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13,
             $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24::jsonb)`,
          [
            id,
            input.materialId,
            input.methodId,
            json(input.name),
            json(input.description),
            json(input.surfaceQuality),
            json(input.applications),
            input.maxDimensions.x,
            input.maxDimensions.y,
            input.maxDimensions.z,
            input.minFeatureSize,
            input.resolutionXY,
            input.resolutionZ,
            ...RANKING_LABELS.map((label) => input.ranking[label]),
            input.sortOrder,
            input.isActive,
            json(input.pricingTestParameters ?? DEFAULT_PRICING_TEST_PARAMETERS),
          ],
        )
        await replacePrintModeLinks(tx, id, input)
        return printMode(id, tx)
      })
    },

    async updatePrintMode(userId: string, id: string, input: UpdatePrintMode): Promise<StaffPrintMode> {
      return write(
        userId,
        'update',
        'print-mode',
        id,
        async (tx) => {
          const before = await repo.findPrintMode(id, tx)
          if (before === undefined) throw notFound('print mode', id)
          if (input.materialId !== undefined)
            await requireIds(tx, 'materials', [input.materialId], ['materialId'], 'unknown_material')
          if (input.methodId !== undefined)
            await requireIds(tx, 'methods', [input.methodId], ['methodId'], 'unknown_method')
          const merged = { ...toStaffPrintMode(before), ...input }
          await tx.query(
            `UPDATE print_modes SET material_id = $2, method_id = $3, name = $4::jsonb, description = $5::jsonb,
             surface_quality = $6::jsonb, applications = $7::jsonb, max_x_mm = $8, max_y_mm = $9, max_z_mm = $10,
             min_feature_size_mm = $11, resolution_xy_mm = $12, resolution_z_mm = $13, ranking_price = $14,
             ranking_flexibility = $15, ranking_stability = $16, ranking_precision = $17,
             ranking_wear_resistance = $18, ranking_heat_resistance = $19, ranking_max_parts = $20,
             ranking_max_incremental_measurement = $21, sort_order = $22, is_active = $23,
             pricing_test_parameters = $24::jsonb, updated_at = now()
           WHERE id = $1`,
            [
              id,
              merged.materialId,
              merged.methodId,
              json(merged.name),
              json(merged.description),
              json(merged.surfaceQuality),
              json(merged.applications),
              merged.maxDimensions.x,
              merged.maxDimensions.y,
              merged.maxDimensions.z,
              merged.minFeatureSize,
              merged.resolutionXY,
              merged.resolutionZ,
              ...RANKING_LABELS.map((label) => merged.ranking[label]),
              merged.sortOrder,
              merged.isActive,
              json(merged.pricingTestParameters),
            ],
          )
          await replacePrintModeLinks(tx, id, input)
          return printMode(id, tx)
        },
        input,
      )
    },

    // ----------------------------------------------------------------------------------------------------------
    // Archive and restore

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
export type StaffCatalogueService = ReturnType<typeof createStaffCatalogueService>
