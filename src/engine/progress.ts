/**
 * Progress message codes of an analysis, in the order the spec's polled task shows them (part 1 §4):
 * converting to stl, starting analysis, repairing file (a warning), converting to the internal format,
 * analyzing volume and dimensions, analysis completed.
 */
export const ANALYSIS_PROGRESS_CODES = [
  'converting_to_stl',
  'starting_analysis',
  'repairing_file',
  'converting_to_internal_format',
  'analyzing_volume_and_dimensions',
  'analysis_completed',
] as const
export type AnalysisProgressCode = (typeof ANALYSIS_PROGRESS_CODES)[number]

/** `repairing_file` is shown as a warning; the others as plain progress. */
export function isWarningProgress(code: AnalysisProgressCode): boolean {
  return code === 'repairing_file'
}
