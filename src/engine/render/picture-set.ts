import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { MARK_CAP, MARK_FLIPPED, MARK_WELDED } from '../repair/repair-body.ts'
import { mergeMeshes } from '../thickness/wall-thickness.ts'
import { type Rgb, encodePng, fillRect, rotateImage } from './image.ts'
import { rasterizeFaceIds } from './rasterizer.ts'
import { faceNormals, shadeView } from './shading.ts'
import {
  VIEW_DIRECTIONS,
  VIEW_ROTATIONS,
  type ViewDirection,
  type ViewKey,
  type ViewRotation,
  viewKey,
} from './view.ts'

export interface PictureOptions {
  /** Square size in pixels (default 400, the spec's preview canvas). */
  size?: number
  directions?: readonly ViewDirection[]
  rotations?: readonly ViewRotation[]
}

export interface PictureSet {
  size: number
  /** PNG per view key, e.g. `PX_0`. */
  front: Partial<Record<ViewKey, Uint8Array>>
  /** PNG per view key with repaired faces highlighted; undefined if nothing was repaired. */
  repair: Partial<Record<ViewKey, Uint8Array>> | undefined
}

export const MODEL_COLOUR: Rgb = [0xdd, 0xdd, 0xdd]
export const REPAIR_COLOURS: Record<'flipped' | 'cap' | 'welded', Rgb> = {
  flipped: [0xe0, 0x40, 0x2a],
  cap: [0x2a, 0x9d, 0x4e],
  welded: [0xf0, 0x9a, 0x1a],
}

/**
 * Front pictures and repair images. Each direction is rasterised once (face ids); rotations are image turns and
 * the repair image re-colours the same face ids, so 24 pictures of each kind cost 6 rasterisations. Repaired faces
 * (flipped red, caps green, welded orange) are also marked with a dot at their centroid, visible or not, because a
 * single repaired triangle of a large mesh covers less than a pixel.
 */
export function renderPictureSet(
  meshes: readonly IndexedMesh[],
  marks: readonly Uint8Array[] | undefined,
  options: PictureOptions = {},
  /** If given, gets the time (ms) of the rasterisation, the front pictures and the repair images, for the benchmark. */
  timings?: Record<string, number>,
): PictureSet {
  const size = options.size ?? 400
  const { positions, indices } = mergeMeshes(meshes)
  const normals = faceNormals(positions, indices)
  const mergedMarks = marks === undefined ? undefined : concat(marks)
  const front: PictureSet['front'] = {}
  const repair: NonNullable<PictureSet['repair']> = {}
  let raster = 0
  let frontMs = 0
  let repairMs = 0
  for (const direction of options.directions ?? VIEW_DIRECTIONS) {
    const t0 = performance.now()
    const view = rasterizeFaceIds(positions, indices, direction, size)
    const t1 = performance.now()
    const plain = shadeView(view, normals, () => MODEL_COLOUR)
    const t2 = performance.now()
    raster += t1 - t0
    frontMs += t2 - t1
    let highlighted = undefined
    if (mergedMarks !== undefined) {
      highlighted = shadeView(view, normals, (f) => markColour(mergedMarks[f]!))
      for (let f = 0; f < mergedMarks.length; f++) {
        const m = mergedMarks[f]!
        if (m === 0) continue
        const a = 3 * indices[3 * f]!
        const b = 3 * indices[3 * f + 1]!
        const c = 3 * indices[3 * f + 2]!
        const [px, py] = view.project(
          (positions[a]! + positions[b]! + positions[c]!) / 3,
          (positions[a + 1]! + positions[b + 1]! + positions[c + 1]!) / 3,
          (positions[a + 2]! + positions[b + 2]! + positions[c + 2]!) / 3,
        )
        const [r, g, bl] = markColour(m)
        fillRect(highlighted, Math.round(px) - 1, Math.round(py) - 1, 3, 3, [r, g, bl, 255])
      }
    }
    const t3 = performance.now()
    repairMs += t3 - t2
    for (const rotation of options.rotations ?? VIEW_ROTATIONS) {
      const key = viewKey(direction, rotation)
      const t4 = performance.now()
      front[key] = encodePng(rotateImage(plain, rotation))
      const t5 = performance.now()
      if (highlighted !== undefined) repair[key] = encodePng(rotateImage(highlighted, rotation))
      frontMs += t5 - t4
      repairMs += performance.now() - t5
    }
  }
  if (timings !== undefined) {
    timings.pictures_raster = raster
    timings.pictures_front = frontMs
    timings.pictures_repair = repairMs
  }
  return { size, front, repair: mergedMarks === undefined ? undefined : repair }
}

function markColour(mark: number): Rgb {
  if (mark & MARK_FLIPPED) return REPAIR_COLOURS.flipped
  if (mark & MARK_CAP) return REPAIR_COLOURS.cap
  if (mark & MARK_WELDED) return REPAIR_COLOURS.welded
  return MODEL_COLOUR
}

function concat(arrays: readonly Uint8Array[]): Uint8Array {
  if (arrays.length === 1) return arrays[0]!
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0))
  let o = 0
  for (const a of arrays) {
    out.set(a, o)
    o += a.length
  }
  return out
}
