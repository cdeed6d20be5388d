import { Inflate } from 'fflate'
import { AnalysisError } from '../analysis-error.ts'

/** One entry of the central directory, as declared (sizes are checked again while inflating). */
export interface ZipEntry {
  name: string
  method: number
  flags: number
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

export interface ZipLimits {
  maxEntries: number
  maxInflatedBytes: number
}

// DEFLATE cannot expand more than about 1032:1; a declared size beyond that is a lie (or a bomb).
const MAX_DEFLATE_RATIO = 1100
// Compressed bytes pushed per inflate step: bounds the output produced before we check the running total.
const INFLATE_STEP = 16 * 1024

/**
 * A zip reader that trusts nothing: the central directory is parsed first and the entry count, the declared
 * sizes, the compression ratio and every entry name are checked before a single byte is inflated; then the real
 * inflated size is enforced while streaming. No entry is ever fully materialised unless the caller asks for it.
 */
export class ZipArchive {
  readonly entries: ReadonlyMap<string, ZipEntry>
  private readonly bytes: Uint8Array
  private readonly view: DataView
  private inflatedTotal = 0
  private readonly maxInflatedBytes: number

  constructor(bytes: Uint8Array, limits: ZipLimits) {
    this.bytes = bytes
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    this.maxInflatedBytes = limits.maxInflatedBytes
    this.entries = this.readCentralDirectory(limits)
  }

  has(name: string): boolean {
    return this.entries.has(normaliseEntryName(name))
  }

  /** Streams the inflated bytes of an entry to `onChunk`, in pieces of bounded size. */
  stream(name: string, onChunk: (chunk: Uint8Array) => void): void {
    const entry = this.entries.get(normaliseEntryName(name))
    if (entry === undefined) throw new AnalysisError('zip_invalid', `Missing zip entry ${name}`)
    const start = this.dataStart(entry)
    const end = start + entry.compressedSize
    if (end > this.bytes.length)
      throw new AnalysisError('truncated_file', `Zip entry ${entry.name} runs past the end`)
    let produced = 0
    const account = (n: number): void => {
      produced += n
      this.inflatedTotal += n
      if (produced > entry.uncompressedSize) {
        throw new AnalysisError('zip_invalid', `Zip entry ${entry.name} inflates beyond its declared size`)
      }
      if (this.inflatedTotal > this.maxInflatedBytes)
        throw new AnalysisError('zip_too_large', 'The zip inflates beyond the limit')
    }
    if (entry.method === 0) {
      for (let p = start; p < end; p += INFLATE_STEP) {
        const chunk = this.bytes.subarray(p, Math.min(end, p + INFLATE_STEP))
        account(chunk.length)
        onChunk(chunk)
      }
    } else {
      const inflate = new Inflate((chunk) => {
        account(chunk.length)
        onChunk(chunk)
      })
      try {
        for (let p = start; p < end; p += INFLATE_STEP) {
          const q = Math.min(end, p + INFLATE_STEP)
          inflate.push(this.bytes.subarray(p, q), q === end)
        }
        if (start === end) inflate.push(new Uint8Array(0), true)
      } catch (error) {
        if (error instanceof AnalysisError) throw error
        throw new AnalysisError('zip_invalid', `Zip entry ${entry.name} is not valid DEFLATE data`)
      }
    }
    if (produced !== entry.uncompressedSize) {
      throw new AnalysisError(
        'zip_invalid',
        `Zip entry ${entry.name} inflates to ${produced}, not the declared ${entry.uncompressedSize}`,
      )
    }
  }

  /** The whole entry as bytes: for small parts (.rels, content types) only. */
  read(name: string, maxBytes: number): Uint8Array {
    const entry = this.entries.get(normaliseEntryName(name))
    if (entry === undefined) throw new AnalysisError('zip_invalid', `Missing zip entry ${name}`)
    if (entry.uncompressedSize > maxBytes)
      throw new AnalysisError('zip_too_large', `Zip entry ${name} is too large`)
    const out = new Uint8Array(entry.uncompressedSize)
    let at = 0
    this.stream(name, (chunk) => {
      out.set(chunk, at)
      at += chunk.length
    })
    return out
  }

  private dataStart(entry: ZipEntry): number {
    const o = entry.localHeaderOffset
    if (o + 30 > this.bytes.length || this.view.getUint32(o, true) !== 0x04034b50) {
      throw new AnalysisError('zip_invalid', `Bad local header for ${entry.name}`)
    }
    return o + 30 + this.view.getUint16(o + 26, true) + this.view.getUint16(o + 28, true)
  }

