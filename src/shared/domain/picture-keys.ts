/**
 * The names of an analysed model's pictures. A module of their own, without zod, so the analysis child that writes
 * the pictures does not load the API contracts (decision 0132); `analysis.contract.ts` re-exports them.
 */
export const PICTURE_DIRECTIONS = ['PX', 'PY', 'PZ', 'MX', 'MY', 'MZ'] as const
export const PICTURE_ROTATIONS = [0, 90, 180, 270] as const
export type PictureDirection = (typeof PICTURE_DIRECTIONS)[number]
export type PictureRotation = (typeof PICTURE_ROTATIONS)[number]
/** `PX_0` … `MZ_270`: looking along plus or minus an axis, turned by a multiple of 90 degrees. */
export type PictureKey = `${PictureDirection}_${PictureRotation}`

export const PICTURE_KEYS = PICTURE_DIRECTIONS.flatMap((direction) =>
  PICTURE_ROTATIONS.map((rotation): PictureKey => `${direction}_${rotation}`),
)
