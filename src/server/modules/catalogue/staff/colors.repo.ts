import type { Queryable } from '#server/db/db.ts'
import type { LocalizedTextInput } from '#shared/contracts/staff-catalogue.contract.ts'
import type { LocalizedText } from '#server/db/localized-text.ts'
import { replaceLinks } from '#server/db/replace-links.ts'

/** SQL of the staff API's colours and their surface finishes. */

export interface ColorStaffRow {
  id: string
  print_mode_id: string
  name: LocalizedText
  hex: string
  thumbnail_path: string
  hue: number
  spreadsheet_variable: number
  sort_order: number
  archived: boolean
  finish_ids: string[]
}

/** A colour's columns as written; `undefined`/`null` in an update keeps the stored value. */
export interface ColorColumns {
  printModeId: string
  name: LocalizedTextInput
  hex: string
  thumbnailPath: string
  hue: number
  spreadsheetVariable: number
  sortOrder: number
}

const json = (value: unknown) => JSON.stringify(value)

const COLOR_SELECT = `
  SELECT c.id, c.print_mode_id, c.name, c.hex, c.thumbnail_path, c.hue, c.spreadsheet_variable, c.sort_order,
         c.archived_at IS NOT NULL AS archived,
         COALESCE((SELECT array_agg(csf.surface_finish_id ORDER BY csf.surface_finish_id)
                   FROM color_surface_finishes csf WHERE csf.color_id = c.id), '{}'::text[]) AS finish_ids
  FROM colors c`

export function createStaffColorRepo(db: Queryable) {
  return {
    async listColors(q: Queryable = db): Promise<ColorStaffRow[]> {
      const { rows } = await q.query<ColorStaffRow>(
        `${COLOR_SELECT} ORDER BY c.print_mode_id, c.sort_order, c.id`,
      )
      return rows
    },
    async findColor(id: string, q: Queryable = db): Promise<ColorStaffRow | undefined> {
      const { rows } = await q.query<ColorStaffRow>(`${COLOR_SELECT} WHERE c.id = $1`, [id])
      return rows[0]
    },
    async insertColor(tx: Queryable, id: string, color: ColorColumns): Promise<void> {
      await tx.query(
        `INSERT INTO colors (id, print_mode_id, name, hex, thumbnail_path, hue, spreadsheet_variable, sort_order)
           VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8)`,
        [
          id,
          color.printModeId,
          json(color.name),
          color.hex,
          color.thumbnailPath,
          color.hue,
          color.spreadsheetVariable,
          color.sortOrder,
        ],
      )
    },
    async updateColor(
      tx: Queryable,
      id: string,
      patch: { [K in Exclude<keyof ColorColumns, 'printModeId'>]?: ColorColumns[K] | undefined },
    ): Promise<void> {
      await tx.query(
        `UPDATE colors SET name = COALESCE($2::jsonb, name), hex = COALESCE($3, hex),
             hue = COALESCE($4, hue), thumbnail_path = COALESCE($5, thumbnail_path),
             spreadsheet_variable = COALESCE($6, spreadsheet_variable), sort_order = COALESCE($7, sort_order)
           WHERE id = $1`,
        [
          id,
          patch.name === undefined ? null : json(patch.name),
          patch.hex ?? null,
          patch.hue ?? null,
          patch.thumbnailPath ?? null,
          patch.spreadsheetVariable ?? null,
          patch.sortOrder ?? null,
        ],
      )
    },
    async replaceColorFinishes(tx: Queryable, colorId: string, finishIds: readonly string[]): Promise<void> {
      await replaceLinks(
        tx,
        { table: 'color_surface_finishes', ownerColumn: 'color_id', linkColumn: 'surface_finish_id' },
        colorId,
        finishIds,
      )
    },
  }
}
