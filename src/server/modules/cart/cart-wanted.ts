import type { CartItemInput, CartItemPatch } from '#shared/contracts/cart.contract.ts'
import { changedSelection } from '#shared/domain/print-mode-defaults.ts'
import type { CartItemRow, ChosenProcessingStep } from '#server/modules/cart/cart.repo.ts'

/** What the customer asks for, resolved to a stored configuration before it is priced. */
export interface Wanted {
  objectId: string
  quantity: number
  scale: number
  printModeId: string
  surfaceFinishId: string | null
  colorId: string | null
  acknowledgedRepairInfo: boolean
  processingSteps: ChosenProcessingStep[]
}

export function wantedOfInput(input: CartItemInput): Wanted {
  return {
    objectId: input.objectId,
    quantity: input.quantity,
    scale: input.scale,
    printModeId: input.printModeId,
    surfaceFinishId: input.surfaceFinishId ?? null,
    colorId: input.printModeColorId ?? null,
    acknowledgedRepairInfo: input.acknowledgedRepairInfo,
    processingSteps: (input.processingSteps ?? []).map((step) => ({
      stepId: step.stepId,
      optionId: step.optionId,
      quantity: step.quantity,
    })),
  }
}

/**
 * A patch on top of the stored item. As in the configure view (part 1 §4): a new print mode starts from its first
 * finish and colour, a new finish from its first colour, unless the patch names them too; processing steps belong
 * to a print mode and are dropped with it.
 */
export function wantedOfPatch(row: CartItemRow, patch: CartItemPatch): Wanted {
  // Null finish or colour: the pricing service prices the print mode's defaults (print-mode-defaults.ts).
  const { printModeId, surfaceFinishId, colorId } = changedSelection(
    { printModeId: row.print_mode_id, surfaceFinishId: row.surface_finish_id, colorId: row.color_id },
    {
      printModeId: patch.printModeId,
      surfaceFinishId: patch.surfaceFinishId,
      colorId: patch.printModeColorId,
    },
  )
  const modeChanged = printModeId !== row.print_mode_id
  return {
    objectId: patch.objectId ?? row.model_file_id,
    quantity: patch.quantity ?? row.quantity,
    scale: patch.scale ?? row.scale,
    printModeId,
    surfaceFinishId,
    colorId,
    acknowledgedRepairInfo: patch.acknowledgedRepairInfo ?? row.acknowledged_repair_info,
    processingSteps:
      patch.processingSteps?.map((step) => ({ ...step })) ?? (modeChanged ? [] : row.processing_steps),
  }
}
