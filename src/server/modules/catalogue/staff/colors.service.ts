import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve, sep } from 'node:path'
import type { z } from 'zod'
import type {
  CreateColorSchema,
  StaffColor,
  UpdateColorSchema,
} from '#shared/contracts/staff-catalogue.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { hueOf, swatchSvg } from '#server/modules/catalogue/color-swatch.ts'
import type { ColorStaffRow } from '#server/modules/catalogue/staff/colors.repo.ts'
import { invalid, notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'

export function toStaffColor(row: ColorStaffRow): StaffColor {
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

/** The staff API's colours; a colour without its own thumbnail gets a generated swatch that follows its hex. */
export function createStaffColorService({ db, repo, write, requireIds, thumbnailsDir }: StaffContext) {
  function writeSwatch(path: string, hex: string): void {
    const root = resolve(thumbnailsDir)
    const file = resolve(root, path)
    if (!file.startsWith(root + sep)) throw invalid(['thumbnailPath'], 'invalid_path', 'Invalid path')
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, swatchSvg(hex))
  }

  async function replaceFinishes(tx: Queryable, colorId: string, finishIds: readonly string[]) {
    await requireIds(tx, 'surface_finishes', finishIds, ['surfaceFinishIds'], 'unknown_surface_finish')
    await repo.replaceColorFinishes(tx, colorId, finishIds)
  }

  async function create(userId: string, input: z.output<typeof CreateColorSchema>): Promise<StaffColor> {
    const id = newId()
    const thumbnailPath = input.thumbnailPath ?? `colors/${id}.svg`
    const row = await write(userId, 'create', 'color', id, async (tx) => {
      await requireIds(tx, 'print_modes', [input.printModeId], ['printModeId'], 'unknown_print_mode')
      await repo.insertColor(tx, id, { ...input, thumbnailPath, hue: input.hue ?? hueOf(input.hex) })
      await replaceFinishes(tx, id, input.surfaceFinishIds)
      return repo.findColor(id, tx)
    })
    if (row === undefined) throw notFound('color', id)
    if (input.thumbnailPath === undefined) writeSwatch(thumbnailPath, input.hex)
    return toStaffColor(row)
  }

  async function update(
    userId: string,
    id: string,
    input: z.output<typeof UpdateColorSchema>,
  ): Promise<StaffColor> {
    const change = async (tx: Queryable) => {
      const before = await repo.findColor(id, tx)
      if (before === undefined) throw notFound('color', id)
      const hue = input.hue ?? (input.hex === undefined ? undefined : hueOf(input.hex))
      await repo.updateColor(tx, id, { ...input, hue })
      if (input.surfaceFinishIds !== undefined) await replaceFinishes(tx, id, input.surfaceFinishIds)
      return repo.findColor(id, tx)
    }
    const row = await write(userId, 'update', 'color', id, change, input)
    if (row === undefined) throw notFound('color', id)
    // A generated swatch follows its colour.
    if (
      input.hex !== undefined &&
      input.thumbnailPath === undefined &&
      /^colors\/.+\.svg$/.test(row.thumbnail_path)
    )
      writeSwatch(row.thumbnail_path, row.hex)
    return toStaffColor(row)
  }

  return {
    async listColors(): Promise<StaffColor[]> {
      return (await repo.listColors(db)).map(toStaffColor)
    },
    createColor: create,
    updateColor: update,
  }
}
