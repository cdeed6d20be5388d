import { writeFloat32 } from './byte-sink.ts'

const scratch = new Uint8Array(40)

/** The shortest decimal (6 to 9 significant digits) that reads back as the same float32, as a string. */
export function formatFloat32(value: number): string {
  const end = writeFloat32(scratch, 0, value)
  return String.fromCharCode(...scratch.subarray(0, end))
}
