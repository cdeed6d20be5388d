import type { StaffColor } from '#shared/contracts/staff-catalogue.contract.ts'
import { COLOR_THUMBNAIL_MAX_BYTES } from '#shared/contracts/staff-catalogue.contract.ts'

/** Plain data the colour thumbnail's paths, tests and stories share. */

export const COLOR_ID = 'color_red_000000000001'
export const SWATCH_PATH = `colors/${COLOR_ID}.svg`
export const UPLOAD_PATH = 'colors/uploads/Qm2c8ZpW4xT0aLr9sEoY1b.png'

/** A 1×1 red PNG, so a story's preview shows a picture. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='

export const pngFile = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })
export const gifFile = new Blob([new Uint8Array([0x47, 0x49, 0x46])], { type: 'image/gif' })
export const hugeFile = new Blob([new Uint8Array(COLOR_THUMBNAIL_MAX_BYTES + 1)], { type: 'image/jpeg' })

export const color = (thumbnailPath: string): StaffColor => ({
  id: COLOR_ID,
  printModeId: 'pm_fdm_pla_00000000001',
  name: { de: 'Rot' },
  hex: '#cc0000',
  thumbnailPath,
  hue: 0,
  spreadsheetVariable: 1,
  surfaceFinishIds: [],
  sortOrder: 0,
  archived: false,
})

export const unsupported = Object.assign(new Error('unsupported'), {
  code: 'unsupported_file_type',
  status: 415,
})
