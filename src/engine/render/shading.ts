import { faceCross } from '../mesh/face-cross.ts'
import { type FaceIdImage } from './rasterizer.ts'
import { type Rgb, type RgbaImage, createImage } from './image.ts'
import { VIEW_FRAMES } from './view.ts'

/** Unit normal per face (float32), for shading. */
export function faceNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const faces = indices.length / 3
  const out = new Float32Array(faces * 3)
  const cross = new Float64Array(3)
  for (let f = 0; f < faces; f++) {
    const len = faceCross(positions, indices, f, cross) || 1
    out[3 * f] = cross[0]! / len
    out[3 * f + 1] = cross[1]! / len
    out[3 * f + 2] = cross[2]! / len
  }
  return out
}

/**
 * Colours a face-id image: each covered pixel gets its face's colour times a headlight shade (ambient 0.3 plus
 * 0.7 times the cosine to the view direction; absolute, so open meshes show their back faces too). The
 * background stays transparent.
 */
export function shadeView(
  view: FaceIdImage,
  normals: Float32Array,
  colourOf: (face: number) => Rgb,
): RgbaImage {
  const image = createImage(view.size, view.size)
  const [fx, fy, fz] = VIEW_FRAMES[view.direction].forward
  const { faceId } = view
  for (let i = 0; i < faceId.length; i++) {
    const f = faceId[i]!
    if (f < 0) continue
    const cos = Math.abs(normals[3 * f]! * fx + normals[3 * f + 1]! * fy + normals[3 * f + 2]! * fz)
    const shade = 0.3 + 0.7 * cos
    const [r, g, b] = colourOf(f)
    const o = i * 4
    image.data[o] = Math.round(r * shade)
    image.data[o + 1] = Math.round(g * shade)
    image.data[o + 2] = Math.round(b * shade)
    image.data[o + 3] = 255
  }
  return image
}
