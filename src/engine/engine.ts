/**
 * The analysis engine's public face (src/engine/README.md). The server, the worker and the benchmarks import the
 * engine only through this file (an ESLint zone enforces it), so everything else in src/engine/ may change shape
 * without touching them. Test fixtures live apart, in `#engine/testing/*`.
 */
export { analyzeFile, type AnalyzeOptions, type MeasuredModel } from '#engine/analyze-file.ts'
export { type AnalysisErrorCode, isAnalysisError } from '#engine/analysis-error.ts'
export type { AnalysisResult, RepairInfo } from '#engine/analysis-result.ts'
export { type ModelFormat, MODEL_FORMATS } from '#engine/detect-format.ts'
export { type EngineLimits, SERVER_ENGINE_LIMITS } from '#engine/engine-limits.ts'
export { checkAnalysisMemory } from '#engine/memory-estimate.ts'
export type { AnalysisProgressCode } from '#engine/progress.ts'
export { warmUpEngine } from '#engine/warm-up.ts'
// The worker's second step (3MF export, thickness picture) works on meshes the first step encoded.
export { write3mf } from '#engine/export/threemf.writer.ts'
export type { IndexedMesh } from '#engine/mesh/indexed-mesh.ts'
export { decodeMeshes } from '#engine/mesh/mesh-codec.ts'
export { renderHistogramImage } from '#engine/render/histogram-image.ts'
export type { ViewDirection, ViewRotation } from '#engine/render/view.ts'
export { decodeThickness, encodeThickness } from '#engine/thickness/thickness-codec.ts'
// The wall thickness on a second thread (decision 0122): the thread serves it, the caller hands the runner to analyzeFile.
export {
  serveWallThickness,
  threadWallThickness,
  type WallThicknessRunner,
} from '#engine/thickness/thickness-thread.ts'
export type { ThicknessHistogram } from '#engine/thickness/thickness-histogram.ts'
// Small file writers the tests and benchmarks build inputs with (PNG pictures, 3MF archives).
export { createImage, encodePng } from '#engine/render/image.ts'
export { ZipWriter } from '#engine/export/zip-writer.ts'
// The benchmarks time the core stages without pictures and thickness.
export { runCorePipeline } from '#engine/core-pipeline.ts'
