import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type ConfigurationPrice, type PricingBatchResponse } from '#shared/contracts/pricing.contract.ts'
import {
  PRINTABILITY_MESSAGE_SEVERITY,
  type PrintabilityMessage,
  type PrintabilityStatus,
  printabilityMessage,
} from '#shared/domain/printability.ts'

/** What the printability message area shows (spec part 1 §4 printability message). */
export type PrintabilityView =
  | { kind: 'hidden' }
  | { kind: 'calculating' }
  | {
      kind: 'message'
      message: PrintabilityMessage
      severity: (typeof PRINTABILITY_MESSAGE_SEVERITY)[PrintabilityMessage]
    }

export type PrintabilityInput = {
  /** 0 while the scale field is empty. */
  scale: number
  /** The pricing machine is debouncing or fetching. */
  isCalculating: boolean
  printModeId: string | null
  /** The current selection's priced configuration, if the prices have it. */
  selectedPrice: ConfigurationPrice | undefined
  printabilityForAll: PricingBatchResponse['printabilityForAll'] | null
  file: AnalysisFile
}

/** A priced configuration's verdict, in the precedence of `#shared/domain/printability.ts`. */
export function statusOf(price: ConfigurationPrice, analysisPrintable: boolean): PrintabilityStatus {
  if (!analysisPrintable) return 'not_printable'
  if (price.tooLarge) return 'too_large'
  if (price.tooSmall) return 'too_small'
  if (!price.printable) return 'not_printable_for_print_mode'
  return price.mightCauseProblems ? 'might_cause_problems' : 'printable'
}

const message = (code: PrintabilityMessage): PrintabilityView => ({
  kind: 'message',
  message: code,
  severity: PRINTABILITY_MESSAGE_SEVERITY[code],
})

/**
 * Which message to show: none until the scale is a number; skeletons while calculating; "too large for all" even
 * before a print mode is chosen; otherwise the selected configuration's verdict (indeterminate when it is unknown).
 */
export function printabilityViewOf(input: PrintabilityInput): PrintabilityView {
  if (!(input.scale > 0)) return { kind: 'hidden' }
  if (input.isCalculating) return { kind: 'calculating' }
  const all = input.printabilityForAll ? [{ tooLarge: input.printabilityForAll.tooLarge }] : []
  if (input.printModeId === null) {
    return input.printabilityForAll?.tooLarge ? message('too_large_for_all_print_modes') : { kind: 'hidden' }
  }
  if (!input.file.analysedProperties.printable) return message('not_printable')
  if (!input.selectedPrice) {
    return input.printabilityForAll?.tooLarge
      ? message('too_large_for_all_print_modes')
      : message('indeterminate')
  }
  return message(
    printabilityMessage(
      { status: statusOf(input.selectedPrice, input.file.analysedProperties.printable) },
      all,
    ),
  )
}
