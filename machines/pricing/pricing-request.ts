import { type PricingSelection } from '#machines/configure/configure.machine.ts'
import {
  PRICING_BATCH_MAX_PARAMS,
  type PricingBatchRequest,
  type PricingParam,
} from '#shared/contracts/pricing.contract.ts'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { defaultsOf, findPrintMode } from '#client/features/configure/catalogue.ts'

const paramOf = (printModeId: string, finishId: string | null, colourId: string | null): PricingParam => ({
  printModeId,
  ...(finishId === null ? {} : { surfaceFinishId: finishId }),
  ...(colourId === null ? {} : { printModeColorId: colourId }),
})

const keyOf = (param: PricingParam) =>
  `${param.printModeId}|${param.surfaceFinishId ?? ''}|${param.printModeColorId ?? ''}`

/**
 * The batch request for a selection (spec part 1 §4 price recalculation): `params[0]` is the selection (or, while no
 * print mode is chosen, the first mode's default), then every print mode's default (the cards' prices), then every
 * finish × colour of the chosen mode (whether each colour is printable). Null when there is nothing to price.
 */
export function pricingRequestOf(
  selection: PricingSelection,
  printModes: readonly PrintMode[],
): PricingBatchRequest | null {
  const params: PricingParam[] = []
  const seen = new Set<string>()
  const add = (param: PricingParam) => {
    const key = keyOf(param)
    if (seen.has(key) || params.length >= PRICING_BATCH_MAX_PARAMS) return
    seen.add(key)
    params.push(param)
  }
  if (selection.printModeId !== null) {
    add(paramOf(selection.printModeId, selection.surfaceFinishId, selection.printModeColorId))
  }
  for (const printMode of printModes) {
    const { firstFinishId, firstColorId } = defaultsOf(printMode)
    add(paramOf(printMode.id, firstFinishId, firstColorId))
  }
  const selected = findPrintMode(printModes, selection.printModeId)
  if (selected) {
    if (selected.surfaceFinishes.length === 0) {
      for (const colour of selected.colors) add(paramOf(selected.id, null, colour.id))
    } else {
      for (const finish of selected.surfaceFinishes) {
        for (const colour of finish.colors) add(paramOf(selected.id, finish.id, colour.id))
      }
    }
  }
  if (params.length === 0) return null
  return {
    objectId: selection.objectId,
    objectScale: selection.objectScale,
    objectUnitLength: selection.objectUnitLength,
    objectQuantity: selection.objectQuantity,
    params,
  }
}
