import { useSelector } from '@xstate/react'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { type ConfigureActor } from '#client/app/configure-session.ts'

/** Equal when every own property is the same value (selectors that return small records). */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[]
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]))
}

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

/** The print-mode catalogue and whether it is still loading or could not be loaded. */
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
