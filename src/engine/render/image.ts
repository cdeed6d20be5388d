import { encodeRgbaPng } from './png-encode.ts'
import { type ViewRotation } from './view.ts'

export type Rgb = readonly [number, number, number]

/** An RGBA image, row 0 at the top. */
export interface RgbaImage {
  width: number
  height: number
  data: Uint8Array
}

export function createImage(
  width: number,
  height: number,
  background: readonly [number, number, number, number] = [0, 0, 0, 0],
): RgbaImage {
  const data = new Uint8Array(width * height * 4)
  if (background.some((c) => c !== 0)) {
    const pixel = new Uint32Array(new Uint8Array(background).buffer)[0]!
    new Uint32Array(data.buffer).fill(pixel)
  }
  return { width, height, data }
}

/** Turns a square or rectangular image clockwise by a multiple of 90 degrees. */
export function rotateImage(image: RgbaImage, degrees: ViewRotation): RgbaImage {
  if (degrees === 0) return image
  const { width: w, height: h, data } = image
  const swap = degrees !== 180
  const out = createImage(swap ? h : w, swap ? w : h)
  const W = out.width
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number
      let ny: number
      if (degrees === 90) {
        nx = h - 1 - y
        ny = x
      } else if (degrees === 180) {
        nx = w - 1 - x
        ny = h - 1 - y
      } else {
        nx = y
        ny = w - 1 - x
      }
      const s = (y * w + x) * 4
      const d = (ny * W + nx) * 4
      out.data[d] = data[s]!
      out.data[d + 1] = data[s + 1]!
      out.data[d + 2] = data[s + 2]!
      out.data[d + 3] = data[s + 3]!
    }
  }
  return out
}

export function encodePng(image: RgbaImage): Uint8Array {
  // Paeth on every row, as pngjs was asked to (3x faster than trying all five filters per row, and flat-shaded
  // renders compress as well); the same bytes as pngjs wrote (png-encode.ts, decision 0131)
  return encodeRgbaPng(image.width, image.height, image.data)
}

export function fillRect(
  image: RgbaImage,
  x: number,
  y: number,
  w: number,
  h: number,
  rgba: readonly [number, number, number, number],
): void {
  for (let yy = Math.max(0, y); yy < Math.min(image.height, y + h); yy++) {
    for (let xx = Math.max(0, x); xx < Math.min(image.width, x + w); xx++) {
      const o = (yy * image.width + xx) * 4
      image.data[o] = rgba[0]
      image.data[o + 1] = rgba[1]
      image.data[o + 2] = rgba[2]
      image.data[o + 3] = rgba[3]
    }
  }
}
