import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { shallowEqual } from './shallow-equal.ts'

/**
 * The print-mode catalogue and whether it is still loading or could not be loaded (configure, cart and order views).
 * A view that lists print modes asks for the catalogue when it mounts: it is not loaded on a first visit (issue 18).
 */
export function useCatalogue(): { printModes: PrintMode[]; isLoading: boolean; hasFailed: boolean } {
  const { printModes } = useAppActors()
  useEffect(() => printModes.send({ type: 'printModes.load' }), [printModes])
  return useSelector(
    printModes,
    (snapshot) => ({
      printModes: snapshot.context.printModes,
      // Not asked for yet counts as loading: the effect above asks right after the first render.
      isLoading: snapshot.hasTag('loading') || snapshot.hasTag('idle'),
      hasFailed: snapshot.hasTag('error'),
    }),
    shallowEqual,
  )
}
