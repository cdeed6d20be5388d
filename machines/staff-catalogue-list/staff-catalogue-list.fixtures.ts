import type { CatalogueItem } from '#machines/staff-catalogue-form/catalogue-draft.ts'

/** Plain data the catalogue list's paths, tests and stories share. */

export const pla: CatalogueItem = {
  id: 'material_pla_000000001',
  name: { de: 'PLA', en: 'PLA' },
  archived: false,
}
export const abs: CatalogueItem = { id: 'material_abs_000000001', name: { de: 'ABS' }, archived: true }
export const materials: readonly CatalogueItem[] = [pla, abs]

export const conflict = Object.assign(new Error('conflict'), { code: 'conflict', status: 409 })
export const unavailable = Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
