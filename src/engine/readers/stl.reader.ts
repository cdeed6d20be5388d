import { AnalysisError } from '../analysis-error.ts'
import { binaryStlCount, isBinaryStl, readBinaryStl } from './stl-binary.reader.ts'
import { looksLikeAsciiStl, readAsciiStl } from './stl-ascii.reader.ts'
import { type ReadOptions, type ReadResult } from './read-result.ts'

/**
 * STL dispatch. Binary if and only if the size is 84 + 50 n for the header's n: a leading "solid" proves nothing
 * (many binary exporters write it into the header). Otherwise ASCII if it starts with `solid`; otherwise the
 * most precise error we can name.
 */
export function readStl(bytes: Uint8Array, options: ReadOptions): ReadResult {
  if (bytes.length === 0) throw new AnalysisError('empty_file', 'The file is empty')
  if (isBinaryStl(bytes, bytes.length)) return readBinaryStl(bytes, options)
  if (looksLikeAsciiStl(bytes)) return readAsciiStl(bytes, options)
  throw stlSizeError(bytes, bytes.length)
}

export function stlSizeError(header: Uint8Array, fileSize: number): AnalysisError {
  if (fileSize < 84 || header.length < 84)
    return new AnalysisError('truncated_file', 'Too short for a binary STL and not ASCII STL')
  const n = binaryStlCount(header)
  const expected = 84 + 50 * n
  // Whether the count claims more than the file holds or the bytes do not add up, it is not a usable STL.
  return new AnalysisError(
    expected > fileSize ? 'truncated_file' : 'stl_count_mismatch',
    `The header claims ${n} triangles (${expected} bytes) but the file is not that size`,
    { claimedTriangles: n },
  )
}
