import type { SheetVersion } from '#shared/contracts/price-sheet.contract.ts'
import type {
  EvaluateSheetResponse,
  ReplaySheetResponse,
  SheetDiffResponse,
} from '#shared/contracts/staff-sheet.contract.ts'
import type { LoadedSheet, SheetSource, VersionHeader } from './staff-sheet-editor.machine.ts'

/** Plain data the sheet editor's paths, tests and stories share. */

export const PRINT_MODE_ID = 'pm_fdm_pla_000000000001'
const WHITE_LABEL_ID = 'wl_standard_00000000001'

export const TEST_PARAMETERS = {
  xMm: 50,
  yMm: 40,
  zMm: 30,
  internalVolumeMm3: 60_000,
  externalVolumeMm3: 60_000,
  surfaceAreaMm2: 9_400,
  minXMm: 30,
  maxXMm: 50,
  maxYMm: 40,
}

const header = (version: number, current: boolean): VersionHeader => ({
  id: `sheetversion_00000000${version}`,
  printModeId: PRINT_MODE_ID,
  whiteLabelId: WHITE_LABEL_ID,
  version,
  createdBy: null,
  createdAt: `2026-11-2${version}T10:00:00.000Z`,
  current,
})

export const sheetVersions: VersionHeader[] = [header(2, true), header(1, false)]

export const currentSheet: SheetVersion = {
  ...header(2, true),
  cells: [
    { name: 'material_eur', formula: '=internal_volume_mm3 / 1000 * 0.25' },
    { name: 'unit_net_price_eur', formula: '=material_eur + 12' },
    { name: 'production_days', formula: 3 },
  ],
  optionVariables: [],
}

export const loadedSheet: LoadedSheet = { current: currentSheet, versions: sheetVersions }

export const cleanEvaluation: EvaluateSheetResponse = {
  issues: [],
  cells: [
    { name: 'material_eur', value: 15 },
    { name: 'unit_net_price_eur', value: 27 },
    { name: 'production_days', value: 3 },
  ],
  result: { unitNetPriceEur: 27, netUnitCents: 2700, productionDays: 3, printable: true },
  testParameters: TEST_PARAMETERS,
}

export const failedEvaluation: EvaluateSheetResponse = {
  issues: [{ cell: 'material_eur', reason: 'unknown_name', detail: 'volum' }],
  cells: [
    { name: 'material_eur', value: null, reason: 'unknown_name' },
    { name: 'unit_net_price_eur', value: null, reason: 'dependency_failed' },
    { name: 'production_days', value: 3 },
  ],
  result: null,
  testParameters: TEST_PARAMETERS,
}

export const replayResult: ReplaySheetResponse = {
  total: 40,
  sources: { cart: 28, order: 12 },
  changed: 31,
  unchanged: 8,
  failed: 1,
  histogram: [
    { key: 'down50', count: 0 },
    { key: 'down10', count: 2 },
    { key: 'down1', count: 4 },
    { key: 'down0', count: 1 },
    { key: 'same', count: 8 },
    { key: 'up0', count: 3 },
    { key: 'up1', count: 15 },
    { key: 'up10', count: 6 },
    { key: 'up50', count: 0 },
  ],
  largest: [
    {
      source: 'cart',
      modelFileId: 'model_file_00000000001',
      beforeCents: 3045,
      afterCents: 4120,
      changePercent: 35.3,
    },
  ],
}

export const versionDiff: SheetDiffResponse = {
  from: sheetVersions[1]!,
  to: sheetVersions[0]!,
  cells: [
    {
      name: 'unit_net_price_eur',
      kind: 'changed',
      before: '=material_eur + 10',
      after: '=material_eur + 12',
    },
    { name: 'setup_eur', kind: 'removed', before: 5, after: null },
  ],
  optionVariables: { added: [], removed: [] },
}

/** A print mode without a sheet yet (decision 0116): the editor offers to start its first version. */
export const NEW_PRINT_MODE_ID = 'pm_new_mode_0000000001'
export const noSheet: LoadedSheet = { current: null, versions: [] }

/** The other print modes' published sheets a first version may copy. */
export const sheetSources: SheetSource[] = [
  {
    printModeId: PRINT_MODE_ID,
    name: { de: 'PLA (FDM)', en: 'PLA (FDM)', fr: 'PLA (FDM)' },
    versionId: currentSheet.id,
  },
  {
    printModeId: 'pm_sls_pa12_0000000001',
    name: { de: 'PA12 (SLS)', en: 'PA12 (SLS)', fr: 'PA12 (SLS)' },
    versionId: 'sheetversion_sls_0001',
  },
]

/** An empty first version evaluated: each required result cell has no formula yet. */
export const emptySheetEvaluation: EvaluateSheetResponse = {
  issues: [
    { cell: 'unit_net_price_eur', reason: 'empty_formula' },
    { cell: 'production_days', reason: 'empty_formula' },
  ],
  cells: [
    { name: 'unit_net_price_eur', value: null, reason: 'empty_formula' },
    { name: 'production_days', value: null, reason: 'empty_formula' },
  ],
  result: null,
  testParameters: TEST_PARAMETERS,
}
