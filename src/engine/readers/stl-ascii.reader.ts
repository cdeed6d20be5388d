import { AnalysisError } from '../analysis-error.ts'
import { IndexBuilder } from '../mesh/index-builder.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { VertexWelder } from '../mesh/vertex-welder.ts'
import { type ReadOptions, type ReadResult, scalePositions } from './read-result.ts'

/** True if the text (after whitespace) starts with the keyword `solid`, in any case. */
export function looksLikeAsciiStl(bytes: Uint8Array): boolean {
  let i = 0
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3
  while (i < bytes.length && isSpace(bytes[i]!)) i++
  const word = String.fromCharCode(...bytes.subarray(i, i + 5)).toLowerCase()
  return word === 'solid' && (i + 5 === bytes.length || isSpace(bytes[i + 5]!))
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12
}

/**
 * A tokenizer over the latin1 text: ASCII STL is 7-bit, and latin1 decoding never fails on stray bytes, so a
 * corrupt file ends in a syntax error with a position instead of a decoding error.
 */
class Tokens {
  pos = 0
  constructor(private readonly text: string) {}

  next(): string | undefined {
    const t = this.text
    let i = this.pos
    while (i < t.length && isSpace(t.charCodeAt(i))) i++
    if (i >= t.length) {
      this.pos = i
      return undefined
    }
    const start = i
    while (i < t.length && !isSpace(t.charCodeAt(i))) i++
    this.pos = i
    return t.slice(start, i)
  }

  restOfLine(): string {
    const t = this.text
    let i = this.pos
    while (i < t.length && t.charCodeAt(i) !== 10 && t.charCodeAt(i) !== 13) i++
    const line = t.slice(this.pos, i).trim()
    this.pos = i
    return line
  }

  peekLower(): string | undefined {
    const save = this.pos
    const word = this.next()
    this.pos = save
    return word?.toLowerCase()
  }
}

function expectWord(tokens: Tokens, word: string): void {
  const got = tokens.next()
  if (got === undefined) throw new AnalysisError('truncated_file', `The STL ended before '${word}'`)
  if (got.toLowerCase() !== word) {
    throw new AnalysisError('stl_syntax', `Expected '${word}' but found '${got.slice(0, 40)}'`, {
      offset: tokens.pos,
    })
  }
}

function readNumber(tokens: Tokens): number {
  const got = tokens.next()
  if (got === undefined) throw new AnalysisError('truncated_file', 'The STL ended inside a facet')
  const value = Number(got)
  if (Number.isFinite(value)) return value
  const lower = got.toLowerCase().replace(/^[+-]/, '')
  if (lower === 'nan' || lower === 'inf' || lower === 'infinity' || Number.isNaN(value) === false) {
    throw new AnalysisError('non_finite_coordinate', `Non-finite coordinate '${got}'`)
  }
  throw new AnalysisError('stl_syntax', `Not a number: '${got.slice(0, 40)}'`, { offset: tokens.pos })
}

/**
 * Reads an ASCII STL with any number of `solid` blocks (each one body), keywords in any case. Facets with more
 * than three vertices are fanned (some exporters write quads). Normals are parsed for syntax but ignored.
 */
export function readAsciiStl(bytes: Uint8Array, options: ReadOptions): ReadResult {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  const tokens = new Tokens(text.charCodeAt(0) === 0xef ? text.slice(3) : text)
  const bodies: IndexedMesh[] = []
  let trianglesRead = 0
  const corner: number[] = []
  for (;;) {
    const word = tokens.next()
    if (word === undefined) break
    if (word.toLowerCase() !== 'solid') {
      throw new AnalysisError(
        bodies.length === 0 ? 'stl_not_stl' : 'stl_syntax',
        `Expected 'solid' but found '${word.slice(0, 40)}'`,
      )
    }
    const name = tokens.restOfLine() || `solid ${bodies.length + 1}`
    const welder = new VertexWelder(1024, options.limits.maxVertices)
    const indices = new IndexBuilder(1024, options.limits.maxTriangles - trianglesRead)
    for (;;) {
      const keyword = tokens.next()?.toLowerCase()
      if (keyword === undefined) break // a missing endsolid at the end of the file is tolerated
      if (keyword === 'endsolid') {
        tokens.restOfLine()
        break
      }
      if (keyword !== 'facet')
        throw new AnalysisError('stl_syntax', `Unexpected '${keyword.slice(0, 40)}' in a solid`)
      if (tokens.peekLower() === 'normal') {
        tokens.next()
        readNumber(tokens)
        readNumber(tokens)
        readNumber(tokens)
      }
      expectWord(tokens, 'outer')
      expectWord(tokens, 'loop')
      corner.length = 0
      while (tokens.peekLower() === 'vertex') {
        tokens.next()
        const x = readNumber(tokens)
        const y = readNumber(tokens)
        const z = readNumber(tokens)
        corner.push(welder.add(x, y, z))
      }
      expectWord(tokens, 'endloop')
      expectWord(tokens, 'endfacet')
      if (corner.length < 3) throw new AnalysisError('stl_syntax', 'A facet has fewer than three vertices')
      for (let k = 1; k + 1 < corner.length; k++) {
        indices.push(corner[0]!, corner[k]!, corner[k + 1]!)
        trianglesRead++
      }
    }
    if (indices.triangles > 0) {
      const positions = welder.finish()
      scalePositions(positions, options.unitScaleToMm)
      bodies.push({ name, positions, indices: indices.finish() })
      if (bodies.length > options.limits.maxBodies)
        throw new AnalysisError('limit_exceeded', 'Too many solids')
    }
  }
  if (trianglesRead === 0) throw new AnalysisError('no_triangles', 'The ASCII STL holds no facets')
  return { bodies, unitSource: 'caller', unitScaleToMm: options.unitScaleToMm, trianglesRead }
}
