import { AnalysisError } from '../analysis-error.ts'

/**
 * Per-face wall thickness as stored next to the internal mesh (for the thickness picture): little-endian float32,
 * one per face of the bodies in order, NaN where unmeasured.
 */
export function encodeThickness(perFace: Float32Array): Uint8Array {
  return new Uint8Array(perFace.buffer.slice(perFace.byteOffset, perFace.byteOffset + perFace.byteLength))
}

export function decodeThickness(bytes: Uint8Array, faceCount: number): Float32Array {
  if (bytes.length !== faceCount * 4)
    throw new AnalysisError('mesh_codec_invalid', 'Thickness data does not match the mesh')
  const out = new Float32Array(faceCount)
  new Uint8Array(out.buffer).set(bytes)
  return out
}
