import { type ConfigurationPrice } from '#shared/contracts/pricing.contract.ts'
import { type Color, type PrintMode, type SurfaceFinish } from '#shared/contracts/print-modes.contract.ts'
import { printModeDefaults } from '#shared/domain/print-mode-defaults.ts'

/** Pure look-ups in the print-mode catalogue for the configure views and the price requests. */

export function findPrintMode(printModes: readonly PrintMode[], id: string | null): PrintMode | undefined {
  return id === null ? undefined : printModes.find((mode) => mode.id === id)
}

export function findFinish(printMode: PrintMode | undefined, id: string | null): SurfaceFinish | undefined {
  return id === null ? undefined : printMode?.surfaceFinishes.find((finish) => finish.id === id)
}

/** The colours offered with the chosen finish, or the print mode's colours when it has no finishes. */
export function coloursFor(printMode: PrintMode | undefined, finishId: string | null): Color[] {
  if (!printMode) return []
  if (printMode.surfaceFinishes.length === 0) return printMode.colors
  return findFinish(printMode, finishId)?.colors ?? []
}

export function findColour(printMode: PrintMode | undefined, id: string | null): Color | undefined {
  if (!printMode || id === null) return undefined
  return (
    printMode.colors.find((colour) => colour.id === id) ??
    printMode.surfaceFinishes.flatMap((finish) => finish.colors).find((colour) => colour.id === id)
  )
}

/** Selecting a print mode selects its defaults (print-mode-defaults.ts) as ids. */
export function defaultsOf(printMode: PrintMode): {
  firstFinishId: string | null
  firstColorId: string | null
} {
  const { finish, colour } = printModeDefaults(printMode.surfaceFinishes, (chosen: SurfaceFinish | null) =>
    chosen === null ? printMode.colors[0] : chosen.colors[0],
  )
  return { firstFinishId: finish?.id ?? null, firstColorId: colour?.id ?? null }
}

/** The configure event that selects a print mode with its defaults. */
export function selectPrintModeEvent(printMode: PrintMode) {
  return { type: 'configure.selectPrintMode', printModeId: printMode.id, ...defaultsOf(printMode) } as const
}

/** The configure event that selects a finish with its first colour. */
export function selectFinishEvent(finish: SurfaceFinish) {
  return {
    type: 'configure.selectFinish',
    finishId: finish.id,
    firstColorId: finish.colors[0]?.id ?? null,
  } as const
}

export function selectColourEvent(colour: Color) {
  return {
    type: 'configure.selectColor',
    colorId: colour.id,
    colorFinishIds: colour.surfaceFinishes,
  } as const
}

/** One priced configuration of a print mode: the one with this finish and colour, if the prices have it. */
export function priceFor(
  prices: readonly ConfigurationPrice[] | undefined,
  finishId: string | null,
  colourId: string | null,
): ConfigurationPrice | undefined {
  return prices?.find((price) => price.surfaceFinishId === finishId && price.printModeColorId === colourId)
}

/** What a print-mode card shows: the price of the current selection in that mode, else its default's. */
export function cardPriceFor(
  printMode: PrintMode,
  prices: readonly ConfigurationPrice[] | undefined,
  selection: { printModeId: string | null; surfaceFinishId: string | null; colorId: string | null },
): ConfigurationPrice | undefined {
  if (selection.printModeId === printMode.id) {
    const selected = priceFor(prices, selection.surfaceFinishId, selection.colorId)
    if (selected) return selected
  }
  const { firstFinishId, firstColorId } = defaultsOf(printMode)
  return priceFor(prices, firstFinishId, firstColorId) ?? prices?.[0]
}
