import { fromPromise } from 'xstate'
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
