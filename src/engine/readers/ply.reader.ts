import { AnalysisError } from '../analysis-error.ts'
import { IndexBuilder } from '../mesh/index-builder.ts'
import { VertexWelder } from '../mesh/vertex-welder.ts'
import {
  PLY_SCALAR_BYTES,
  type PlyElement,
  type PlyHeader,
  type PlyProperty,
  type PlyScalar,
  parsePlyHeader,
} from './ply-header.ts'
import { type ReadOptions, type ReadResult, scalePositions } from './read-result.ts'

/** A row source: binary (either endianness) or ASCII tokens, behind one `read(type)` call. */
interface ValueReader {
  read(type: PlyScalar): number
  remaining(): number
  /** Row boundaries matter for ASCII only. */
  startRow(): void
  endRow(): void
}

class BinaryReader implements ValueReader {
  pos: number
  private readonly view: DataView
  private readonly little: boolean
  constructor(bytes: Uint8Array, offset: number, little: boolean) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    this.pos = offset
    this.little = little
  }

  read(type: PlyScalar): number {
    const size = PLY_SCALAR_BYTES[type]
    if (this.pos + size > this.view.byteLength)
      throw new AnalysisError('truncated_file', 'The PLY body ended early')
    const p = this.pos
    this.pos += size
    const v = this.view
    switch (type) {
      case 'int8':
        return v.getInt8(p)
      case 'uint8':
        return v.getUint8(p)
      case 'int16':
        return v.getInt16(p, this.little)
      case 'uint16':
        return v.getUint16(p, this.little)
      case 'int32':
        return v.getInt32(p, this.little)
      case 'uint32':
        return v.getUint32(p, this.little)
      case 'float32':
        return v.getFloat32(p, this.little)
      case 'float64':
        return v.getFloat64(p, this.little)
    }
  }

  remaining(): number {
    return this.view.byteLength - this.pos
  }

  startRow(): void {}

  endRow(): void {}
}

/**
 * ASCII rows are lines: each row is read from one line and anything left on the line is ignored. Some writers
 * (VCG, trimesh's fuze_ascii.ply) put more values on a face line than the header declares; reading by lines keeps
 * the following rows in step instead of drifting into a parse error.
 */
class AsciiReader implements ValueReader {
  private pos = 0
  private lineEnd = 0
  constructor(private readonly text: string) {}

  startRow(): void {
    const t = this.text
    // skip blank lines
    while (this.pos < t.length && t.charCodeAt(this.pos) <= 32) this.pos++
    if (this.pos >= t.length) throw new AnalysisError('truncated_file', 'The PLY body ended early')
    const nl = t.indexOf('\n', this.pos)
    this.lineEnd = nl < 0 ? t.length : nl
  }

  endRow(): void {
    this.pos = this.lineEnd
  }

  read(type: PlyScalar): number {
    const t = this.text
    const end = this.lineEnd
    let i = this.pos
    while (i < end && t.charCodeAt(i) <= 32) i++
    const start = i
    while (i < end && t.charCodeAt(i) > 32) i++
    this.pos = i
    if (start === i)
      throw new AnalysisError('ply_body_invalid', 'A PLY row has fewer values than its header declares')
    const word = t.slice(start, i)
    const value = Number(word)
    if (Number.isNaN(value) && !/^[+-]?nan$/i.test(word)) {
      throw new AnalysisError('ply_body_invalid', `Not a number in the PLY body: '${word.slice(0, 30)}'`)
    }
    if (type !== 'float32' && type !== 'float64' && !Number.isInteger(value)) {
      throw new AnalysisError(
        'ply_body_invalid',
        `Expected an integer in the PLY body: '${word.slice(0, 30)}'`,
      )
    }
    return value
  }

  remaining(): number {
    return this.text.length - this.pos
  }
}

function minRowBytes(element: PlyElement, ascii: boolean): number {
  // ASCII: at least one digit and one separator per value; binary: the scalar sizes (lists at least their count).
  let n = 0
  for (const p of element.properties) n += ascii ? 2 : PLY_SCALAR_BYTES[p.countType ?? p.type]
  return Math.max(1, n)
}

function indexOfProperty(element: PlyElement, name: string): number {
  return element.properties.findIndex((p) => p.name === name && p.countType === undefined)
}

/**
 * Reads PLY (ASCII, binary little and big endian). Vertices come from x/y/z of the `vertex` element, faces from the
 * `vertex_indices` (or `vertex_index`) list of the `face` element; any other property, list or element is read and
 * skipped, so extra list properties (texcoords) do not shift the data. Polygons are fanned. One body.
 */
