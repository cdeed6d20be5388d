import { openSync, readSync, closeSync, fstatSync } from 'node:fs'
import { AnalysisError } from '../analysis-error.ts'
import { VertexWelder } from '../mesh/vertex-welder.ts'
import { type ReadOptions, type ReadResult, scalePositions } from './read-result.ts'

const HEADER_BYTES = 84
const FACET_BYTES = 50
// Triangles decoded per chunk when streaming from disk: 3.2 MB reads keep memory flat for 100 MB files.
const CHUNK_FACETS = 65_536

/** A binary STL is exactly 84 + 50 n bytes where n is the header count; anything else is not binary. */
export function isBinaryStl(header: Uint8Array, fileSize: number): boolean {
  if (fileSize < HEADER_BYTES || header.length < HEADER_BYTES) return false
  const n = new DataView(header.buffer, header.byteOffset, HEADER_BYTES).getUint32(80, true)
  return HEADER_BYTES + FACET_BYTES * n === fileSize
}

export function binaryStlCount(header: Uint8Array): number {
  return new DataView(header.buffer, header.byteOffset, HEADER_BYTES).getUint32(80, true)
}

function checkCount(n: number, options: ReadOptions): void {
  if (n === 0) throw new AnalysisError('no_triangles', 'The binary STL holds no triangles')
  if (n > options.limits.maxTriangles) {
    throw new AnalysisError(
      'limit_exceeded',
      `${n} triangles exceed the limit of ${options.limits.maxTriangles}`,
    )
  }
}

function result(welder: VertexWelder, indices: Uint32Array, n: number, options: ReadOptions): ReadResult {
  const positions = welder.finish()
  scalePositions(positions, options.unitScaleToMm)
  return {
    bodies: [{ name: 'stl', positions, indices }],
    unitSource: 'caller',
    unitScaleToMm: options.unitScaleToMm,
    trianglesRead: n,
  }
}

/** Reads a binary STL held in memory (caller has checked `isBinaryStl`). One body. */
export function readBinaryStl(bytes: Uint8Array, options: ReadOptions): ReadResult {
  const n = binaryStlCount(bytes)
  checkCount(n, options)
  // A closed mesh has about n/2 vertices; the welder grows if the file is a soup.
  const welder = new VertexWelder(Math.ceil(n * 0.6) + 16, options.limits.maxVertices)
  const indices = new Uint32Array(n * 3)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  welder.addStlFacets(view, HEADER_BYTES, n, indices, 0)
  return result(welder, indices, n, options)
}

/** Streams a binary STL from disk in fixed chunks so the file is never fully in memory. */
export function readBinaryStlFile(path: string, options: ReadOptions): ReadResult {
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    const header = Buffer.alloc(HEADER_BYTES)
    readFully(fd, header, 0)
    if (!isBinaryStl(header, size))
      throw new AnalysisError('stl_count_mismatch', 'Not a binary STL of consistent size')
    const n = binaryStlCount(header)
    checkCount(n, options)
    const welder = new VertexWelder(Math.ceil(n * 0.6) + 16, options.limits.maxVertices)
    const indices = new Uint32Array(n * 3)
    const chunk = Buffer.alloc(Math.min(n, CHUNK_FACETS) * FACET_BYTES)
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let done = 0
    while (done < n) {
      const facets = Math.min(CHUNK_FACETS, n - done)
      const bytes = facets * FACET_BYTES
      if (readFully(fd, chunk.subarray(0, bytes), HEADER_BYTES + done * FACET_BYTES) !== bytes) {
        throw new AnalysisError('truncated_file', 'The STL file ended early')
      }
      welder.addStlFacets(view, 0, facets, indices, done * 3)
      done += facets
    }
    return result(welder, indices, n, options)
  } finally {
    closeSync(fd)
  }
}

function readFully(fd: number, target: Uint8Array, position: number): number {
  let got = 0
  while (got < target.length) {
    const r = readSync(fd, target, got, target.length - got, position + got)
    if (r === 0) break
    got += r
  }
  return got
}
