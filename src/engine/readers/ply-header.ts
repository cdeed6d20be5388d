import { AnalysisError } from '../analysis-error.ts'

export type PlyScalar = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64'
export type PlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian'

export interface PlyProperty {
  name: string
  type: PlyScalar
  /** Set for `property list COUNT ITEM name`. */
  countType?: PlyScalar
}

export interface PlyElement {
  name: string
  count: number
  properties: PlyProperty[]
}

export interface PlyHeader {
  format: PlyFormat
  elements: PlyElement[]
  /** Byte offset of the first body byte. */
  bodyOffset: number
}

const TYPE_ALIASES: Record<string, PlyScalar> = {
  char: 'int8',
  int8: 'int8',
  uchar: 'uint8',
  uint8: 'uint8',
  short: 'int16',
  int16: 'int16',
  ushort: 'uint16',
  uint16: 'uint16',
  int: 'int32',
  int32: 'int32',
  uint: 'uint32',
  uint32: 'uint32',
  float: 'float32',
  float32: 'float32',
  double: 'float64',
  float64: 'float64',
}

export const PLY_SCALAR_BYTES: Record<PlyScalar, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
}

// No real header is this long; bounding the scan keeps a garbage file from being searched to the end.
const MAX_HEADER_BYTES = 1 << 20

function scalar(word: string | undefined): PlyScalar {
  const t = word === undefined ? undefined : TYPE_ALIASES[word]
  if (t === undefined)
    throw new AnalysisError('ply_header_invalid', `Unknown PLY type '${String(word).slice(0, 20)}'`)
  return t
}

export function isPly(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x70 &&
    bytes[1] === 0x6c &&
    bytes[2] === 0x79 &&
    (bytes[3] === 10 || bytes[3] === 13)
  )
}

/** Parses the PLY header; it is ASCII lines up to and including `end_header`. */
export function parsePlyHeader(bytes: Uint8Array): PlyHeader {
  if (!isPly(bytes)) throw new AnalysisError('ply_header_invalid', 'The file does not start with "ply"')
  const limit = Math.min(bytes.length, MAX_HEADER_BYTES)
  let lineStart = 0
  let format: PlyFormat | undefined
  const elements: PlyElement[] = []
  for (let i = 0; i < limit; i++) {
    if (bytes[i] !== 10) continue
    const line = Buffer.from(bytes.buffer, bytes.byteOffset + lineStart, i - lineStart)
      .toString('latin1')
      .trim()
    lineStart = i + 1
    const words = line.split(/\s+/)
    const head = words[0]
    if (head === 'end_header') {
      if (format === undefined)
        throw new AnalysisError('ply_header_invalid', 'The PLY header names no format')
      return { format, elements, bodyOffset: lineStart }
    }
    if (head === 'ply' || head === 'comment' || head === 'obj_info' || head === '' || head === undefined)
      continue
    if (head === 'format') {
      const f = words[1]
      if (f !== 'ascii' && f !== 'binary_little_endian' && f !== 'binary_big_endian') {
        throw new AnalysisError('ply_header_invalid', `Unknown PLY format '${String(f).slice(0, 30)}'`)
      }
      format = f
    } else if (head === 'element') {
      const count = Number(words[2])
      if (words[1] === undefined || !Number.isSafeInteger(count) || count < 0) {
        throw new AnalysisError('ply_header_invalid', `Bad element line '${line.slice(0, 60)}'`)
      }
      elements.push({ name: words[1], count, properties: [] })
    } else if (head === 'property') {
      const element = elements.at(-1)
      if (element === undefined)
        throw new AnalysisError('ply_header_invalid', 'A property before any element')
      if (words[1] === 'list') {
        element.properties.push({ name: words[4] ?? '', countType: scalar(words[2]), type: scalar(words[3]) })
      } else {
        element.properties.push({ name: words[2] ?? '', type: scalar(words[1]) })
      }
    } else {
      throw new AnalysisError('ply_header_invalid', `Unknown PLY header line '${line.slice(0, 60)}'`)
    }
  }
  throw new AnalysisError('ply_header_invalid', 'No end_header within the first megabyte')
}
