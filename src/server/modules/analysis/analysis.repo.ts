import type {
  AnalysedProperties,
  PictureSet,
  TaskMessageCode,
  TaskState,
} from '#shared/contracts/analysis.contract.ts'
import type { UnitOfLength } from '#shared/domain/limits.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db } from '#server/db/db.ts'
import type { StoredThicknessHistogram } from '#server/modules/analysis/analysis-jobs.ts'
import type { RepairInfo as EngineRepairInfo, ModelFormat } from '#engine/engine.ts'

/** Model files and their tasks as the HTTP endpoints read and write them (the queue's SQL is in analysis-queue.repo.ts). */

export interface NewModelFile {
  id: string
  taskId: string
  name: string
  originalFileName: string
  format: ModelFormat
  sizeBytes: number
  sha256: string
  givenUnit: UnitOfLength
  isDemo: boolean
  /** The uploading visitor (uploader-identity.ts): the only one who may change the file. */
  ownerVisitor: string
  /** The keyed hash of the uploading address, for the daily quota. */
  uploaderAddress: string
}

export interface TaskRow {
  id: string
  state: TaskState
  progress: number
  messages: TaskMessageCode[]
  error_code: ErrorCode | null
  error_details: Record<string, unknown> | null
  /** The model file has its measures while the task still runs (decision 0124 §2). */
  measured: boolean
}

export interface ModelFileRow {
  id: string
  name: string
  original_file_name: string
  format: ModelFormat
  given_unit_of_length: UnitOfLength
  state: 'analysing' | 'analysed' | 'failed'
  analysed_properties: AnalysedProperties | null
  repair_info: (EngineRepairInfo & { repairImages: PictureSet }) | null
  files: { '3mf': string; repaired: string | null } | null
  front_pictures: PictureSet | null
  printable: boolean | null
  thickness_histogram: StoredThicknessHistogram | null
  triangles: number | null
  result_dir: string | null
  /** Null for files uploaded before owners were recorded (migration 007): nobody may change those. */
  owner_visitor: string | null
  /** The uploaded file's SHA-256 (an order line keeps it, so a quote can be reproduced). */
  sha256: string
}

const MODEL_FILE_COLUMNS = `id, name, original_file_name, format, given_unit_of_length, state, analysed_properties,
  repair_info, files, front_pictures, printable, thickness_histogram, triangles, result_dir, owner_visitor, sha256`

export function createAnalysisRepo(db: Db) {
  return {
    /** The model file and its first task, together: a stored upload always has a task to poll. */
    async insertUpload(file: NewModelFile): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO model_files (id, name, original_file_name, format, size_bytes, sha256, given_unit_of_length,
                                    is_demo, owner_visitor, uploader_address)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            file.id,
            file.name,
            file.originalFileName,
            file.format,
            file.sizeBytes,
            file.sha256,
            file.givenUnit,
            file.isDemo,
            file.ownerVisitor,
            file.uploaderAddress,
          ],
        )
        await tx.query('INSERT INTO analysis_tasks (id, model_file_id) VALUES ($1, $2)', [
          file.taskId,
          file.id,
        ])
      })
    },

    async findTask(id: string): Promise<TaskRow | undefined> {
      const { rows } = await db.query<TaskRow>(
        `SELECT t.id, t.state, t.progress, t.messages, t.error_code, t.error_details,
                (m.state = 'analysing' AND m.analysed_properties IS NOT NULL) AS measured
           FROM analysis_tasks t JOIN model_files m ON m.id = t.model_file_id
          WHERE t.id = $1`,
        [id],
      )
      return rows[0]
    },

    async findModelFile(id: string): Promise<ModelFileRow | undefined> {
      const { rows } = await db.query<ModelFileRow>(
        `SELECT ${MODEL_FILE_COLUMNS} FROM model_files WHERE id = $1`,
        [id],
      )
      return rows[0]
    },

    /** Renames and/or re-units an analysed file of `ownerVisitor`; undefined when that visitor has no such file. */
    async updateModelFile(
      id: string,
      ownerVisitor: string,
      patch: { name?: string | undefined; givenUnitOfLength?: UnitOfLength | undefined },
    ): Promise<ModelFileRow | undefined> {
      const { rows } = await db.query<ModelFileRow>(
        `UPDATE model_files
            SET name = COALESCE($2, name), given_unit_of_length = COALESCE($3, given_unit_of_length),
                updated_at = now()
          WHERE id = $1 AND state = 'analysed' AND owner_visitor = $4
        RETURNING ${MODEL_FILE_COLUMNS}`,
        [id, patch.name ?? null, patch.givenUnitOfLength ?? null, ownerVisitor],
      )
      return rows[0]
    },

    /** The print mode's minimum feature size (mm), for the wall-thickness picture. */
    async printModeMinFeatureSizeMm(printModeId: string): Promise<number | undefined> {
      const { rows } = await db.query<{ min_feature_size_mm: number }>(
        'SELECT min_feature_size_mm FROM print_modes WHERE id = $1',
        [printModeId],
      )
      return rows[0]?.min_feature_size_mm
    },
  }
}
export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>
