import { describe, expect, it } from 'vitest'
import { AnalysisError } from '../analysis-error.ts'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { measureModel } from '../measure/measures.ts'
import { boxSoup, indexSoup } from '../testing/mesh-fixtures.ts'
import { read3ds } from './tds.reader.ts'

function chunk(id: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(6 + body.length)
  const view = new DataView(out.buffer)
  view.setUint16(0, id, true)
  view.setUint32(2, out.length, true)
  out.set(body, 6)
  return out
}
const cat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}

/** A 3DS file with one object per box: main > editor > named object > triangle mesh (points, faces, matrix). */
function tds(boxes: Array<[[number, number, number], [number, number, number]]>): Uint8Array {
  const objects = boxes.map(([min, max], i) => {
    const { vertices, faces } = indexSoup(boxSoup(min, max))
    const points = new DataView(new ArrayBuffer(2 + vertices.length * 4))
    points.setUint16(0, vertices.length / 3, true)
    vertices.forEach((v, k) => points.setFloat32(2 + 4 * k, v, true))
    const faceData = new DataView(new ArrayBuffer(2 + (faces.length / 3) * 8))
    faceData.setUint16(0, faces.length / 3, true)
    for (let f = 0; f < faces.length / 3; f++)
      for (let k = 0; k < 3; k++) faceData.setUint16(2 + f * 8 + 2 * k, faces[3 * f + k]!, true)
    const matrix = new DataView(new ArrayBuffer(48))
    ;[1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 5, 5].forEach((v, k) => matrix.setFloat32(4 * k, v, true))
    const mesh = chunk(
      0x4100,
      cat(
        chunk(0x4110, new Uint8Array(points.buffer)),
        chunk(0x4120, new Uint8Array(faceData.buffer)),
        chunk(0x4160, new Uint8Array(matrix.buffer)),
      ),
    )
    return chunk(0x4000, cat(new TextEncoder().encode(`box${i}\0`), mesh))
  })
  return chunk(0x4d4d, cat(chunk(0x0002, new Uint8Array(4)), chunk(0x3d3d, cat(...objects))))
}

const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }

describe('3DS reader', () => {
  it('reads every mesh object as a body, vertices in world space', () => {
    const r = read3ds(
      tds([
        [
          [0, 0, 0],
          [1, 2, 3],
        ],
        [
          [10, 0, 0],
          [11, 1, 1],
        ],
      ]),
      options,
    )
    expect(r.bodies.map((b) => b.name)).toEqual(['box0', 'box1'])
    const m = measureModel(r.bodies, 2, true).measures
    expect(m.volume).toBeCloseTo(7, 9)
    expect(m.dimensions.x).toBeCloseTo(11, 9)
  })

  it('rejects chunk sizes pointing outside the file', () => {
    const bytes = tds([
      [
        [0, 0, 0],
        [1, 1, 1],
      ],
    ])
    // the editor chunk starts after main (6) and version (10) chunks
    new DataView(bytes.buffer).setUint32(16 + 2, 1_000_000, true)
    expect(() => read3ds(bytes, options)).toThrow(
      expect.objectContaining({ code: 'tds_invalid_chunk' }) as AnalysisError,
    )
    const truncated = tds([
      [
        [0, 0, 0],
        [1, 1, 1],
      ],
    ]).subarray(0, 60)
    expect(() => read3ds(truncated, options)).toThrow(AnalysisError)
  })

  it('rejects a face index beyond the point array', () => {
    const bytes = tds([
      [
        [0, 0, 0],
        [1, 1, 1],
      ],
    ])
    // find the face array chunk and corrupt its first index
    const view = new DataView(bytes.buffer)
    for (let p = 0; p + 6 < bytes.length; p++) {
      if (view.getUint16(p, true) === 0x4120 && view.getUint32(p + 2, true) === 6 + 2 + 12 * 8) {
        view.setUint16(p + 8, 500, true)
        break
      }
    }
    expect(() => read3ds(bytes, options)).toThrow(
      expect.objectContaining({ code: 'index_out_of_range' }) as AnalysisError,
    )
  })
})
