import { createAnalysisContext, type AnalysisServiceDeps } from '#server/modules/analysis/analysis-context.ts'
import { createAnalysisDownloads, createAnalysisFiles } from '#server/modules/analysis/analysis-files.ts'
import { createAnalysisUploads } from '#server/modules/analysis/analysis-uploads.ts'

/**
 * The analysis endpoints' logic (spec part 1 §3 "3D file", §4, §7): storing uploads and the demo object
 * (analysis-uploads.ts), the task to poll, the analysed file, its downloads and pictures (analysis-files.ts). The
 * analysis itself runs in analysis-runner.ts; pictures drawn on request (thickness) and 3MF files for another unit
 * are drawn by `renderPool`, never on the event loop.
 */

export {
  notFound,
  type AnalysisServiceDeps,
  type RenderPool,
} from '#server/modules/analysis/analysis-context.ts'
export { cleanFileName, objectNameOf } from '#server/modules/analysis/analysis-file-names.ts'
export type { ServedFile } from '#server/modules/analysis/analysis-files.ts'
export { DEMO_MODEL_PATH, type IncomingUpload } from '#server/modules/analysis/analysis-uploads.ts'

export function createAnalysisService(deps: AnalysisServiceDeps) {
  const context = createAnalysisContext(deps)
  return {
    ...createAnalysisUploads(context),
    ...createAnalysisFiles(context),
    ...createAnalysisDownloads(context),
  }
}
export type AnalysisService = ReturnType<typeof createAnalysisService>
