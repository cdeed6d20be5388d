/**
 * Typed failures of the analysis engine. Every reader and stage throws `AnalysisError` with one of these codes;
 * the HTTP layer maps them to API error codes (`analysis_failed`, `unsupported_file_type`, ...). Codes are stable
 * identifiers, never display text.
 */
export const ANALYSIS_ERROR_CODES = [
  // generic input problems
  'empty_file',
  'unsupported_format',
  'truncated_file',
  'non_finite_coordinate',
  'index_out_of_range',
  'no_triangles',
  'limit_exceeded',
  'aborted',
  // STL
  'stl_not_stl',
  'stl_count_mismatch',
  'stl_syntax',
  // PLY
  'ply_header_invalid',
  'ply_body_invalid',
  // zip container (3MF)
  'zip_invalid',
  'zip_too_many_entries',
  'zip_too_large',
  'zip_path_escape',
  'zip_unsupported',
  // XML (3MF)
  'xml_invalid',
  'xml_dtd_forbidden',
  'xml_encoding_unsupported',
  // 3MF semantics
  'threemf_no_model_part',
  'threemf_no_build_items',
  'threemf_missing_object',
  'threemf_recursive_components',
  'threemf_unsupported_extension',
  'threemf_beams_or_slices_only',
  'threemf_invalid_unit',
  'threemf_invalid_transform',
  // 3DS
  'tds_invalid_chunk',
  // STEP
  'step_read_failed',
  // internal mesh codec
  'mesh_codec_invalid',
] as const
export type AnalysisErrorCode = (typeof ANALYSIS_ERROR_CODES)[number]

export class AnalysisError extends Error {
  readonly code: AnalysisErrorCode
  readonly details: Readonly<Record<string, unknown>> | undefined

  constructor(code: AnalysisErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? code)
    this.name = 'AnalysisError'
    this.code = code
    this.details = details
  }
}

export function isAnalysisError(value: unknown): value is AnalysisError {
  return value instanceof AnalysisError
}
