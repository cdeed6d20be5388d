import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
// pngjs's defaults, which the stored pictures were written with: the same zlib input and options give the same bytes
const DEFLATE = { chunkSize: 32 * 1024, level: 9, strategy: 3 }

/**
 * An 8-bit RGBA image as PNG, every row Paeth-filtered: byte for byte what pngjs's `PNG.sync.write(png,
 * { colorType: 6, filterType: 4 })` wrote before (decision 0131): the same filtered rows, the same zlib call, one
 * IDAT chunk. Its filter loop in JavaScript over a generic predictor was most of the 48 pictures' time.
 */
export function encodeRgbaPng(width: number, height: number, data: Uint8Array): Uint8Array {
  const rowBytes = width * 4
  const filtered = Buffer.allocUnsafe(height * (rowBytes + 1))
  let o = 0
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes
    filtered[o++] = 4
    if (y === 0) {
      // no row above: the predictor is the left byte
      for (let x = 0; x < rowBytes; x++) filtered[o++] = (data[x]! - (x >= 4 ? data[x - 4]! : 0)) & 0xff
      continue
    }
    // first pixel: no left neighbour, the predictor is the byte above
    for (let x = 0; x < 4 && x < rowBytes; x++)
      filtered[o++] = (data[row + x]! - data[row + x - rowBytes]!) & 0xff
    for (let i = row + 4, end = row + rowBytes; i < end; i++) {
      const left = data[i - 4]!
      const up = data[i - rowBytes]!
      const upLeft = data[i - rowBytes - 4]!
      const pLeft = Math.abs(up - upLeft)
      const pUp = Math.abs(left - upLeft)
      const pUpLeft = Math.abs(left + up - 2 * upLeft)
      const predicted = pLeft <= pUp && pLeft <= pUpLeft ? left : pUp <= pUpLeft ? up : upLeft
      filtered[o++] = (data[i]! - predicted) & 0xff
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  // a copy on its own ArrayBuffer: a small Buffer.concat lies in Node's shared pool, and results are transferred
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(SIGNATURE),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(filtered, DEFLATE)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(body.length + 12)
  out.writeUInt32BE(body.length, 0)
  out.write(type, 4, 'latin1')
  body.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, out.length - 4)) >>> 0, out.length - 4)
  return out
}
