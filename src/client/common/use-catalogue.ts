import { useSelector } from '@xstate/react'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { shallowEqual } from './shallow-equal.ts'

/** The print-mode catalogue and whether it is still loading or could not be loaded (configure and cart views). */
export function useCatalogue(): { printModes: PrintMode[]; isLoading: boolean; hasFailed: boolean } {
  const { printModes } = useAppActors()
  return useSelector(
    printModes,
    (snapshot) => ({
      printModes: snapshot.context.printModes,
      isLoading: snapshot.hasTag('loading'),
      hasFailed: snapshot.hasTag('error'),
    }),
    shallowEqual,
  )
}
