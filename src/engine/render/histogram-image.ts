import { type UnitOfLength } from '#shared/domain/limits.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { mergeMeshes } from '../thickness/wall-thickness.ts'
import { unitToMm } from '../units.ts'
import { drawText } from './bitmap-font.ts'
import { type Rgb, type RgbaImage, createImage, encodePng, fillRect, rotateImage } from './image.ts'
import { rasterizeFaceIds } from './rasterizer.ts'
import { faceNormals, shadeView } from './shading.ts'
import { type ViewDirection, type ViewRotation } from './view.ts'

export interface HistogramImageRequest {
  /** The model's scale factor as configured (1 = as analysed). */
  scale: number
  /** The unit the customer works in: labels are shown in it. Thickness data is always mm at scale 1. */
  unitOfLength: UnitOfLength
  direction: ViewDirection
  rotation: ViewRotation
  /** The print mode's minimum feature size, in mm. */
  minFeatureSizeMm: number
  size?: number
}

export const THIN_COLOUR: Rgb = [0xd6, 0x2d, 0x20]
export const OK_COLOUR: Rgb = [0xdd, 0xdd, 0xdd]
export const UNKNOWN_COLOUR: Rgb = [0x9a, 0xa5, 0xb1]
const LEGEND_HEIGHT = 64

/**
 * The wall-thickness picture of the spec (GET /analytx/file/{id}/histogram-image): the model seen from the given
 * direction and rotation, faces thinner than the print mode's minimum feature size at this scale in red, the
 * rest grey (unmeasured faces blue-grey), with a legend below: the threshold in the customer's unit and the scale.
 * A face is thin when thickness(mm, scale 1) * scale < minFeatureSizeMm.
 */
export function renderHistogramImage(
  meshes: readonly IndexedMesh[],
  thicknessPerFace: Float32Array,
  request: HistogramImageRequest,
): Uint8Array {
  const size = request.size ?? 400
  const { positions, indices } = mergeMeshes(meshes)
  const normals = faceNormals(positions, indices)
  const view = rasterizeFaceIds(positions, indices, request.direction, size)
  const limit = request.minFeatureSizeMm / request.scale
  const shaded = rotateImage(
    shadeView(view, normals, (f) => {
      const t = thicknessPerFace[f]!
      if (!Number.isFinite(t)) return UNKNOWN_COLOUR
      return t < limit ? THIN_COLOUR : OK_COLOUR
    }),
    request.rotation,
  )
  const image = createImage(size, size + LEGEND_HEIGHT, [255, 255, 255, 0])
  for (let y = 0; y < size; y++)
    image.data.set(shaded.data.subarray(y * size * 4, (y + 1) * size * 4), y * size * 4)
  drawLegend(image, size, request)
  return encodePng(image)
}

function drawLegend(image: RgbaImage, top: number, request: HistogramImageRequest): void {
  const unit = request.unitOfLength
  const threshold = request.minFeatureSizeMm / unitToMm(unit)
  const value = `${formatNumber(threshold)} ${unit}`
  const ink: [number, number, number, number] = [0x22, 0x22, 0x22, 255]
  fillRect(image, 0, top, image.width, LEGEND_HEIGHT, [255, 255, 255, 255])
  const row1 = top + 8
  const row2 = top + 36
  fillRect(image, 10, row1, 18, 18, [...THIN_COLOUR, 255])
  drawText(image, `< ${value}`, 36, row1 + 2, ink)
  fillRect(image, 10, row2, 18, 18, [...OK_COLOUR, 255])
  drawText(image, `>= ${value}`, 36, row2 + 2, ink)
  const right = `scale ${formatNumber(request.scale)}`
  drawText(image, right, image.width - 10 - right.length * 12, row1 + 2, ink)
  const view = `${request.direction} ${request.rotation}`
  drawText(image, view, image.width - 10 - view.length * 12, row2 + 2, ink)
}

function formatNumber(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)
}
