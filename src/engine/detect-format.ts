import { AnalysisError } from './analysis-error.ts'
import { isPly } from './readers/ply-header.ts'
import { isStep, isTds, isZip } from './readers/format-signatures.ts'

export const MODEL_FORMATS = ['stl', 'ply', '3mf', '3ds', 'step'] as const
export type ModelFormat = (typeof MODEL_FORMATS)[number]

/** Maps an upload extension (any case; `stp` is STEP) to a format. */
export function formatFromFileName(fileName: string): ModelFormat | undefined {
  const ext = fileName.toLowerCase().split('.').pop() ?? ''
  if (ext === 'stp' || ext === 'step') return 'step'
  return (MODEL_FORMATS as readonly string[]).includes(ext) ? (ext as ModelFormat) : undefined
}

/** Guesses the format from the first bytes; STL is the fallback because it has no reliable signature. */
export function sniffFormat(head: Uint8Array): ModelFormat {
  if (head.length === 0) throw new AnalysisError('empty_file', 'The file is empty')
  if (isZip(head)) return '3mf'
  if (isPly(head)) return 'ply'
  if (isStep(head)) return 'step'
  if (isTds(head)) return '3ds'
  return 'stl'
}
