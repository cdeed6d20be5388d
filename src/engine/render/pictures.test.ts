import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { readStl } from '../readers/stl.reader.ts'
import { binaryStl, boxSoup } from '../testing/mesh-fixtures.ts'
import { renderHistogramImage, THIN_COLOUR } from './histogram-image.ts'
import { renderPictureSet } from './picture-set.ts'
import { VIEW_DIRECTIONS, VIEW_ROTATIONS } from './view.ts'

const box = readStl(binaryStl(boxSoup([0, 0, 0], [10, 20, 40])), {
  limits: DEFAULT_ENGINE_LIMITS,
  unitScaleToMm: 1,
}).bodies[0]!
const decode = (bytes: Uint8Array) => PNG.sync.read(Buffer.from(bytes))
const opaque = (png: PNG) => {
  let n = 0
  for (let i = 3; i < png.data.length; i += 4) if (png.data[i] === 255) n++
  return n
}

describe('pictures', () => {
  it('renders 24 front pictures keyed by direction and rotation, and repair images only when asked', () => {
    const set = renderPictureSet([box], undefined, { size: 64 })
    expect(Object.keys(set.front).sort()).toEqual(
      VIEW_DIRECTIONS.flatMap((d) => VIEW_ROTATIONS.map((r) => `${d}_${r}`)).sort(),
    )
    expect(set.repair).toBeUndefined()
    const px0 = decode(set.front.PX_0!)
    expect([px0.width, px0.height]).toEqual([64, 64])
    // seen from +X the 20 x 40 side fills the height: taller than wide
    let minX = 64
    let maxX = 0
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        if (px0.data[(y * 64 + x) * 4 + 3] !== 255) continue
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
      }
    }
    expect(maxX - minX + 1).toBeLessThan(40)
    expect(opaque(px0)).toBeGreaterThan(500)
    // a rotation turns the picture: PX_90's opaque width is PX_0's height
    const px90 = decode(set.front.PX_90!)
    expect(opaque(px90)).toBe(opaque(px0))
  })

  it('highlights repaired faces in repair images', () => {
    const marks = new Uint8Array(12)
    marks[0] = 1
    const set = renderPictureSet([box], [marks], { size: 64, directions: ['MZ'], rotations: [0] })
    const png = decode(set.repair!.MZ_0!)
    let red = 0
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! > 150 && png.data[i + 1]! < 100) red++
    expect(red).toBeGreaterThan(0)
  })

  it('renders the thickness picture with thin regions coloured and a legend', () => {
    const thickness = new Float32Array(12).fill(10)
    thickness[4] = thickness[5] = 0.3
    const render = (minFeatureSizeMm: number, scale = 1) =>
      decode(
        renderHistogramImage([box], thickness, {
          scale,
          unitOfLength: 'mm',
          direction: 'MY',
          rotation: 0,
          minFeatureSizeMm,
          size: 100,
        }),
      )
    const countThin = (png: PNG) => {
      let n = 0
      for (let y = 0; y < 100; y++) {
        for (let x = 0; x < 100; x++) {
          const o = (y * 100 + x) * 4
          // shaded thin colour: red clearly above green and blue
          if (png.data[o + 3] === 255 && png.data[o]! > 2 * png.data[o + 1]! && png.data[o]! > 100) n++
        }
      }
      return n
    }
    const thin = render(0.5)
    expect([thin.width, thin.height]).toEqual([100, 164])
    expect(countThin(thin)).toBeGreaterThan(100)
    expect(countThin(render(0.5, 2))).toBe(0) // at scale 2 the wall is 0.6 mm
    expect(countThin(render(0.2))).toBe(0)
    // the legend's swatch is there
    const o = ((100 + 12) * 100 + 14) * 4
    expect([thin.data[o], thin.data[o + 1], thin.data[o + 2]]).toEqual([...THIN_COLOUR])
  })
})
