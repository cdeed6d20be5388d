import { describe, expect, it } from 'vitest'
import { decimalExponent } from './byte-sink.ts'
import { formatFloat32 } from './format-float32.ts'

const f32 = new Float32Array(1)
const bits = new Uint32Array(f32.buffer)

/** The float32 values within `ulps` steps of `value`'s float32, positive and in range. */
function around(value: number, ulps: number): number[] {
  f32[0] = value
  const base = bits[0]!
  const out: number[] = []
  for (let d = -ulps; d <= ulps; d++) {
    bits[0] = base + d
    if (f32[0]! >= 1e-6 && f32[0]! < 1e9) out.push(f32[0]!)
  }
  return out
}

describe('float32 formatting for the 3MF', () => {
  it('finds the decimal exponent as floor(log10) does, at and around every power of ten and elsewhere', () => {
    // the 3MF bytes depend on it: it replaced Math.floor(Math.log10(a)), and must agree with it everywhere
    const values: number[] = []
    for (let k = -6; k <= 9; k++) values.push(...around(Number(`1e${k}`), 3000))
    let seed = 7
    for (let i = 0; i < 200_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648
      values.push(Math.fround(10 ** (-6 + (15 * seed) / 2147483648)))
    }
    const mismatches = values.filter((a) => a < 1e9 && decimalExponent(a) !== Math.floor(Math.log10(a)))
    expect(mismatches).toEqual([])
  })

  it('writes the shortest of 6-9 significant digits, without exponent, zero-padded fractions included', () => {
    expect(formatFloat32(Math.fround(0.000123))).toBe('0.000123')
    expect(formatFloat32(Math.fround(-0.5))).toBe('-0.5')
    expect(formatFloat32(Math.fround(1e-6))).toBe('0.000001')
    expect(formatFloat32(Math.fround(123456.789))).toBe('123456.79')
    expect(formatFloat32(Math.fround(100))).toBe('100')
    expect(formatFloat32(Math.fround(999999999))).toBe('1000000000')
    expect(formatFloat32(Math.fround(10.000001))).toBe('10.000001')
    expect(formatFloat32(Math.fround(1.0000001))).toBe('1.0000001')
    expect(formatFloat32(Math.fround(4294967296))).toBe('4294967300')
  })
})
