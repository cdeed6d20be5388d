import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type {
  AnalysisFile,
  AnalysisFilePatch,
  AnalysisTask,
  HistogramImageQuery,
  PictureKey,
} from '#shared/contracts/analysis.contract.ts'
import { FORMATS_WITH_OWN_UNIT } from '#shared/domain/limits.ts'
import { MM_PER_UNIT } from '#shared/domain/units.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { type AnalysisContext, notFound } from '#server/modules/analysis/analysis-context.ts'
import {
  HISTOGRAM_CACHE_DIR,
  HISTOGRAM_CACHE_MAX_FILES,
  model3mfFileName,
  newIncomingPath,
  picturePath,
} from '#server/modules/analysis/analysis-storage.ts'
import type { ModelFileRow, TaskRow } from '#server/modules/analysis/analysis.repo.ts'
import { createDrawOnce } from '#server/modules/analysis/draw-once.ts'

/** The task to poll, the analysed file and its renaming, its downloads and pictures (spec part 1 §3, §7). */

export interface ServedFile {
  path: string
  /** Removed after sending (a picture that was not cached). */
  temporary: boolean
}

function toAnalysisFile(row: ModelFileRow): AnalysisFile {
  if (row.analysed_properties === null || row.files === null || row.front_pictures === null) throw notFound()
  const repair = row.repair_info
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    givenUnitOfLength: row.given_unit_of_length,
    analysedProperties: row.analysed_properties,
    files: row.files,
    frontPictures: row.front_pictures,
    repairInfo:
      repair === null
        ? null
        : {
            numberOfFlippedPolygons: repair.numberOfFlippedPolygons,
            numberOfRemovedFlatOpenShells: repair.numberOfRemovedFlatOpenShells,
            numberOfClosedOpenLoops: repair.numberOfClosedOpenLoops,
            numberOfMergedVertexPairs: repair.numberOfMergedVertexPairs,
            repairImages: repair.repairImages,
          },
    // A 3D file has no scale of its own: the cart item scales it (spec part 1 §3).
    scale: 1,
    // Measured, the wall thickness and pictures still to come (decision 0124 §2).
    ...(row.state === 'analysed' ? {} : { pending: true as const }),
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export function createAnalysisFiles(ctx: AnalysisContext) {
  const { repo, analysedRow } = ctx
  return {
    /**
     * The task; with `waitMs` a task still queued or running is held until it changes (in this process) or the wait
     * ends, so the client learns of the result at once instead of at its next poll (decision 0124); with
     * `untilMeasured` it is held through its progress messages until its measures are stored or it ends (decision
     * 0137): a client polls again only one interval after its poll began, so an answer on "reading" would cost it
     * the rest of that interval.
     */
    async getTask(taskId: string, waitMs = 0, untilMeasured = false): Promise<AnalysisTask> {
      const deadline = performance.now() + waitMs
      const nextChange = (): Promise<void> | undefined => {
        const left = Math.round(deadline - performance.now())
        if (left <= 0) return undefined
        return ctx.deps.nextTaskChange?.(taskId, left) ?? sleep(left)
      }
      // Listening before the read: a change between the read and the wait is not missed.
      let changed = nextChange()
      let row = await repo.findTask(taskId)
      if (row === undefined) throw notFound()
      const isAnswer = (task: TaskRow): boolean =>
        (task.state !== 'queued' && task.state !== 'running') || (untilMeasured && task.measured)
      while (changed !== undefined && !isAnswer(row)) {
        await changed
        changed = untilMeasured ? nextChange() : undefined
        row = (await repo.findTask(taskId)) ?? row
      }
      return {
        taskId: row.id,
        state: row.state,
        progress: row.progress,
        messages: row.messages,
        ...(row.measured && row.state === 'running' ? { measured: true as const } : {}),
        ...(row.state === 'failed' && row.error_code !== null
          ? {
              error: {
                code: row.error_code,
                ...(row.error_details === null ? {} : { details: row.error_details }),
              },
            }
          : {}),
      }
    },

    async getFile(id: string): Promise<AnalysisFile> {
      return toAnalysisFile(await analysedRow(id))
    },

    /**
     * Renames and/or re-units a file for its owner. Anyone else, and a request without a visitor cookie, gets the
     * same 404 as an unknown id (decision 0076): the answer does not say that the id exists.
     */
    async patchFile(
      id: string,
      visitorId: string | undefined,
      patch: AnalysisFilePatch,
    ): Promise<AnalysisFile> {
      const current = await analysedRow(id)
      if (visitorId === undefined || current.owner_visitor !== visitorId) throw notFound()
      // 3MF and STEP say their unit; pricing reads them as millimetres whatever a cart item says (pricing's
      // analysed-object.repo.ts), so another unit here would show one size and price another.
      if (FORMATS_WITH_OWN_UNIT.has(current.format) && (patch.givenUnitOfLength ?? 'mm') !== 'mm') {
        throw new AppError(ErrorCode.ValidationFailed, 'A 3MF or STEP file carries its own unit', {
          issues: [
            { path: ['givenUnitOfLength'], code: 'unit_from_file', message: 'The file is in millimetres' },
          ],
        })
      }
      const row = await repo.updateModelFile(id, visitorId, patch)
      if (row === undefined) throw notFound()
      return toAnalysisFile(row)
    },
  }
}

/** Downloads and pictures; what is drawn on request (the 3MF, thickness pictures) goes to the render pool. */
export function createAnalysisDownloads(ctx: AnalysisContext) {
  const { repo, settings, deps, analysedRow, resultDirOf, exists, render } = ctx
  const drawOnce = createDrawOnce()
  return {
    /**
     * The repaired model as 3MF in millimetres, read in the file's current unit. The analysis writes none: the first
     * request for a unit draws it from the stored internal mesh, and requests meanwhile wait for that drawing
     * (decision 0135).
     */
    async model3mf(id: string, kind: 'model' | 'repaired'): Promise<ServedFile & { downloadName: string }> {
      const row = await analysedRow(id)
      if (kind === 'repaired' && row.files?.repaired === null) throw notFound()
      const unit = row.given_unit_of_length
      const path = join(resultDirOf(row), model3mfFileName(unit))
      if (!(await exists(path))) {
        await drawOnce(path, () =>
          render(
            {
              kind: 'export-3mf',
              resultDir: resultDirOf(row),
              outPath: path,
              mmPerUnit: MM_PER_UNIT[unit],
            },
            // about 1.4 s of CPU per million triangles at load 12; the largest models have 4 million
            row.triangles / 1_000_000,
          ),
        )
      }
      const downloadName = `${row.name}${kind === 'repaired' ? '-repariert' : ''}.3mf`
      return { path, temporary: false, downloadName }
    },

    async picture(id: string, kind: 'front' | 'repair', key: PictureKey): Promise<ServedFile> {
      const row = await analysedRow(id)
      const listed = kind === 'front' ? row.front_pictures?.[key] : row.repair_info?.repairImages[key]
      if (listed === undefined) throw notFound()
      const path = picturePath(resultDirOf(row), kind, key)
      if (!(await exists(path))) throw notFound()
      return { path, temporary: false }
    },

    /**
     * The wall-thickness picture for one parameter set, cached on disk per set (the print mode's minimum feature
     * size is part of the key, so a catalogue change draws anew). The cache per model is bounded; beyond it a
     * picture is drawn, sent and removed.
     */
    async histogramImage(id: string, query: HistogramImageQuery): Promise<ServedFile> {
      const row = await analysedRow(id)
      // Only measured: the per-face thickness is not written yet.
      if (row.state !== 'analysed') throw notFound()
      const minFeatureSizeMm = await repo.printModeMinFeatureSizeMm(query.printModeId)
      if (minFeatureSizeMm === undefined) throw notFound()
      const params = {
        scale: query.scale,
        unitOfLength: query.unitOfLength,
        direction: query.direction,
        rotation: query.rotation,
        minFeatureSizeMm,
      }
      const key = createHash('sha256').update(JSON.stringify(params)).digest('base64url').slice(0, 32)
      const cacheDir = join(resultDirOf(row), HISTOGRAM_CACHE_DIR)
      const cached = join(cacheDir, `${key}.png`)
      if (await exists(cached)) return { path: cached, temporary: false }
      const cacheFull =
        (await readdir(cacheDir).catch(() => [] as string[])).length >= HISTOGRAM_CACHE_MAX_FILES
      const outPath = cacheFull ? newIncomingPath(settings.uploadsDir, deps.incomingOwner, 'png') : cached
      const draw = () =>
        render({
          kind: 'histogram-image',
          resultDir: resultDirOf(row),
          faceCount: row.triangles,
          outPath,
          params,
        })
      // A picture for the cache is drawn once for requests that arrive together (a view turned twice quickly, two
      // tabs); one beyond the cache is this request's own file.
      await (cacheFull ? draw() : drawOnce(cached, draw))
      return { path: outPath, temporary: cacheFull }
    },
  }
}