  private readCentralDirectory(limits: ZipLimits): Map<string, ZipEntry> {
    const v = this.view
    const n = this.bytes.length
    let eocd = -1
    for (let p = n - 22; p >= Math.max(0, n - 22 - 65535); p--) {
      if (v.getUint32(p, true) === 0x06054b50) {
        eocd = p
        break
      }
    }
    if (eocd < 0) throw new AnalysisError('zip_invalid', 'No zip end-of-central-directory record')
    let count = v.getUint16(eocd + 10, true)
    let cdSize = v.getUint32(eocd + 12, true)
    let cdOffset = v.getUint32(eocd + 16, true)
    if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
      // ZIP64: the locator sits right before the classic record.
      const loc = eocd - 20
      if (loc < 0 || v.getUint32(loc, true) !== 0x07064b50)
        throw new AnalysisError('zip_invalid', 'Bad ZIP64 locator')
      const rec = Number(v.getBigUint64(loc + 8, true))
      if (rec + 56 > n || v.getUint32(rec, true) !== 0x06064b50)
        throw new AnalysisError('zip_invalid', 'Bad ZIP64 record')
      count = Number(v.getBigUint64(rec + 32, true))
      cdSize = Number(v.getBigUint64(rec + 40, true))
      cdOffset = Number(v.getBigUint64(rec + 48, true))
    }
    if (count > limits.maxEntries) {
      throw new AnalysisError(
        'zip_too_many_entries',
        `${count} zip entries exceed the limit of ${limits.maxEntries}`,
      )
    }
    if (cdOffset + cdSize > n || count * 46 > cdSize)
      throw new AnalysisError('zip_invalid', 'The central directory lies outside the file')
    const entries = new Map<string, ZipEntry>()
    let declaredTotal = 0
    let p = cdOffset
    const decoder = new TextDecoder('utf-8')
    for (let i = 0; i < count; i++) {
      if (p + 46 > cdOffset + cdSize || v.getUint32(p, true) !== 0x02014b50) {
        throw new AnalysisError('zip_invalid', 'Bad central directory entry')
      }
      const flags = v.getUint16(p + 8, true)
      const method = v.getUint16(p + 10, true)
      let compressedSize = v.getUint32(p + 20, true)
      let uncompressedSize = v.getUint32(p + 24, true)
      const nameLen = v.getUint16(p + 28, true)
      const extraLen = v.getUint16(p + 30, true)
      const commentLen = v.getUint16(p + 32, true)
      let localHeaderOffset = v.getUint32(p + 42, true)
      if (p + 46 + nameLen + extraLen > n)
        throw new AnalysisError('zip_invalid', 'Truncated central directory')
      const rawName = decoder.decode(this.bytes.subarray(p + 46, p + 46 + nameLen))
      // ZIP64 extra field: the 0xffffffff sizes/offset follow in this order.
      let e = p + 46 + nameLen
      const extraEnd = e + extraLen
      while (e + 4 <= extraEnd) {
        const id = v.getUint16(e, true)
        const size = v.getUint16(e + 2, true)
        if (id === 0x0001) {
          let q = e + 4
          if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
            uncompressedSize = Number(v.getBigUint64(q, true))
            q += 8
          }
          if (compressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
            compressedSize = Number(v.getBigUint64(q, true))
            q += 8
          }
          if (localHeaderOffset === 0xffffffff && q + 8 <= e + 4 + size)
            localHeaderOffset = Number(v.getBigUint64(q, true))
        }
        e += 4 + size
      }
      p += 46 + nameLen + extraLen + commentLen
      if (rawName.endsWith('/')) continue // directory
      const name = checkEntryName(rawName)
      if (flags & 1) throw new AnalysisError('zip_unsupported', `Zip entry ${name} is encrypted`)
      if (method !== 0 && method !== 8)
        throw new AnalysisError('zip_unsupported', `Zip entry ${name} uses compression method ${method}`)
      if (method === 0 && compressedSize !== uncompressedSize)
        throw new AnalysisError('zip_invalid', `Stored entry ${name} has two sizes`)
      if (method === 8 && uncompressedSize > Math.max(1024, compressedSize * MAX_DEFLATE_RATIO)) {
        throw new AnalysisError('zip_too_large', `Zip entry ${name} claims an impossible compression ratio`)
      }
      declaredTotal += uncompressedSize
      if (declaredTotal > limits.maxInflatedBytes)
        throw new AnalysisError('zip_too_large', 'The zip declares more than the inflated-size limit')
      if (localHeaderOffset + 30 > n)
        throw new AnalysisError('zip_invalid', `Zip entry ${name} lies outside the file`)
      if (entries.has(name)) throw new AnalysisError('zip_invalid', `Duplicate zip entry ${name}`)
      entries.set(name, { name, method, flags, compressedSize, uncompressedSize, localHeaderOffset })
    }
    return entries
  }
}

/** Entry names are compared case-insensitively without a leading slash (OPC part names are case-insensitive). */
export function normaliseEntryName(name: string): string {
  return name.replace(/^\/+/, '').toLowerCase()
}

/** Rejects names that could escape an extraction directory or are not plain relative paths. */
export function checkEntryName(rawName: string): string {
  const name = rawName.replace(/^\/+/, '')
  const bad =
    name.length === 0 ||
    name.includes('\\') ||
    name.includes('\0') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.')
  if (bad) throw new AnalysisError('zip_path_escape', `Unsafe zip entry name '${rawName.slice(0, 80)}'`)
  return normaliseEntryName(name)
}

export { isZip } from './format-signatures.ts'
