import { type AnyMachineSnapshot, type AnyStateMachine, type Snapshot, type SnapshotFrom } from 'xstate'
import { type cartMachine } from '#machines/cart/cart.machine.ts'
import { cartPathModel } from '#machines/cart/cart.paths.ts'
import { type configureMachine } from '#machines/configure/configure.machine.ts'
import {
  configureBasicsPathModel,
  configureChoicesPathModel,
  configurePendingAnalysisPathModel,
} from '#machines/configure/configure.paths.ts'
import { pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { requestAtScale } from '#machines/pricing/pricing.fixtures.ts'
import { pricingPathModel, pricingTestInput } from '#machines/pricing/pricing.paths.ts'
import { type uploadMachine } from '#machines/upload/upload.machine.ts'
import { analysedFile, measuredFile, repairedTinyFile } from '#machines/upload/upload.fixtures.ts'
import { uploadPathModel } from '#machines/upload/upload.paths.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type PricedConfigurations } from '#shared/contracts/pricing.contract.ts'
import {
  afterEvents,
  definePathModel,
  doneEvent,
  type PathModel,
  stableStringify,
  stateName,
  statesOf,
} from '#tests/graph/path-testing.ts'
import { printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import { priceAnswer, storyPrintModes } from './shop-fixtures.ts'

/**
 * Named machine states for stories and DOM tests of the upload, configure, pricing and cart views. Every one is a
 * state the machine's path model reaches (`statesOf`), picked by a name a story can ask for; pricing answers come from
 * small path models of the pricing machine with the answers in `shop-fixtures.ts`.
 */

type Persisted = Snapshot<unknown>

const cache = new Map<string, Map<string, Persisted>>()

function indexed<TMachine extends AnyStateMachine>(
  cacheKey: string,
  model: PathModel<TMachine>,
  key: (snapshot: SnapshotFrom<TMachine>) => string | null,
  /** What tells graph nodes apart; default the whole context (the views show more than the guards read). */
  nodeContext: (context: SnapshotFrom<TMachine>['context']) => unknown = (context) => context,
): Map<string, Persisted> {
  let states = cache.get(cacheKey)
  if (!states) {
    states = new Map()
    // Traverse finely (state + what the views show), then name what a story can ask for.
    const reached = statesOf(model, {
      key: (snapshot) => {
        const { value, context } = snapshot as AnyMachineSnapshot
        return stableStringify({ value, context: nodeContext(context as SnapshotFrom<TMachine>['context']) })
      },
    })
    for (const state of reached) {
      const name = key(state.snapshot)
      if (name !== null && !states.has(name)) states.set(name, state.persisted)
    }
    cache.set(cacheKey, states)
  }
  return states
}

function pick(states: Map<string, Persisted>, name: string, what: string): Persisted {
  const found = states.get(name)
  if (!found)
    throw new Error(`${what}: no reachable state '${name}' (known: ${[...states.keys()].join(', ')})`)
  return found
}

// ---------------------------------------------------------------------------------------------------------------
// Upload

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>

/** `idle`, `rejected:<code>`, `failed:<code>`, `uploading`, `analyzing:<task state>:<last message>[:repair]` … */
export function uploadStateName(snapshot: UploadSnapshot): string {
  const { context } = snapshot
  if (snapshot.matches({ beforeUpload: 'idle' })) return 'idle'
  if (snapshot.matches({ beforeUpload: 'rejected' })) return `rejected:${context.error}`
  if (snapshot.matches({ beforeUpload: 'failed' })) return `failed:${context.error}`
  if (snapshot.matches('uploading')) return context.progress > 0 ? 'uploading:progress' : 'uploading'
  if (snapshot.matches({ demoAnalyzing: 'waiting' })) return 'demo:waiting'
  if (snapshot.matches({ demoAnalyzing: 'loading' })) return 'demo:loading'
  if (snapshot.matches('analyzing')) {
    // `waiting`: no poll in flight (its answer is in and the interval still runs; the first starts at once).
    const task = snapshot.matches({ analyzing: { task: { polling: { request: 'pending' } } } })
      ? 'polling'
      : snapshot.matches({ analyzing: { task: 'fetchingFile' } })
        ? 'fetchingFile'
        : 'waiting'
    const last = context.messages[context.messages.length - 1] ?? 'none'
    return `analyzing:${task}:${last}${context.repairWarning ? ':repair' : ''}`
  }
  return stateName(snapshot.value)
}

export const UPLOAD_STORY_STATES = [
  'idle',
  'rejected:file_too_large',
  'rejected:unsupported_file_type',
  'failed:payload_too_large',
  'failed:unsupported_file_type',
  'failed:analysis_timeout',
  'failed:analysis_too_complex',
  'failed:internal_error',
  'openingPicker',
  'uploading',
  'uploading:progress',
  'demo:waiting',
  'demo:loading',
  'analyzing:polling:none',
  'analyzing:waiting:starting-analysis',
  'analyzing:polling:starting-analysis',
  'analyzing:waiting:repairing-file:repair',
  'analyzing:fetchingFile:analysis-completed',
] as const
export type UploadStoryState = (typeof UPLOAD_STORY_STATES)[number]

export function uploadSnapshot(name: string): Persisted | undefined {
  if (name === 'idle') return undefined
  return pick(indexed('upload', uploadPathModel, uploadStateName), name, 'upload')
}

// ---------------------------------------------------------------------------------------------------------------
// Cart

type CartSnapshot = SnapshotFrom<typeof cartMachine>

/** `loading`, `ready`, `busy:<adding|patching|deleting|…>`, `failed`. */
export function cartStateName(snapshot: CartSnapshot): string | null {
  if (snapshot.hasTag('loading')) return 'loading'
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches({ active: { ready: 'idle' } })) return 'ready'
  if (snapshot.hasTag('busy')) return `busy:${stateName(snapshot.value).split('.').pop() ?? ''}`
  return null
}

export const CART_STORY_STATES = [
  'loading',
  'ready',
  'failed',
  'busy:adding',
  'busy:patching',
  'busy:deleting',
  'busy:uploadingThumbnail',
  'busy:uploadingAttachment',
] as const
export type CartStoryState = (typeof CART_STORY_STATES)[number]

/** A reachable cart state with the story's items in place of the model's. */
export function cartSnapshot(name: string, items: CartSnapshot['context']['items']): Persisted | undefined {
  if (name === 'loading') return undefined
  const persisted = pick(indexed('cart', cartPathModel, cartStateName), name, 'cart') as Persisted & {
    context: CartSnapshot['context']
  }
  // A cart with items has its server row; the model also reaches `ready` without one (no cart before the first add,
  // issue 18), which a story's filled cart must not show.
  const cartId = persisted.context.cartId ?? (items.length > 0 ? 'cart-1' : null)
  return { ...persisted, context: { ...persisted.context, items, cartId } } as unknown as Persisted
}

// ---------------------------------------------------------------------------------------------------------------
// Configure

type ConfigureSnapshot = SnapshotFrom<typeof configureMachine>

const isSelection = (
  snapshot: ConfigureSnapshot,
  printModeId: string,
  finishId: string | null,
  colourId: string,
) =>
  snapshot.context.printModeId === printModeId &&
  snapshot.context.surfaceFinishId === finishId &&
  snapshot.context.colorId === colourId

const clean = (snapshot: ConfigureSnapshot) =>
  snapshot.context.error === null &&
  snapshot.context.quantityError === null &&
  snapshot.context.scaleError === null &&
  snapshot.context.scale > 0

const CONFIGURE_STATES = {
  basics: {
    model: 'choices',
    match: (s) => s.matches({ editing: 'basics' }) && clean(s),
  },
  'basics:repair': {
    model: 'basics',
    match: (s) =>
      s.matches({ editing: 'basics' }) &&
      !s.context.acknowledgedRepairInfo &&
      s.context.unitSuggestion === 'inch' &&
      clean(s),
  },
  'basics:repair-agreed': {
    model: 'basics',
    match: (s) =>
      s.matches({ editing: 'basics' }) &&
      s.context.acknowledgedRepairInfo &&
      s.context.unitSuggestion === 'inch' &&
      clean(s),
  },
  'basics:inch': {
    model: 'basics',
    match: (s) => s.matches({ editing: 'basics' }) && s.context.unit === 'inch' && clean(s),
  },
  'basics:saving': {
    model: 'choices',
    match: (s) => s.matches({ savingBasics: 'persistingFile' }),
  },
  // A file measured while its analysis goes on (decision 0124 §2): step 0 at once, the pictures pending.
  'basics:analysis-pending': {
    model: 'pending',
    match: (s) =>
      s.matches({ editing: 'basics' }) && s.context.file.pending === true && !s.context.analysisWatchFailed,
  },
  // "Next" waits for the wall thickness ("being calculated").
  'basics:awaiting-analysis': {
    model: 'pending',
    match: (s) => s.matches({ savingBasics: 'awaitingAnalysis' }),
  },
  'basics:failed': {
    model: 'choices',
    match: (s) => s.matches({ editing: 'basics' }) && s.context.error === 'configure-failure',
  },
  materials: {
    model: 'choices',
    match: (s) =>
      s.matches({ editing: { choosing: 'materials' } }) && s.context.printModeId === null && clean(s),
  },
  'materials:pm-1': {
    model: 'choices',
    match: (s) =>
      s.matches({ editing: { choosing: 'materials' } }) &&
      isSelection(s, 'pm-1', 'f-1', 'c-1') &&
      s.context.printable &&
      clean(s),
  },
  'materials:pm-1:repricing': {
    model: 'choices',
    match: (s) =>
      s.matches({ editing: { choosing: 'materials' } }) &&
      isSelection(s, 'pm-1', 'f-1', 'c-1') &&
      !s.context.printable &&
      clean(s),
  },
  'materials:pm-1:quantity-error': {
    model: 'choices',
    match: (s) =>
      s.matches({ editing: { choosing: 'materials' } }) &&
      isSelection(s, 'pm-1', 'f-1', 'c-1') &&
      s.context.quantityError === 'below_minimum' &&
      s.context.error === null,
  },
  'materials:scale-empty': {
    model: 'basics',
    match: (s) => s.matches({ editing: { choosing: 'materials' } }) && s.context.scale === 0,
  },
  'finishes:pm-1': {
    model: 'choices',
    match: (s) =>
      s.matches({ editing: { choosing: 'finishes' } }) &&
      isSelection(s, 'pm-1', 'f-1', 'c-1') &&
      s.context.printable &&
      clean(s),
  },
  'finishes:pm-1:repricing': {
    model: 'choices',
    match: (s) =>
      s.matches({ editing: { choosing: 'finishes' } }) &&
      isSelection(s, 'pm-1', 'f-1', 'c-1') &&
      !s.context.printable &&
      clean(s),
  },
  'finishes:adding': {
    model: 'choices',
    match: (s) => s.matches('adding') && isSelection(s, 'pm-1', 'f-1', 'c-1') && clean(s),
  },
  'finishes:failed': {
    model: 'choices',
    match: (s) =>
      s.matches({ editing: { choosing: 'finishes' } }) &&
      isSelection(s, 'pm-1', 'f-1', 'c-1') &&
      s.context.error === 'add-to-cart-failure',
  },
} as const satisfies Record<
  string,
  { model: 'basics' | 'choices' | 'pending'; match: (snapshot: ConfigureSnapshot) => boolean }
>

export type ConfigureStoryState = keyof typeof CONFIGURE_STATES
export const CONFIGURE_STORY_STATES = Object.keys(CONFIGURE_STATES) as ConfigureStoryState[]

const CONFIGURE_MODELS = {
  basics: configureBasicsPathModel,
  choices: configureChoicesPathModel,
  pending: configurePendingAnalysisPathModel,
} as const
/** The file each configure model configures. */
export const CONFIGURE_MODEL_FILES = {
  basics: repairedTinyFile,
  choices: analysedFile,
  pending: measuredFile,
} as const

/** The persisted configure snapshot and its file; `file` replaces the model's file (e.g. one the analysis refused). */
export function configureSnapshot(
  name: ConfigureStoryState,
  file?: AnalysisFile,
): { file: AnalysisFile; snapshot: Persisted } {
  const spec = CONFIGURE_STATES[name]
  const states = indexed(
    `configure:${spec.model}`,
    CONFIGURE_MODELS[spec.model],
    (snapshot) =>
      CONFIGURE_STORY_STATES.find(
        (candidate) =>
          CONFIGURE_STATES[candidate].model === spec.model && CONFIGURE_STATES[candidate].match(snapshot),
      ) ?? null,
    // What the named states tell apart (the whole context, with names and sizes, would not end).
    (context) => ({
      selection: [context.printModeId, context.surfaceFinishId, context.colorId],
      flags: [
        context.printable,
        context.acknowledgedRepairInfo,
        context.addingPending,
        context.scale === 0,
        context.file.pending === true,
        context.analysisWatchFailed,
      ],
      unit: context.unit,
      unitSuggestion: context.unitSuggestion,
      error: context.error,
      quantityError: context.quantityError,
    }),
  )
  const persisted = pick(states, name, 'configure') as Persisted & {
    context: ConfigureSnapshot['context']
    children: Record<string, { snapshot: { input?: unknown } }>
  }
  const used = file ?? CONFIGURE_MODEL_FILES[spec.model]
  return {
    file: used,
    snapshot: {
      ...persisted,
      context: { ...persisted.context, file: used },
      children: withWatchedFile(persisted.children, used),
    } as unknown as Persisted,
  }
}

/**
 * The background watch of the analysis (decision 0124 §2) is restored running with the file it was started with,
 * and its answer replaces the context's file: it must be started with the replaced file too.
 */
function withWatchedFile<C extends Record<string, { snapshot: { input?: unknown } }>>(
  children: C,
  file: AnalysisFile,
): C {
  const watch = children.watchAnalysis
  if (watch === undefined) return children
  return { ...children, watchAnalysis: { ...watch, snapshot: { ...watch.snapshot, input: { file } } } }
}

// ---------------------------------------------------------------------------------------------------------------
// Pricing

const PRICE_ANSWERS = {
  printable: priceAnswer(),
  'black-not-printable': priceAnswer({ blackNotPrintable: true }),
  'not-printable-for-print-mode': priceAnswer({ selected: { printable: false } }),
  'too-large-for-print-mode': priceAnswer({ selected: { printable: false, tooLarge: true } }),
  'too-large-for-all': priceAnswer({ allTooLarge: true }),
  'might-cause-problems': priceAnswer({ selected: { mightCauseProblems: true } }),
  'too-small': priceAnswer({ selected: { printable: false, tooSmall: true } }),
  'not-printable': priceAnswer({ selected: { printable: false } }),
  'zero-tax': priceAnswer({ taxRate: 0 }),
  'quantity-3': priceAnswer({ quantity: 3 }),
} as const satisfies Record<string, PricedConfigurations>

export type PricingStoryState =
  | 'idle'
  | 'calculating'
  | 'fetching'
  | 'failed'
  | `settling:${keyof typeof PRICE_ANSWERS}`
  | keyof typeof PRICE_ANSWERS

/** The request counters only grow: what tells pricing nodes apart is whether the running request is outdated. */
const pricingNode = ({
  sequence,
  inFlightSequence,
  ...context
}: SnapshotFrom<typeof pricingMachine>['context']) => ({
  ...context,
  stale: inFlightSequence !== null && inFlightSequence !== sequence,
})

/** The pricing machine answered with `answer`: its states after the answer (`settling`, `ready`). */
const answeredModel = (answer: PricedConfigurations) =>
  definePathModel({
    machine: pricingMachine,
    input: pricingTestInput,
    events: [
      { type: 'pricing.invalidate', request: requestAtScale(1) },
      doneEvent('fetchPrices', answer),
      ...afterEvents(pricingMachine),
    ],
  })

export function pricingSnapshot(name: PricingStoryState): Persisted | undefined {
  if (name === 'idle') return undefined
  if (name === 'calculating' || name === 'fetching' || name === 'failed') {
    const states = indexed(
      'pricing',
      pricingPathModel,
      (snapshot) =>
        snapshot.matches('debouncing')
          ? 'calculating'
          : snapshot.matches('fetching')
            ? 'fetching'
            : snapshot.matches('failed')
              ? 'failed'
              : null,
      pricingNode,
    )
    return pick(states, name, 'pricing')
  }
  const [settling, answer] = name.startsWith('settling:')
    ? [true, name.slice('settling:'.length) as keyof typeof PRICE_ANSWERS]
    : [false, name as keyof typeof PRICE_ANSWERS]
  const states = indexed(
    `pricing:${answer}`,
    answeredModel(PRICE_ANSWERS[answer]),
    (snapshot) => (snapshot.matches('settling') ? 'settling' : snapshot.matches('ready') ? 'ready' : null),
    pricingNode,
  )
  return pick(states, settling ? 'settling' : 'ready', `pricing ${answer}`)
}

// ---------------------------------------------------------------------------------------------------------------
// Print modes (a client machine that only loads: its states are resolved directly)

export const PRINT_MODES_STORY_STATES = ['loading', 'ready', 'failed'] as const
export type PrintModesStoryState = (typeof PRINT_MODES_STORY_STATES)[number]

export function printModesSnapshot(name: PrintModesStoryState): Persisted | undefined {
  if (name === 'loading') return undefined
  const snapshot = printModesMachine.resolveState({
    value: name,
    context:
      name === 'ready'
        ? { printModes: storyPrintModes, error: null }
        : { printModes: [], error: 'service_unavailable' },
  })
  return printModesMachine.getPersistedSnapshot(snapshot)
}
