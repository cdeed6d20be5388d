import {
  type ActorRefFrom,
  createActor,
  type InspectionEvent,
  type Observer,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate'
import { configureMachine, pricingSelectionOf } from '#machines/configure/configure.machine.ts'
import { pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { type Context, type Input, type orderFlowMachine } from '#machines/order-flow/order-flow.machine.ts'
import { SYSTEM_IDS } from '#machines/order-flow/system-ids.ts'
import { type printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type AppActors } from './app-actors.tsx'

type OrderFlowLogic = typeof orderFlowMachine

/** The children whose state a story or a persisted session can give. */
type RestorableChild = 'orderProcess' | 'cart' | 'printModes' | 'upload' | 'checkout'
const RESTORABLE: readonly RestorableChild[] = ['orderProcess', 'cart', 'printModes', 'upload', 'checkout']

/** A file being configured, in given configure and pricing states (stories and tests). */
export type RestoredConfiguration = {
  file: AnalysisFile
  configure?: Snapshot<unknown> | undefined
  pricing?: Snapshot<unknown> | undefined
}

export type StartOrderFlowOptions = {
  logic: OrderFlowLogic
  input: Input
  inspect?: Observer<InspectionEvent> | undefined
  snapshots?: Partial<Record<string, Snapshot<unknown>>> | undefined
  configuration?: RestoredConfiguration | undefined
}

/** The persisted snapshot of a machine as xstate writes it, the parts this module changes. */
type PersistedChild = { snapshot: Snapshot<unknown>; src: string; systemId?: string; syncSnapshot?: boolean }
type PersistedFlow = { value: unknown; context: Context; children: Record<string, PersistedChild> }

/** The persisted snapshot of an actor that never starts: its logic's initial state for this input. */
const initialOf = (logic: OrderFlowLogic, input: Input): PersistedFlow =>
  // xstate types a persisted snapshot as `Snapshot<unknown>`; a machine's has this shape.
  createActor(logic, { input }).getPersistedSnapshot() as unknown as PersistedFlow

const childOf = (id: string, snapshot: Snapshot<unknown>): PersistedChild => ({
  snapshot,
  src: id,
  systemId: id,
  syncSnapshot: false,
})

/** The catalogue a restored print-mode child holds, so restored prices are asked for against it. */
const catalogueOf = (snapshot: Snapshot<unknown> | undefined) =>
  (snapshot as SnapshotFrom<typeof printModesMachine> | undefined)?.context?.printModes ?? []

/** The configure and pricing children of a restored configuration, and what the flow knows of it. */
const restoreConfiguration = (flow: PersistedFlow, restored: RestoredConfiguration): PersistedFlow => {
  const configure = restored.configure as SnapshotFrom<typeof configureMachine> | undefined
  const children = { ...flow.children }
  if (restored.configure) children[SYSTEM_IDS.configure] = childOf(SYSTEM_IDS.configure, restored.configure)
  if (restored.pricing) children[SYSTEM_IDS.pricing] = childOf(SYSTEM_IDS.pricing, restored.pricing)
  // A restored configuration past step 0 already has a selection; a fresh one reports it with its first change.
  const selection =
    configure && !configure.hasTag?.('step-basics') ? pricingSelectionOf(configure.context) : null
  return {
    ...flow,
    value: 'configuring',
    children,
    context: { ...flow.context, file: restored.file, selection },
  }
}

/**
 * The persisted snapshot the order flow starts from: its initial state with the given children's states put in
 * (stories take them from the path models) and, for a configuration, the configuring state with its children.
 */
const startingPoint = (options: StartOrderFlowOptions): PersistedFlow => {
  const { logic, input, snapshots = {}, configuration } = options
  const withFile = configuration
    ? initialWithConfiguration(logic, input, configuration)
    : initialOf(logic, input)
  const children = { ...withFile.children }
  for (const id of RESTORABLE) {
    const given = snapshots[id]
    if (given && children[id]) children[id] = { ...children[id], snapshot: given }
  }
  const printModes = snapshots.printModes ? catalogueOf(snapshots.printModes) : withFile.context.printModes
  return { ...withFile, children, context: { ...withFile.context, printModes } }
}

/** The initial flow plus initial configure and pricing children for the file, then the given states. */
const initialWithConfiguration = (
  logic: OrderFlowLogic,
  input: Input,
  configuration: RestoredConfiguration,
): PersistedFlow => {
  const flow = initialOf(logic, input)
  // Initial states do not depend on the provided implementations: the plain machines give them.
  const configure = createActor(configureMachine, {
    input: { file: configuration.file },
  }).getPersistedSnapshot()
  const pricing = createActor(pricingMachine, { input: input.pricing }).getPersistedSnapshot()
  return restoreConfiguration(flow, {
    file: configuration.file,
    configure: configuration.configure ?? configure,
    pricing: configuration.pricing ?? pricing,
  })
}

/** Starts the order flow as the root of its system (`orderFlow`); the inspector sees the whole tree. */
export function startOrderFlow(options: StartOrderFlowOptions) {
  const snapshot = startingPoint(options) as unknown as Snapshot<unknown>
  const actor = createActor(options.logic, {
    input: options.input,
    snapshot,
    systemId: SYSTEM_IDS.orderFlow,
    ...(options.inspect ? { inspect: options.inspect } : {}),
  })
  actor.start()
  const get = <T>(id: string) => actor.system.get(id) as T
  const children = {
    orderProcess: get<AppActors['orderProcess']>(SYSTEM_IDS.orderProcess),
    cart: get<AppActors['cart']>(SYSTEM_IDS.cart),
    printModes: get<ActorRefFrom<typeof printModesMachine>>(SYSTEM_IDS.printModes),
    checkout: get<AppActors['checkout']>(SYSTEM_IDS.checkout),
    voucher: get<AppActors['voucher']>(SYSTEM_IDS.voucher),
  }
  return { actor, children }
}
