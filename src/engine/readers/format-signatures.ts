/**
 * Format signatures, apart from the readers so that sniffing a file's format does not load every reader (the 3MF
 * reader brings fflate and an XML tokenizer; see read-model.ts).
 */

const TDS_MAIN_CHUNK = 0x4d4d

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

export function isStep(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 64))
    .toString('latin1')
    .trimStart()
  return head.startsWith('ISO-10303-21')
}

export function isTds(bytes: Uint8Array): boolean {
  return bytes.length >= 6 && (bytes[0]! | (bytes[1]! << 8)) === TDS_MAIN_CHUNK
}
