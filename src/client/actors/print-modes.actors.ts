import { type ActorRefFrom, fromPromise } from 'xstate'
import { type Locale } from '#shared/domain/limits.ts'
import { GetPrintModesResponseSchema } from '#shared/contracts/print-modes.contract.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'
import { printModesMachine } from '#machines/print-modes/print-modes.machine.ts'

/** The print-mode catalogue from `GET /api/print-modes`. */
export function createPrintModesActors(deps: { api: ApiClient }) {
  return printModesMachine.provide({
    actors: {
      loadPrintModes: fromPromise(async ({ signal }) => {
        const { printModes } = await deps.api.get(apiPaths.printModes, GetPrintModesResponseSchema, {
          signal,
        })
        return printModes
      }),
    },
  })
}

/**
 * Reloads the catalogue whenever the active language really changes. Lingui reports a change when a catalog is
 * loaded (the old language still active) and again when it is activated: only the second one is a new language, so
 * the catalogue is asked for in the language the page now shows (issue 14, item 1).
 */
export function reloadOnLanguageChange(
  printModes: ActorRefFrom<typeof printModesMachine>,
  locale: () => Locale,
  onLocaleChange: (listener: () => void) => void,
): void {
  let requested = locale()
  onLocaleChange(() => {
    const current = locale()
    if (current === requested) return
    requested = current
    if (printModes.getSnapshot().can({ type: 'printModes.reload' }))
      printModes.send({ type: 'printModes.reload' })
  })
}
