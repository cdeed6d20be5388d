import { open } from 'node:fs/promises'
import type { ModelFormat } from './detect-format.ts'
import { ANALYSIS_BYTES_PER_TRIANGLE, ANALYSIS_HEAP_BASE_MB } from './engine-limits.ts'
import { parsePlyHeader } from './readers/ply-header.ts'
import { binaryStlCount, isBinaryStl } from './readers/stl-binary.reader.ts'

/**
 * The memory an analysis needs at least, from the file's size and header alone, so a file that cannot fit in the
 * worker's budget is refused at once instead of filling it first (issue 13, decision 0073). The figure is a lower
 * bound: the memory of a closed mesh of that many triangles. A mesh whose triangles share nothing needs far more
 * heap (the repair's maps: about 0.8 KB per triangle) and is stopped by the worker's heap limit instead; the header
 * cannot tell the two apart.
 */

/** What the header says about the size of the mesh; undefined where it says nothing before inflating or parsing. */
export interface ModelCounts {
  triangles: number
  /** exact: the header's own count (binary STL, PLY); bound: the fewest the file's size allows (ASCII STL). */
  basis: 'exact' | 'bound'
}

/** The longest facet an honest ASCII STL writes: nine full-precision numbers and the keywords, with indentation. */
const MAX_ASCII_FACET_BYTES = 320
/** A PLY header ends within this (ply-header.ts reads at most a megabyte; real ones are a few hundred bytes). */
const HEADER_READ_BYTES = 64 * 1024

/** Triangles of a PLY face element: each face of n corners is n − 2 triangles, so at least one. */
function plyTriangles(header: Uint8Array): number | undefined {
  try {
    return parsePlyHeader(header).elements.find((element) => element.name === 'face')?.count
  } catch {
    return undefined // the reader names the problem with its own error
  }
}

export function countsFromHeader(
  format: ModelFormat,
  header: Uint8Array,
  fileBytes: number,
): ModelCounts | undefined {
  if (format === 'stl') {
    if (isBinaryStl(header, fileBytes)) return { triangles: binaryStlCount(header), basis: 'exact' }
    return { triangles: Math.floor(fileBytes / MAX_ASCII_FACET_BYTES), basis: 'bound' }
  }
  if (format === 'ply') {
    const triangles = plyTriangles(header)
    return triangles === undefined ? undefined : { triangles, basis: 'exact' }
  }
  // 3MF is zipped XML, 3DS and STEP are read by their own parsers: their size says nothing reliable before reading.
  return undefined
}

/**
 * The memory (MB) an analysis of `triangles` needs at least, heap and typed arrays, not counting Node's own code:
 * compared with the worker's heap budget (ANALYSIS_WORKER_HEAP_MB). Measurements: decision 0073.
 */
export function estimateAnalysisMb(triangles: number): number {
  return Math.ceil(ANALYSIS_HEAP_BASE_MB + (triangles * ANALYSIS_BYTES_PER_TRIANGLE) / 1_048_576)
}

export interface MemoryVerdict {
  counts: ModelCounts | undefined
  estimatedMb: number | undefined
  fits: boolean
}

/** Reads the header of `path` and tells whether its analysis can fit in `budgetMb`; unknown counts fit. */
export async function checkAnalysisMemory(
  path: string,
  format: ModelFormat,
  budgetMb: number,
): Promise<MemoryVerdict> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    const header = new Uint8Array(Math.min(size, HEADER_READ_BYTES))
    await file.read(header, 0, header.length, 0)
    const counts = countsFromHeader(format, header, size)
    const estimatedMb = counts === undefined ? undefined : estimateAnalysisMb(counts.triangles)
    return { counts, estimatedMb, fits: estimatedMb === undefined || estimatedMb <= budgetMb }
  } finally {
    await file.close()
  }
}
