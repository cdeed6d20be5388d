import { describe, expect, it } from 'vitest'
import { fitsColorThumbnail, sniffColorImage } from '#server/modules/catalogue/staff/color-image.ts'

/** The content sniff of colour thumbnails: type and size from the header bytes, whatever the file is called. */

function jpeg(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]
  return Uint8Array.from([0xff, 0xd8, ...app0, ...sof0, ...new Array<number>(12).fill(0)])
}

function webpChunk(kind: string, payload: number[]): Uint8Array {
  const bytes = Buffer.alloc(40)
  bytes.write('RIFF', 0, 'latin1')
  bytes.writeUInt32LE(32, 4)
  bytes.write('WEBP', 8, 'latin1')
  bytes.write(kind, 12, 'latin1')
  bytes.set(payload, 20)
  return bytes
}

describe('sniffColorImage', () => {
  it('reads a baseline JPEG size from its first frame marker', () => {
    expect(sniffColorImage(jpeg(640, 480))).toEqual({ type: 'jpeg', width: 640, height: 480 })
  })

  it('reads the three WebP headers', () => {
    // VP8X: 24-bit width-1 and height-1 at bytes 24 and 27.
    const extended = webpChunk('VP8X', [0, 0, 0, 0, 99, 0, 0, 49, 0, 0])
    expect(sniffColorImage(extended)).toEqual({ type: 'webp', width: 100, height: 50 })
    // VP8 (lossy): the start code at 23, 14-bit sizes at 26 and 28.
    const lossy = webpChunk('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 32, 0, 16, 0])
    expect(sniffColorImage(lossy)).toEqual({ type: 'webp', width: 32, height: 16 })
    // VP8L (lossless): signature 0x2f, then width-1 and height-1 in 14 bits each.
    const bits = (64 - 1) | ((8 - 1) << 14)
    const lossless = webpChunk('VP8L', [
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      (bits >> 16) & 0xff,
      bits >>> 24,
    ])
    expect(sniffColorImage(lossless)).toEqual({ type: 'webp', width: 64, height: 8 })
  })

  it('refuses what is no image, whatever it is called', () => {
    expect(sniffColorImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(sniffColorImage(Buffer.from('GIF89a\u0001\u0000\u0001\u0000'))).toBeUndefined()
    expect(sniffColorImage(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined()
  })

  it('fits at most 2048 px a side and at least one', () => {
    expect(fitsColorThumbnail({ type: 'png', width: 2048, height: 1 })).toBe(true)
    expect(fitsColorThumbnail({ type: 'png', width: 2049, height: 1 })).toBe(false)
    expect(fitsColorThumbnail({ type: 'png', width: 0, height: 10 })).toBe(false)
  })
})
