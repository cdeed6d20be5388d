import type { ModelFormat } from '#engine/engine.ts'

/**
 * Does an upload's content fit the format its extension announces? The extension picks the format; this only
 * refuses files that are plainly something else (a PNG named .stl, an HTML page named .ply), so they are never
 * stored or served. A file that is the right kind but broken (a lying triangle count, an empty solid, a zip bomb)
 * passes: the engine then names the defect precisely in the task's error.
 *
 * Rules (first 64 KB and the total size):
 * - any format: an empty file passes (the engine answers `empty_file`);
 * - STL, binary: `84 + 50 n == size` for the header's n; also a header count that lies about a body of whole
 *   50-byte facets (the engine answers `truncated_file` / `stl_count_mismatch`);
 * - STL, ASCII: `solid` first, then `facet` (or `endsolid`: an empty solid is still an STL);
 * - PLY: `ply` on the first line; 3MF: zip magic; 3DS: main chunk id 0x4D4D; STEP: `ISO-10303-21;` first.
 * Known other formats (images, PDF, HTML, executables, archives) never pass, whatever size rule they happen to meet.
 */

const FOREIGN_MAGIC: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // MZ (Windows executables)
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
]

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06]

function startsWith(head: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (head.length < offset + magic.length) return false
  return magic.every((byte, i) => head[offset + i] === byte)
}

/** The head as Latin-1 text after a UTF-8 byte-order mark and leading white space. */
function leadingText(head: Uint8Array, length: number): string {
  let start = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0
  while (start < head.length && (head[start] === 0x20 || (head[start]! >= 0x09 && head[start]! <= 0x0d)))
    start++
  return Buffer.from(head.buffer, head.byteOffset + start, Math.min(length, head.length - start)).toString(
    'latin1',
  )
}

function looksLikeMarkup(head: Uint8Array): boolean {
  return /^<(!doctype|html|\?xml|svg|script)/i.test(leadingText(head, 16))
}

function isBinaryStl(head: Uint8Array, size: number): boolean {
  if (size < 84 || head.length < 84) return false
  const count = new DataView(head.buffer, head.byteOffset, head.length).getUint32(80, true)
  return 84 + 50 * count === size || (size - 84) % 50 === 0
}

function isAsciiStl(head: Uint8Array): boolean {
  const text = leadingText(head, head.length)
  return /^solid\b/i.test(text) && /\b(facet|endsolid)\b/i.test(text)
}

export function contentMatchesFormat(head: Uint8Array, size: number, format: ModelFormat): boolean {
  if (size === 0) return true
  if (FOREIGN_MAGIC.some((magic) => startsWith(head, magic)) || looksLikeMarkup(head)) return false
  const isZip = startsWith(head, ZIP_MAGIC) || startsWith(head, EMPTY_ZIP_MAGIC)
  switch (format) {
    case 'stl':
      return !isZip && (isAsciiStl(head) || isBinaryStl(head, size))
    case 'ply':
      return /^ply\r?\n/.test(leadingText(head, 8))
    case '3mf':
      return isZip
    case '3ds':
      return startsWith(head, [0x4d, 0x4d])
    case 'step':
      return /^ISO-10303-21\s*;/.test(leadingText(head, 32))
  }
}
