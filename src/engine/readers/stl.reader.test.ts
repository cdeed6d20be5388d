import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { asciiStl, binaryStl, boxSoup, concatSoups } from '../testing/mesh-fixtures.ts'
import { readStl } from './stl.reader.ts'
import { errorCodeOf } from '#engine/testing/error-code.ts'

const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }
const cube = boxSoup([0, 0, 0], [10, 20, 30])

describe('STL reader', () => {
  it('reads binary STL and welds the soup exactly', () => {
    const result = readStl(binaryStl(cube), options)
    expect(result.bodies).toHaveLength(1)
    expect(result.trianglesRead).toBe(12)
    expect(result.bodies[0]!.positions.length / 3).toBe(8)
  })

  it('treats a binary STL whose header starts with "solid" as binary (size rule)', () => {
    const result = readStl(binaryStl(cube, 'solid but binary'), options)
    expect(result.trianglesRead).toBe(12)
  })

  it.each(['lower', 'upper', 'mixed'] as const)('reads ASCII STL with %s-case keywords', (keywordCase) => {
    const text = asciiStl([{ name: 'part', soup: cube }], keywordCase)
    const result = readStl(new TextEncoder().encode(text), options)
    expect(result.trianglesRead).toBe(12)
    expect(result.bodies[0]!.name).toBe('part')
  })

  it('reads every solid of a multi-solid ASCII STL as its own body', () => {
    const second = boxSoup([20, 0, 0], [21, 1, 1])
    const text = asciiStl([
      { name: 'a', soup: cube },
      { name: 'b', soup: second },
    ])
    const result = readStl(new TextEncoder().encode(text), options)
    expect(result.bodies.map((b) => b.name)).toEqual(['a', 'b'])
    expect(result.trianglesRead).toBe(24)
  })

  it('applies the caller unit to unitless STL', () => {
    const result = readStl(binaryStl(cube), { ...options, unitScaleToMm: 25.4 })
    expect(Math.max(...result.bodies[0]!.positions)).toBeCloseTo(30 * 25.4, 3)
  })

  describe('bad input ends in a typed error', () => {
    it('empty file', () => expect(errorCodeOf(() => readStl(new Uint8Array(0), options))).toBe('empty_file'))
    it('header-only binary STL', () =>
      expect(errorCodeOf(() => readStl(binaryStl(new Float32Array(0)), options))).toBe('no_triangles'))
    it('a count claiming 10^9 triangles', () => {
      const bytes = binaryStl(cube)
      new DataView(bytes.buffer).setUint32(80, 1_000_000_000, true)
      const started = performance.now()
      expect(errorCodeOf(() => readStl(bytes, options))).toBe('truncated_file')
      expect(performance.now() - started).toBeLessThan(1000)
    })
    it('a truncated binary STL', () =>
      expect(errorCodeOf(() => readStl(binaryStl(cube).subarray(0, 84 + 50 * 5 + 20), options))).toBe(
        'truncated_file',
      ))
    it('a truncated ASCII STL', () => {
      const text = asciiStl([{ name: 'a', soup: cube }])
      const cut = text.indexOf('\n', text.indexOf('vertex', text.length / 2))
      expect(errorCodeOf(() => readStl(new TextEncoder().encode(text.slice(0, cut)), options))).toBe(
        'truncated_file',
      )
    })
    it('NaN coordinates (binary)', () => {
      const soup = Float32Array.from(cube)
      soup[4] = Number.NaN
      expect(errorCodeOf(() => readStl(binaryStl(soup), options))).toBe('non_finite_coordinate')
    })
    it('infinite coordinates (ASCII)', () => {
      const text = asciiStl([{ name: 'a', soup: cube }]).replace('vertex 0 0 0', 'vertex inf 0 0')
      expect(errorCodeOf(() => readStl(new TextEncoder().encode(text), options))).toBe(
        'non_finite_coordinate',
      )
    })
    it('garbage that is neither binary nor ASCII', () => {
      const bytes = new Uint8Array(1000).fill(7)
      expect(errorCodeOf(() => readStl(bytes, options))).toBe('truncated_file') // claims 0x07070707 triangles
      new DataView(bytes.buffer).setUint32(80, 3, true)
      expect(errorCodeOf(() => readStl(bytes, options))).toBe('stl_count_mismatch') // 3 triangles, wrong size
    })
    it('ASCII syntax errors', () => {
      const text = asciiStl([{ name: 'a', soup: cube }]).replace('outer loop', 'outer lop')
      expect(errorCodeOf(() => readStl(new TextEncoder().encode(text), options))).toBe('stl_syntax')
    })
    it('too many triangles for the limit', () => {
      const many = concatSoups(cube, cube, cube)
      expect(
        errorCodeOf(() =>
          readStl(binaryStl(many), { ...options, limits: { ...DEFAULT_ENGINE_LIMITS, maxTriangles: 20 } }),
        ),
      ).toBe('limit_exceeded')
    })
  })
})
