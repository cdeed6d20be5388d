import { assign, fromPromise, setup } from 'xstate'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'

export type Context = {
  /** The catalogue in the language it was loaded in; kept while it reloads. */
  printModes: PrintMode[]
  error: ErrorCode | null
}

export type Event =
  /** Someone needs the catalogue (a model is configured, or a view lists print modes); ignored once asked. */
  | { type: 'printModes.load' }
  /** After a failed load. */
  | { type: 'printModes.retry' }
  /** The language changed: names and descriptions come in the language header's language. */
  | { type: 'printModes.reload' }

/** What the catalogue tells the order flow: it (re)loaded, so the current selection is priced again. */
export type PrintModesReport = { type: 'printModes.loaded'; printModes: PrintMode[] }

export const PRINT_MODES_TAGS = ['idle', 'loading', 'error'] as const
export type PrintModesTag = (typeof PRINT_MODES_TAGS)[number]

/**
 * The print-mode catalogue (spec part 1 §3 "Print mode", §7 `GET /print-modes`), loaded once when it is first needed
 * (`printModes.load`: a model is configured, or the cart lists its items; not on a first visit, issue 18) and again
 * when the language changes. It only loads; the client provides `loadPrintModes`.
 */
export const printModesMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as PrintModesTag,
  },
  actions: {
    reportLoaded: ({ context, system }) => {
      const report: PrintModesReport = { type: 'printModes.loaded', printModes: context.printModes }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
  },
  actors: {
    /** Client: `GET /api/print-modes`. */
    loadPrintModes: fromPromise<PrintMode[]>(async () => {
      throw new Error('printModes: loadPrintModes is not provided')
    }),
  },
}).createMachine({
  id: 'printModes',
  initial: 'idle',
  context: { printModes: [], error: null },
  states: {
    // Nothing asked for yet; a language change has nothing to reload (the first load asks in the current one).
    idle: { tags: 'idle', on: { 'printModes.load': 'loading' } },
    loading: {
      tags: 'loading',
      // The language changed again while loading: the running call asks in the old language, so it is cancelled
      // (its late answer never lands) and the catalogue is asked for again in the current one.
      on: { 'printModes.reload': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadPrintModes',
        src: 'loadPrintModes',
        onDone: {
          target: 'ready',
          actions: assign({ printModes: ({ event }) => event.output, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    ready: { entry: 'reportLoaded', on: { 'printModes.reload': 'loading' } },
    failed: {
      tags: 'error',
      on: { 'printModes.retry': 'loading', 'printModes.reload': 'loading' },
    },
  },
})
