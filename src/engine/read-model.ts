import { readFileSync, openSync, readSync, closeSync, fstatSync } from 'node:fs'
import { AnalysisError } from './analysis-error.ts'
import { type ModelFormat, sniffFormat } from './detect-format.ts'
import { type EngineLimits } from './engine-limits.ts'
import { type ReadResult } from './readers/read-result.ts'
import { isBinaryStl, readBinaryStlFile } from './readers/stl-binary.reader.ts'
import { readStl } from './readers/stl.reader.ts'

export type ModelInput = Uint8Array | string

export interface ReadModelOptions {
  format: ModelFormat | undefined
  limits: EngineLimits
  unitScaleToMm: number
  /** Hard cap on the input size (the upload limit); a larger file is rejected before reading. */
  maxInputBytes: number
}

/**
 * Reads a model from bytes or a path. The readers of formats other than STL are loaded on first use: the 3MF
 * reader brings its XML tokenizer and fflate, and module loading is a measurable part of a short analysis. A binary STL on disk is streamed (never fully in memory); every other
 * input is read whole, which the 100 MB upload limit bounds.
 */
export async function readModel(
  input: ModelInput,
  options: ReadModelOptions,
): Promise<{ format: ModelFormat; read: ReadResult }> {
  const readOptions = { limits: options.limits, unitScaleToMm: options.unitScaleToMm }
  if (typeof input === 'string') {
    const fd = openSync(input, 'r')
    let size: number
    const head = Buffer.alloc(84)
    let got: number
    try {
      size = fstatSync(fd).size
      got = readSync(fd, head, 0, 84, 0)
    } finally {
      closeSync(fd)
    }
    if (size === 0) throw new AnalysisError('empty_file', 'The file is empty')
    if (size > options.maxInputBytes) throw new AnalysisError('limit_exceeded', `The file has ${size} bytes`)
    const format = options.format ?? sniffFormat(head.subarray(0, got))
    if (format === 'stl' && isBinaryStl(head.subarray(0, got), size))
      return { format, read: readBinaryStlFile(input, readOptions) }
    return readModel(new Uint8Array(readFileSync(input)), options)
  }
  if (input.length === 0) throw new AnalysisError('empty_file', 'The file is empty')
  if (input.length > options.maxInputBytes)
    throw new AnalysisError('limit_exceeded', `The file has ${input.length} bytes`)
  const format = options.format ?? sniffFormat(input.subarray(0, 84))
  switch (format) {
    case 'stl':
      return { format, read: readStl(input, readOptions) }
    case 'ply': {
      const { readPly } = await import('./readers/ply.reader.ts')
      return { format, read: readPly(input, readOptions) }
    }
    case '3mf': {
      const { read3mf } = await import('./readers/threemf.reader.ts')
      return { format, read: read3mf(input, readOptions) }
    }
    case '3ds': {
      const { read3ds } = await import('./readers/tds.reader.ts')
      return { format, read: read3ds(input, readOptions) }
    }
    case 'step': {
      const { readStep } = await import('./readers/step.reader.ts')
      return { format, read: await readStep(input, readOptions) }
    }
  }
}
