import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type UploadErrorCode } from '#machines/upload/upload.machine.ts'
import { errorTexts } from '#client/i18n/error-texts.ts'

/** What a failed upload or analysis says: why, and what the shopper can do (issue 14, item 8). */
export type UploadFailureText = { why: MessageDescriptor; todo: MessageDescriptor | null }

type CauseGroup = 'empty' | 'noSurface' | 'notThisFormat' | 'damaged' | 'tooComplex' | 'temporary'

/**
 * The analysis' causes (`src/engine/analysis-error.ts` codes and the worker's reasons in
 * `src/server/modules/analysis/analysis-jobs.ts`) by what the shopper can do about them. A file that can never
 * analyse says so and how to fix the file; only the worker's own troubles ask to try again.
 */
const CAUSE_GROUPS: Record<string, CauseGroup> = {
  empty_file: 'empty',
  no_triangles: 'noSurface',
  threemf_no_build_items: 'noSurface',
  threemf_beams_or_slices_only: 'noSurface',
  unsupported_format: 'notThisFormat',
  stl_not_stl: 'notThisFormat',
  ply_header_invalid: 'notThisFormat',
  zip_invalid: 'notThisFormat',
  zip_unsupported: 'notThisFormat',
  zip_path_escape: 'notThisFormat',
  xml_invalid: 'notThisFormat',
  xml_dtd_forbidden: 'notThisFormat',
  xml_encoding_unsupported: 'notThisFormat',
  threemf_no_model_part: 'notThisFormat',
  threemf_unsupported_extension: 'notThisFormat',
  tds_invalid_chunk: 'notThisFormat',
  step_read_failed: 'notThisFormat',
  mesh_codec_invalid: 'notThisFormat',
  truncated_file: 'damaged',
  stl_count_mismatch: 'damaged',
  stl_syntax: 'damaged',
  ply_body_invalid: 'damaged',
  index_out_of_range: 'damaged',
  non_finite_coordinate: 'damaged',
  threemf_missing_object: 'damaged',
  threemf_recursive_components: 'damaged',
  threemf_invalid_unit: 'damaged',
  threemf_invalid_transform: 'damaged',
  limit_exceeded: 'tooComplex',
  zip_too_large: 'tooComplex',
  zip_too_many_entries: 'tooComplex',
  memory_limit: 'tooComplex',
  aborted: 'temporary',
  timeout: 'temporary',
  worker_crashed: 'temporary',
  attempts_exhausted: 'temporary',
  quarantined: 'temporary',
}

const reexport = msg`Bitte exportieren Sie das Modell aus Ihrem CAD-Programm erneut und laden Sie die neue Datei hoch.`

const GROUP_TEXTS = {
  empty: { why: msg`Die Datei ist leer.`, todo: reexport },
  noSurface: {
    why: msg`Die Datei enthält keine Dreiecke, also keine Oberfläche, die gedruckt werden könnte.`,
    todo: msg`Bitte exportieren Sie das Modell als geschlossenen Körper (mit Oberflächennetz) und laden Sie die neue Datei hoch.`,
  },
  notThisFormat: {
    why: msg`Die Datei ist kein 3D-Modell in dem Format, das ihre Endung angibt.`,
    todo: msg`Bitte prüfen Sie die Dateiendung oder speichern Sie das Modell erneut, z. B. als STL oder 3MF.`,
  },
  damaged: { why: msg`Die Datei ist unvollständig oder beschädigt.`, todo: reexport },
  tooComplex: {
    why: msg`Das 3D-Modell ist zu komplex, um es zu analysieren.`,
    todo: msg`Bitte vereinfachen Sie es (weniger Dreiecke) oder teilen Sie es in mehrere Dateien auf.`,
  },
  temporary: {
    why: msg`Die Analyse Ihrer Datei ist diesmal nicht gelungen.`,
    todo: msg`Bitte versuchen Sie es in einigen Minuten erneut.`,
  },
} as const satisfies Record<CauseGroup, UploadFailureText>

/** An analysis failure without a known cause: the file could not be read, so it is the file that needs a look. */
const UNKNOWN_ANALYSIS_FAILURE: UploadFailureText = {
  why: msg`Das 3D-Modell konnte nicht analysiert werden.`,
  todo: msg`Bitte prüfen Sie die Datei in Ihrem CAD-Programm und exportieren Sie sie erneut. Hilft das nicht, schreiben Sie uns über das Kontaktformular.`,
}

/** The one text of a failure: by the analysis' cause when it names one, else by the error code. */
export function uploadFailureText(error: UploadErrorCode, cause: string | null): UploadFailureText {
  const group = cause === null ? undefined : CAUSE_GROUPS[cause]
  if (group) return GROUP_TEXTS[group]
  if (error === 'analysis_failed') return UNKNOWN_ANALYSIS_FAILURE
  // The other codes' texts already say what to do ("Bitte versuchen Sie es …").
  return { why: errorTexts[error], todo: null }
}
