import type { CatalogueItem } from './catalogue-draft.ts'
import type { LoadedForm } from './staff-catalogue-form.machine.ts'

/** Plain data the catalogue form's paths, tests and stories share (ids are 22 characters, as the API's). */

export const MATERIAL_ID = 'material_pla_000000001'
export const PRINT_MODE_ID = 'pm_fdm_pla_00000000001'
export const COLOR_ID = 'color_red_000000000001'
export const FINISH_ID = 'finish_raw_00000000001'

export const material: CatalogueItem = { id: MATERIAL_ID, name: { de: 'PLA', en: 'PLA' }, archived: false }

export const newMaterialForm: LoadedForm = { item: null, choices: {} }

export const color: CatalogueItem = {
  id: COLOR_ID,
  printModeId: PRINT_MODE_ID,
  name: { de: 'Rot', en: 'Red', fr: 'Rouge' },
  hex: '#cc0000',
  thumbnailPath: `colors/${COLOR_ID}.svg`,
  hue: 0,
  spreadsheetVariable: 1,
  surfaceFinishIds: [FINISH_ID],
  sortOrder: 0,
  archived: false,
}

export const colorForm: LoadedForm = {
  item: color,
  choices: {
    'print-modes': [{ id: PRINT_MODE_ID, name: { de: 'FDM PLA' }, archived: false }],
    'surface-finishes': [{ id: FINISH_ID, name: { de: 'Roh' }, archived: false }],
  },
}

/** A 400 as the API client rejects it: the server's field issues. */
export const refusedName = Object.assign(new Error('validation_failed'), {
  code: 'validation_failed',
  status: 400,
  issues: [{ path: ['name', 'de'], code: 'too_big', message: 'Too big' }],
})

export const conflict = Object.assign(new Error('conflict'), { code: 'conflict', status: 409 })
export const unavailable = Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
