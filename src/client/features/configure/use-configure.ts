import { useSelector } from '@xstate/react'
import { type ConfigureActor } from '#client/app/app-actors.tsx'
import { shallowEqual } from '#client/common/shallow-equal.ts'

export type Selection = { printModeId: string | null; surfaceFinishId: string | null; colorId: string | null }

/** The chosen print mode, finish and colour. */
export function useSelection(configure: ConfigureActor): Selection {
  return useSelector(
    configure,
    ({ context }) => ({
      printModeId: context.printModeId,
      surfaceFinishId: context.surfaceFinishId,
      colorId: context.colorId,
    }),
    shallowEqual,
  )
}
