import { unzipSync } from 'fflate'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { read3mf } from '../readers/threemf.reader.ts'
import { formatFloat32 } from './format-float32.ts'
import { write3mf } from './threemf.writer.ts'

describe('3MF writer', () => {
  it('writes a core-spec package (content types, root relationship, millimetre model) another zip reader accepts', () => {
    const bytes = write3mf([
      {
        name: 'a <b> & "c" \u00e9\u{1f600}\u0001',
        positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1),
        indices: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3),
      },
    ])!
    const files = unzipSync(bytes)
    expect(Object.keys(files).sort()).toEqual(['3D/3dmodel.model', '[Content_Types].xml', '_rels/.rels'])
    const xml = new TextDecoder().decode(files['3D/3dmodel.model'])
    expect(xml).toContain(
      '<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">',
    )
    expect(xml).toContain('name="a &#60;b&#62; &#38; &#34;c&#34; &#233;&#128512;"')
    expect(new TextDecoder().decode(files['_rels/.rels'])).toContain('Target="/3D/3dmodel.model"')
    const back = read3mf(bytes, { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 })
    expect(back.bodies[0]!.name).toBe('a <b> & "c" \u00e9\u{1f600}')
    expect(back.trianglesRead).toBe(4)
  })

  it('returns undefined when there is nothing to write', () => {
    expect(
      write3mf([{ name: 'x', positions: new Float32Array(0), indices: new Uint32Array(0) }]),
    ).toBeUndefined()
  })

  it('formats every float32 so that it reads back exactly', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = formatFloat32(value)
        expect(Math.fround(Number(text))).toBe(Object.is(value, -0) ? 0 : value)
        expect(text).toMatch(/^-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/)
      }),
      { numRuns: 5000 },
    )
    expect(formatFloat32(12.7)).toBe('12.7')
    expect(formatFloat32(Math.fround(0.1))).toBe('0.1')
  })
})
