import {
  COLOR_THUMBNAIL_MAX_PIXELS,
  type COLOR_THUMBNAIL_TYPES,
} from '#shared/contracts/staff-catalogue.contract.ts'

/**
 * What an uploaded colour thumbnail is, read from its bytes (never from the client's name or type): PNG, JPEG or
 * WebP, with its width and height where the header gives them cheaply. Anything else is undefined.
 */

export type ColorImageType = (typeof COLOR_THUMBNAIL_TYPES)[number]

export interface ColorImage {
  type: ColorImageType
  width: number
  height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + magic.length && magic.every((byte, i) => bytes[offset + i] === byte)
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  Buffer.from(bytes.subarray(start, start + length)).toString('latin1')

function png(bytes: Uint8Array, view: DataView): ColorImage | undefined {
  if (bytes.length < 33 || ascii(bytes, 12, 4) !== 'IHDR') return undefined
  return { type: 'png', width: view.getUint32(16), height: view.getUint32(20) }
}

/** The size is in the first start-of-frame marker (SOF0…SOF15 except DHT, JPG and DAC). */
function jpeg(bytes: Uint8Array, view: DataView): ColorImage | undefined {
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined
    const marker = bytes[offset + 1]!
    if (marker === 0xff) {
      offset++
      continue
    }
    const length = view.getUint16(offset + 2)
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame)
      return { type: 'jpeg', height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }
    offset += 2 + length
  }
  return undefined
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X) headers each store the size their own way. */
function webp(bytes: Uint8Array, view: DataView): ColorImage | undefined {
  if (bytes.length < 30) return undefined
  const chunk = ascii(bytes, 12, 4)
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)
  if (chunk === 'VP8X') return { type: 'webp', width: u24(24) + 1, height: u24(27) + 1 }
  if (chunk === 'VP8 ' && startsWith(bytes, [0x9d, 0x01, 0x2a], 23))
    return {
      type: 'webp',
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true)
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  return undefined
}

export function sniffColorImage(bytes: Uint8Array): ColorImage | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (startsWith(bytes, PNG_SIGNATURE)) return png(bytes, view)
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes, view)
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes, view)
  return undefined
}

/** Neither side empty nor larger than COLOR_THUMBNAIL_MAX_PIXELS. */
export function fitsColorThumbnail(image: ColorImage): boolean {
  const fits = (side: number) => side >= 1 && side <= COLOR_THUMBNAIL_MAX_PIXELS
  return fits(image.width) && fits(image.height)
}

export const COLOR_IMAGE_EXTENSIONS: Record<ColorImageType, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
}
