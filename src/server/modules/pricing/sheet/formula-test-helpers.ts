import type { SheetCellDraft, SheetDraft } from '#server/modules/pricing/sheet/sheet-types.ts'
import type { PricingTestParameters } from '#server/modules/pricing/sheet/sheet-variables.ts'
import { testSheet, type SheetTestConfiguration } from '#server/modules/pricing/sheet/test-sheet.ts'

export const TEST_PARAMETERS: PricingTestParameters = {
  xMm: 40,
  yMm: 30,
  zMm: 20,
  internalVolumeMm3: 12_000,
  externalVolumeMm3: 24_000,
  surfaceAreaMm2: 6_200,
  minXMm: 20,
  maxXMm: 40,
  maxYMm: 30,
}

/** A draft with the two required result cells, so a test can focus on the cells it cares about. */
export function draftWith(cells: readonly SheetCellDraft[], optionVariables?: readonly string[]): SheetDraft {
  const names = new Set(cells.map((cell) => cell.name.toLowerCase()))
  return {
    optionVariables,
    cells: [
      ...cells,
      ...(names.has('unit_net_price_eur') ? [] : [{ name: 'unit_net_price_eur', formula: '0' }]),
      ...(names.has('production_days') ? [] : [{ name: 'production_days', formula: '0' }]),
    ],
  }
}

/** The value of one formula (as cell `v`), or the reason it has none. */
export function evaluateFormula(
  formula: string,
  configuration: SheetTestConfiguration = {},
  parameters: PricingTestParameters = TEST_PARAMETERS,
): number | boolean | string {
  const report = testSheet(draftWith([{ name: 'v', formula }]), parameters, configuration)
  const staticIssue = report.issues.find((issue) => issue.cell === 'v')
  if (staticIssue) return staticIssue.reason
  const cell = report.cells.find((item) => item.name === 'v')!
  return cell.value ?? cell.reason ?? 'missing'
}
