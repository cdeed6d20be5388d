import { type UnitOfLength } from '#shared/domain/limits.ts'
import {
  PRICING_BATCH_MAX_PARAMS,
  type PricingBatchRequest,
  type PricingParam,
} from '#shared/contracts/pricing.contract.ts'
import { type PrintMode, type SurfaceFinish } from '#shared/contracts/print-modes.contract.ts'
import { printModeDefaults } from '#shared/domain/print-mode-defaults.ts'

const paramOf = (printModeId: string, finishId: string | null, colourId: string | null): PricingParam => ({
  printModeId,
  ...(finishId === null ? {} : { surfaceFinishId: finishId }),
  ...(colourId === null ? {} : { printModeColorId: colourId }),
})

/** A print mode's default finish and colour (the one rule in `#shared/domain/print-mode-defaults.ts`). */
const defaultParamOf = (printMode: PrintMode): PricingParam => {
  const { finish, colour } = printModeDefaults(printMode.surfaceFinishes, (chosen: SurfaceFinish | null) =>
    chosen === null ? printMode.colors[0] : chosen.colors[0],
  )
  return paramOf(printMode.id, finish?.id ?? null, colour?.id ?? null)
}

const keyOf = (param: PricingParam) =>
  `${param.printModeId}|${param.surfaceFinishId ?? ''}|${param.printModeColorId ?? ''}`

/**
 * The batch request for a selection (spec part 1 §4 price recalculation): `params[0]` is the selection (or, while no
 * print mode is chosen, the first mode's default), then every print mode's default (the cards' prices), then every
 * finish × colour of the chosen mode (whether each colour is printable). Null when there is nothing to price.
 */
/** What the pricing needs to know about the configure selection (the configure machine reports it). */
export type PricingSelection = {
  objectId: string
  objectScale: number
  objectUnitLength: UnitOfLength
  objectQuantity: number
  printModeId: string | null
  surfaceFinishId: string | null
  printModeColorId: string | null
}

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
  for (const printMode of printModes) add(defaultParamOf(printMode))
  const selected = printModes.find((mode) => mode.id === selection.printModeId)
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
