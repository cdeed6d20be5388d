import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { boxSoup, indexSoup } from '../testing/mesh-fixtures.ts'
import { readPly } from './ply.reader.ts'
import { errorCodeOf } from '#engine/testing/error-code.ts'

const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }
const { vertices, faces } = indexSoup(boxSoup([0, 0, 0], [1, 2, 3]))
const vertexCount = vertices.length / 3
const faceCount = faces.length / 3

function asciiPly(extraList = false, quads = false): string {
  const header = [
    'ply',
    'format ascii 1.0',
    'comment made by a test',
    `element vertex ${vertexCount}`,
    'property float x',
    'property float y',
    'property float z',
    'property uchar red',
    `element face ${quads ? 1 : faceCount}`,
    'property list uchar int vertex_indices',
    ...(extraList ? ['property list uchar float texcoord'] : []),
    'property uchar flags',
    'element edge 1',
    'property int vertex1',
    'property int vertex2',
    'end_header',
  ]
  const rows: string[] = []
  for (let v = 0; v < vertexCount; v++)
    rows.push(`${vertices[3 * v]} ${vertices[3 * v + 1]} ${vertices[3 * v + 2]} 200`)
  if (quads) rows.push(`4 0 1 2 3${extraList ? ' 2 0.5 0.5' : ''} 0`)
  else
    for (let f = 0; f < faceCount; f++)
      rows.push(
        `3 ${faces[3 * f]} ${faces[3 * f + 1]} ${faces[3 * f + 2]}${extraList ? ' 6 0 0 1 0 1 1' : ''} 7`,
      )
  rows.push('0 1')
  return [...header, ...rows].join('\n') + '\n'
}

function binaryPly(littleEndian: boolean): Uint8Array {
  const header = new TextEncoder().encode(
    [
      'ply',
      `format binary_${littleEndian ? 'little' : 'big'}_endian 1.0`,
      `element vertex ${vertexCount}`,
      'property double x',
      'property double y',
      'property double z',
      `element face ${faceCount}`,
      'property list uchar uint vertex_indices',
      'property list uchar short extra',
      'end_header',
      '',
    ].join('\n'),
  )
  const body = new DataView(new ArrayBuffer(vertexCount * 24 + faceCount * (1 + 12 + 1 + 4)))
  let o = 0
  for (let i = 0; i < vertexCount * 3; i++, o += 8) body.setFloat64(o, vertices[i]!, littleEndian)
  for (let f = 0; f < faceCount; f++) {
    body.setUint8(o++, 3)
    for (let k = 0; k < 3; k++, o += 4) body.setUint32(o, faces[3 * f + k]!, littleEndian)
    body.setUint8(o++, 2)
    body.setInt16(o, -1, littleEndian)
    body.setInt16(o + 2, 5, littleEndian)
    o += 4
  }
  const out = new Uint8Array(header.length + body.byteLength)
  out.set(header)
  out.set(new Uint8Array(body.buffer), header.length)
  return out
}

const encode = (s: string): Uint8Array => new TextEncoder().encode(s)

describe('PLY reader', () => {
  it('reads ASCII with extra scalar properties and elements', () => {
    const r = readPly(encode(asciiPly()), options)
    expect(r.trianglesRead).toBe(12)
    expect(r.bodies[0]!.positions.length / 3).toBe(8)
  })

  it('skips extra list properties on faces', () => {
    expect(readPly(encode(asciiPly(true)), options).trianglesRead).toBe(12)
  })

  it('fans polygons', () => {
    expect(readPly(encode(asciiPly(false, true)), options).trianglesRead).toBe(2)
  })

  it.each([true, false])('reads binary (little endian: %s) with doubles and an extra list', (little) => {
    const r = readPly(binaryPly(little), options)
    expect(r.trianglesRead).toBe(12)
    expect(Math.max(...r.bodies[0]!.positions)).toBe(3)
  })

  it('rejects indices out of range', () => {
    expect(errorCodeOf(() => readPly(encode(asciiPly().replace('\n3 0 ', '\n3 99 ')), options))).toBe(
      'index_out_of_range',
    )
  })

  it('rejects truncated binary bodies', () => {
    const bytes = binaryPly(true)
    expect(errorCodeOf(() => readPly(bytes.subarray(0, bytes.length - 30), options))).toBe('truncated_file')
  })

  it('rejects counts that cannot fit before allocating', () => {
    const text = asciiPly().replace(`element face ${faceCount}`, 'element face 2000000000')
    expect(
      errorCodeOf(() =>
        readPly(encode(text), { ...options, limits: { ...DEFAULT_ENGINE_LIMITS, maxTriangles: 3e9 } }),
      ),
    ).toBe('truncated_file')
  })

  it('rejects NaN coordinates', () => {
    expect(
      errorCodeOf(() => readPly(encode(asciiPly().replace(/\n0 0 0 200/, '\nnan 0 0 200')), options)),
    ).toBe('non_finite_coordinate')
  })

  it('rejects a broken header', () => {
    expect(
      errorCodeOf(() => readPly(encode('ply\nformat ascii 1.0\nelement vertex x\nend_header\n'), options)),
    ).toBe('ply_header_invalid')
    expect(errorCodeOf(() => readPly(encode('ply\nformat ascii 1.0\n'), options))).toBe('ply_header_invalid')
  })
})
