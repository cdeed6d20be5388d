import { describe, expect, it } from 'vitest'
import { AnalysisError } from '../analysis-error.ts'
import { decodeThickness, encodeThickness } from '../thickness/thickness-codec.ts'
import { decodeMeshes, encodeMeshes } from './mesh-codec.ts'

describe('internal mesh codec', () => {
  const meshes = [
    { name: 'bödy', positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0), indices: Uint32Array.of(0, 1, 2) },
    { name: '', positions: Float32Array.of(-1.5, 2, 3), indices: new Uint32Array(0) },
  ]

  it('round-trips bodies exactly', () => {
    expect(decodeMeshes(encodeMeshes(meshes))).toEqual(meshes)
  })

  it('rejects truncated, trailing, foreign and out-of-range data', () => {
    const bytes = encodeMeshes(meshes)
    expect(() => decodeMeshes(bytes.subarray(0, bytes.length - 4))).toThrow(AnalysisError)
    expect(() => decodeMeshes(new Uint8Array([...bytes, 0, 0, 0, 0]))).toThrow(AnalysisError)
    expect(() => decodeMeshes(new TextEncoder().encode('not a mesh file at all'))).toThrow(AnalysisError)
    const bad = encodeMeshes([
      { name: 'x', positions: Float32Array.of(0, 0, 0), indices: Uint32Array.of(0, 0, 7) },
    ])
    expect(() => decodeMeshes(bad)).toThrow(AnalysisError)
  })

  it('round-trips per-face thickness and checks its length', () => {
    const perFace = Float32Array.of(1.5, Number.NaN, 0.25)
    const back = decodeThickness(encodeThickness(perFace), 3)
    expect(Array.from(back)).toEqual([1.5, Number.NaN, 0.25])
    expect(() => decodeThickness(encodeThickness(perFace), 4)).toThrow(AnalysisError)
  })
})