export function readPly(bytes: Uint8Array, options: ReadOptions): ReadResult {
  if (bytes.length === 0) throw new AnalysisError('empty_file', 'The file is empty')
  const header: PlyHeader = parsePlyHeader(bytes)
  const ascii = header.format === 'ascii'
  const reader = ascii
    ? new AsciiReader(
        Buffer.from(
          bytes.buffer,
          bytes.byteOffset + header.bodyOffset,
          bytes.byteLength - header.bodyOffset,
        ).toString('latin1'),
      )
    : new BinaryReader(bytes, header.bodyOffset, header.format === 'binary_little_endian')
  const vertexElement = header.elements.find((e) => e.name === 'vertex')
  const faceElement = header.elements.find((e) => e.name === 'face')
  if (
    vertexElement === undefined ||
    faceElement === undefined ||
    vertexElement.count === 0 ||
    faceElement.count === 0
  ) {
    throw new AnalysisError('no_triangles', 'The PLY has no vertex or face element with entries')
  }
  const limits = options.limits
  if (vertexElement.count > limits.maxVertices)
    throw new AnalysisError('limit_exceeded', 'Too many PLY vertices')
  if (faceElement.count > limits.maxTriangles) throw new AnalysisError('limit_exceeded', 'Too many PLY faces')
  const ix = indexOfProperty(vertexElement, 'x')
  const iy = indexOfProperty(vertexElement, 'y')
  const iz = indexOfProperty(vertexElement, 'z')
  if (ix < 0 || iy < 0 || iz < 0)
    throw new AnalysisError('ply_header_invalid', 'The vertex element lacks x, y or z')
  const listIndex = faceElement.properties.findIndex(
    (p) => p.countType !== undefined && (p.name === 'vertex_indices' || p.name === 'vertex_index'),
  )
  if (listIndex < 0)
    throw new AnalysisError('ply_header_invalid', 'The face element has no vertex_indices list')

  // Faces may precede vertices in odd files; we require the usual order so indices can be remapped on the fly.
  if (header.elements.indexOf(vertexElement) > header.elements.indexOf(faceElement)) {
    throw new AnalysisError('ply_header_invalid', 'The face element comes before the vertex element')
  }
  // Reject counts that cannot fit in the body before allocating anything for them.
  let minimum = 0
  for (const element of header.elements) minimum += element.count * minRowBytes(element, ascii)
  if (minimum > reader.remaining() + (ascii ? 1 : 0)) {
    throw new AnalysisError(
      'truncated_file',
      'The PLY body is too short for the element counts of its header',
    )
  }
  const welder = new VertexWelder(vertexElement.count, limits.maxVertices)
  const remap = new Uint32Array(vertexElement.count)
  const indices = new IndexBuilder(faceElement.count, limits.maxTriangles)
  const polygon: number[] = []
  let trianglesRead = 0

  for (const element of header.elements) {
    const props: PlyProperty[] = element.properties
    if (element === vertexElement) {
      const row = new Float64Array(props.length)
      for (let r = 0; r < element.count; r++) {
        reader.startRow()
        for (let p = 0; p < props.length; p++) {
          const prop = props[p]!
          if (prop.countType !== undefined) skipList(reader, prop)
          else row[p] = reader.read(prop.type)
        }
        reader.endRow()
        remap[r] = welder.add(row[ix]!, row[iy]!, row[iz]!)
      }
    } else if (element === faceElement) {
      for (let r = 0; r < element.count; r++) {
        reader.startRow()
        for (let p = 0; p < props.length; p++) {
          const prop = props[p]!
          if (p !== listIndex) {
            if (prop.countType !== undefined) skipList(reader, prop)
            else reader.read(prop.type)
            continue
          }
          const n = reader.read(prop.countType!)
          if (n < 0 || n > 1_000_000) throw new AnalysisError('ply_body_invalid', `A face with ${n} vertices`)
          polygon.length = 0
          for (let k = 0; k < n; k++) {
            const v = reader.read(prop.type)
            if (!(v >= 0 && v < vertexElement.count)) {
              throw new AnalysisError(
                'index_out_of_range',
                `Face ${r} refers to vertex ${v} of ${vertexElement.count}`,
              )
            }
            polygon.push(remap[v]!)
          }
          for (let k = 1; k + 1 < polygon.length; k++) {
            indices.push(polygon[0]!, polygon[k]!, polygon[k + 1]!)
            trianglesRead++
          }
        }
        reader.endRow()
      }
    } else {
      for (let r = 0; r < element.count; r++) {
        reader.startRow()
        for (const prop of props) {
          if (prop.countType !== undefined) skipList(reader, prop)
          else reader.read(prop.type)
        }
        reader.endRow()
      }
    }
  }
  if (trianglesRead === 0) throw new AnalysisError('no_triangles', 'The PLY faces hold no triangles')
  const positions = welder.finish()
  scalePositions(positions, options.unitScaleToMm)
  return {
    bodies: [{ name: 'ply', positions, indices: indices.finish() }],
    unitSource: 'caller',
    unitScaleToMm: options.unitScaleToMm,
    trianglesRead,
  }
}

function skipList(reader: ValueReader, prop: PlyProperty): void {
  const n = reader.read(prop.countType!)
  if (n < 0 || n > 1_000_000) throw new AnalysisError('ply_body_invalid', `A list with ${n} entries`)
  for (let k = 0; k < n; k++) reader.read(prop.type)
}
