import type { SheetVersion } from '#shared/contracts/price-sheet.contract.ts'
import type { SheetDiffResponse } from '#shared/contracts/staff-sheet.contract.ts'

/**
 * The cell-by-cell difference between two sheet versions (issue 17: "version history with a diff between two
 * versions"). Cells match by name case-insensitively, as the formula engine resolves names.
 */
export function diffSheetVersions(from: SheetVersion, to: SheetVersion): SheetDiffResponse['cells'] {
  const key = (name: string) => name.toLowerCase()
  const before = new Map(from.cells.map((cell) => [key(cell.name), cell]))
  const after = new Map(to.cells.map((cell) => [key(cell.name), cell]))
  const cells: SheetDiffResponse['cells'] = []
  for (const cell of to.cells) {
    const old = before.get(key(cell.name))
    if (old === undefined) cells.push({ name: cell.name, kind: 'added', before: null, after: cell.formula })
    else if (String(old.formula) !== String(cell.formula))
      cells.push({ name: cell.name, kind: 'changed', before: old.formula, after: cell.formula })
  }
  for (const cell of from.cells) {
    if (!after.has(key(cell.name)))
      cells.push({ name: cell.name, kind: 'removed', before: cell.formula, after: null })
  }
  return cells
}

export function diffOptionVariables(
  from: SheetVersion,
  to: SheetVersion,
): SheetDiffResponse['optionVariables'] {
  return {
    added: to.optionVariables.filter((name) => !from.optionVariables.includes(name)),
    removed: from.optionVariables.filter((name) => !to.optionVariables.includes(name)),
  }
}
