/**
 * The configure sub-step in the URL (issue 14, item 3; decision 0101): `?step=materials` and `?step=finishes` on the
 * home page, nothing for basics. Each sub-step the shopper reaches is a history entry, so Back and Forward walk the
 * sub-steps; the configure machine stays the authority on what is allowed and the URL follows it.
 */
export const CONFIGURE_STEP_PARAMS = ['materials', 'finishes'] as const
export type ConfigureStepParam = (typeof CONFIGURE_STEP_PARAMS)[number]
export type ConfigureSearch = { step?: ConfigureStepParam }
export type SubStep = 0 | 1 | 2

/** The home route's search: an unknown or missing step is basics. */
export function validateConfigureSearch(search: Record<string, unknown>): ConfigureSearch {
  const step = search.step
  return step === 'materials' || step === 'finishes' ? { step } : {}
}

export const stepOfParam = (param: ConfigureStepParam | undefined): SubStep =>
  param === 'finishes' ? 2 : param === 'materials' ? 1 : 0

export const paramOfStep = (step: SubStep): ConfigureStepParam | undefined =>
  step === 2 ? 'finishes' : step === 1 ? 'materials' : undefined

/** What the configure machine can do now, as the history sync needs it. */
export type MachineView = {
  step: SubStep
  /** Saving, adding or otherwise between steps: wait. */
  busy: boolean
  /** The machine would take the event towards a later step (next, choose finishes). */
  canForward: boolean
  /** Prices for the selection are still being calculated (choose finishes may become possible). */
  pricing: boolean
}

export type HistoryMove =
  | { kind: 'none' }
  /** Drive the machine one sub-step towards the URL's. */
  | { kind: 'send'; event: 'configure.next' | 'configure.chooseFinishes' | 'configure.back' }
  /** Put the machine's sub-step in the URL: a new entry (the shopper moved) or in place (the URL asked too much). */
  | { kind: 'navigate'; step: SubStep; replace: boolean }

/**
 * One step of the sync. `urlLeads` is true while the URL changed last (Back, Forward, a reload): the machine is driven
 * towards it one event at a time, and the URL gives way when the machine cannot follow. Otherwise the machine moved
 * (a button in the view) and the URL gets a new entry.
 */
export function nextHistoryMove(urlStep: SubStep, machine: MachineView, urlLeads: boolean): HistoryMove {
  if (machine.busy || urlStep === machine.step) return { kind: 'none' }
  if (!urlLeads) return { kind: 'navigate', step: machine.step, replace: false }
  if (urlStep < machine.step) return { kind: 'send', event: 'configure.back' }
  if (machine.canForward) {
    return { kind: 'send', event: machine.step === 0 ? 'configure.next' : 'configure.chooseFinishes' }
  }
  // Choose finishes waits for a printable price; anything else the machine refuses is corrected in place.
  if (machine.step === 1 && machine.pricing) return { kind: 'none' }
  return { kind: 'navigate', step: machine.step, replace: true }
}
