/**
 * Picture keys of the spec: the model seen from P (plus) or M (minus) along X, Y or Z, turned by 0, 90, 180 or
 * 270 degrees clockwise in the image. "Seen from PX" puts the camera on the +X side looking towards -X.
 */
export const VIEW_DIRECTIONS = ['PX', 'MX', 'PY', 'MY', 'PZ', 'MZ'] as const
export type ViewDirection = (typeof VIEW_DIRECTIONS)[number]
export const VIEW_ROTATIONS = [0, 90, 180, 270] as const
export type ViewRotation = (typeof VIEW_ROTATIONS)[number]

/** `PX_0`, `MZ_270`, ...: the key of a picture in `frontPictures` / `repairImages`. */
export type ViewKey = `${ViewDirection}_${ViewRotation}`

export function viewKey(direction: ViewDirection, rotation: ViewRotation): ViewKey {
  return `${direction}_${rotation}`
}

export interface ViewFrame {
  /** Unit vector the camera looks along. */
  forward: readonly [number, number, number]
  /** Image right and up at rotation 0. */
  right: readonly [number, number, number]
  up: readonly [number, number, number]
}

/** Side views keep +Z up; top and bottom views keep +Y up. right = forward x up. */
export const VIEW_FRAMES: Record<ViewDirection, ViewFrame> = {
  PX: { forward: [-1, 0, 0], right: [0, 1, 0], up: [0, 0, 1] },
  MX: { forward: [1, 0, 0], right: [0, -1, 0], up: [0, 0, 1] },
  PY: { forward: [0, -1, 0], right: [-1, 0, 0], up: [0, 0, 1] },
  MY: { forward: [0, 1, 0], right: [1, 0, 0], up: [0, 0, 1] },
  PZ: { forward: [0, 0, -1], right: [1, 0, 0], up: [0, 1, 0] },
  MZ: { forward: [0, 0, 1], right: [-1, 0, 0], up: [0, 1, 0] },
}
