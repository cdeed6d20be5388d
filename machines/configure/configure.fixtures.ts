/**
 * A small print-mode catalogue as the configure events carry it, for path models, tests and stories:
 * `pm-1` with finishes `f-1` (colours `c-1`, `c-2`) and `f-2` (colours `c-2`, `c-3`); `pm-2` without finishes
 * (colour `c-4`).
 */
export const catalogue = {
  'pm-1': {
    finishes: { 'f-1': ['c-1', 'c-2'], 'f-2': ['c-2', 'c-3'] },
    colours: { 'c-1': ['f-1'], 'c-2': ['f-1', 'f-2'], 'c-3': ['f-2'] },
  },
  'pm-2': { finishes: {}, colours: { 'c-4': [] } },
} as const

export const selectPm1 = {
  type: 'configure.selectPrintMode',
  printModeId: 'pm-1',
  firstFinishId: 'f-1',
  firstColorId: 'c-1',
} as const
export const selectPm2 = {
  type: 'configure.selectPrintMode',
  printModeId: 'pm-2',
  firstFinishId: null,
  firstColorId: 'c-4',
} as const
export const selectF2 = { type: 'configure.selectFinish', finishId: 'f-2', firstColorId: 'c-2' } as const
export const selectC2 = {
  type: 'configure.selectColor',
  colorId: 'c-2',
  colorFinishIds: ['f-1', 'f-2'],
} as const
export const selectC3 = { type: 'configure.selectColor', colorId: 'c-3', colorFinishIds: ['f-2'] } as const
export const selectC4 = { type: 'configure.selectColor', colorId: 'c-4', colorFinishIds: [] } as const
