import { AnalysedPropertiesSchema } from '#shared/contracts/analysis.contract.ts'
import type { StaffUpload, StaffUploadListResponse } from '#shared/contracts/staff-sheet.contract.ts'
import { FORMATS_WITH_OWN_UNIT, type UnitOfLength } from '#shared/domain/limits.ts'
import { MM_PER_UNIT } from '#shared/domain/units.ts'
import type { Queryable } from '#server/db/db.ts'

/**
 * Analysed uploads for the sheet editor's object picker (decision 0114): newest first, filtered by a part of the
 * file name, with their measures in millimetres as pricing feeds them to a sheet.
 */

export interface AnalysedUploadQuery {
  /** A part of the name or the original file name, case-insensitive; empty: every analysed upload. */
  query: string
  limit: number
  offset: number
}

interface Row {
  id: string
  name: string
  original_file_name: string
  format: string
  given_unit_of_length: UnitOfLength
  analysed_properties: unknown
  triangles: number
  created_at: Date | string
  total: string
}

/** `%` and `_` in the staff member's text are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

function uploadOf(row: Row): StaffUpload {
  const analysed = AnalysedPropertiesSchema.parse(row.analysed_properties)
  // Formats with their own unit are stored in millimetres already; the others in the unit given at upload, which
  // is the unit the configure view prices them in until the customer changes it.
  const unit: UnitOfLength = FORMATS_WITH_OWN_UNIT.has(row.format) ? 'mm' : row.given_unit_of_length
  const factor = MM_PER_UNIT[unit]
  return {
    id: row.id,
    name: row.name,
    originalFileName: row.original_file_name,
    createdAt: new Date(row.created_at).toISOString(),
    unit,
    triangles: row.triangles,
    measures: {
      xMm: analysed.dimensions.x * factor,
      yMm: analysed.dimensions.y * factor,
      zMm: analysed.dimensions.z * factor,
      internalVolumeMm3: analysed.internalVolume * factor ** 3,
      externalVolumeMm3: analysed.externalVolume * factor ** 3,
      surfaceAreaMm2: analysed.surfaceArea * factor ** 2,
      minXMm: analysed.minX * factor,
      maxXMm: analysed.maxX * factor,
      maxYMm: analysed.maxY * factor,
    },
  }
}

const COLUMNS = `id, name, original_file_name, format, given_unit_of_length, analysed_properties, triangles, created_at`

export function createAnalysedUploadsRepo(db: Queryable) {
  return {
    async listAnalysedUploads(query: AnalysedUploadQuery): Promise<StaffUploadListResponse> {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS}, count(*) OVER ()::text AS total
         FROM model_files
         WHERE state = 'analysed'
           AND ($1 = '' OR name ILIKE $2 OR original_file_name ILIKE $2)
         ORDER BY created_at DESC, id
         LIMIT $3 OFFSET $4`,
        [query.query, likePattern(query.query), query.limit, query.offset],
      )
      let total = Number(rows[0]?.total ?? 0)
      if (rows.length === 0 && query.offset > 0) {
        // A page past the end still says how many there are, so the picker can page back.
        const counted = await db.query<{ total: string }>(
          `SELECT count(*)::text AS total FROM model_files
           WHERE state = 'analysed' AND ($1 = '' OR name ILIKE $2 OR original_file_name ILIKE $2)`,
          [query.query, likePattern(query.query)],
        )
        total = Number(counted.rows[0]?.total ?? 0)
      }
      return { uploads: rows.map(uploadOf), total }
    },

    async findAnalysedUpload(id: string): Promise<StaffUpload | undefined> {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS}, '1' AS total FROM model_files WHERE id = $1 AND state = 'analysed'`,
        [id],
      )
      return rows[0] === undefined ? undefined : uploadOf(rows[0])
    },
  }
}
