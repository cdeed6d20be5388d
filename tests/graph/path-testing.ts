/**
 * Path testing for XState machines with @xstate/graph.
 *
 * A machine's sibling `<name>.paths.ts` exports a {@link PathModel}: the input, the events to try (with payloads,
 * including the done/error events of invoked actors and the delay events) and optionally how to serialise context.
 * From it this module
 *
 * - generates one shortest path per graph node, where a node is keyed by state value + context + the transitions
 *   that reached it, so every transition the model can take gets its own path ({@link generatePaths});
 * - replays each path against the real machine: a created actor, a `SimulatedClock` for delays, and controllable
 *   fake actors that the replay resolves or rejects when the path says `xstate.done.actor.*` /
 *   `xstate.error.actor.*`; the state and context after every step must equal the graph's ({@link replayPath});
 * - lists every transition of a machine definition ({@link listTransitions}) and reports which ones no replayed path
 *   took ({@link runPathModel});
 * - yields one snapshot per reachable state for stories ({@link statesOf}).
 *
 * Pure TypeScript without Node or Vitest imports, so Storybook can use {@link statesOf} in the browser.
 */
import { getShortestPaths, getStateNodes } from '@xstate/graph'
import {
  type ActorLogic,
  type AnyActorLogic,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type ActorOptions,
  type AnyTransitionDefinition,
  type ContextFrom,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type Snapshot,
  type SnapshotFrom,
  SimulatedClock,
  createActor,
  fromPromise,
} from 'xstate'

// ---------------------------------------------------------------------------------------------------------------
// Model

/** The event an invoked actor's success sends to its parent; build it with {@link doneEvent}. */
export type ActorDoneEvent = { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
/** The event an invoked actor's failure sends to its parent; build it with {@link errorEvent}. */
export type ActorErrorEvent = { type: `xstate.error.actor.${string}`; error: unknown; actorId: string }
/** A delayed (`after`) transition's event; {@link afterEvents} lists them all for a machine. */
export type DelayEvent = { type: `xstate.after.${string}` }

/** An event a path may contain: a machine event, an invoked actor settling, or a delay elapsing. */
export type PathEvent<TMachine extends AnyStateMachine> =
  EventFromLogic<TMachine> | ActorDoneEvent | ActorErrorEvent | DelayEvent

type Implementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0]

/** What the path tests (and stories) need to know about one machine. */
export type PathModel<TMachine extends AnyStateMachine> = {
  machine: TMachine
  input: InputFrom<TMachine>
  /**
   * Implementations for the replay (spy or no-op actions, guards, delays). Invoked actors are always replaced by
   * controllable fakes, so `actors` is not accepted here.
   */
  provide?: Omit<Implementations<TMachine>, 'actors'>
  /**
   * The events to try in every state, with payloads. Done/error events are only tried while their actor runs and
   * delay events only where such a delay is active, so a flat list is usually enough; a function of the snapshot
   * keeps an unbounded context (a growing queue) finite.
   */
  events:
    readonly PathEvent<TMachine>[] | ((snapshot: SnapshotFrom<TMachine>) => readonly PathEvent<TMachine>[])
  /**
   * The part of the context that identifies a graph node and is compared during replay. Default: the whole context.
   * Drop counters and ids here, or the graph does not end.
   */
  serializeContext?: (context: ContextFrom<TMachine>) => unknown
  /** The most graph nodes to visit before giving up (default 5,000): a guard against an unbounded context. */
  limit?: number
}

/** Declares a path model with its types checked against the machine. */
export const definePathModel = <TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
): PathModel<TMachine> => model

/** `xstate.done.actor.<invokeId>` with the actor's output. */
export const doneEvent = <TId extends string>(
  invokeId: TId,
  output: unknown,
): { type: `xstate.done.actor.${TId}`; output: unknown; actorId: TId } => ({
  type: `xstate.done.actor.${invokeId}`,
  output,
  actorId: invokeId,
})

/** `xstate.error.actor.<invokeId>` with the error the actor failed with. */
export const errorEvent = <TId extends string>(
  invokeId: TId,
  error: unknown = new Error(`${invokeId} failed`),
): { type: `xstate.error.actor.${TId}`; error: unknown; actorId: TId } => ({
  type: `xstate.error.actor.${invokeId}`,
  error,
  actorId: invokeId,
})

/** Every delay event (`xstate.after.<delay>.<stateId>`) of a machine, read from its definition. */
export const afterEvents = (machine: AnyStateMachine): DelayEvent[] =>
  allStateNodes(machine).flatMap((node) =>
    [...node.transitions.keys()].filter(isDelayDescriptor).map((type): DelayEvent => ({ type })),
  )

// ---------------------------------------------------------------------------------------------------------------
// Transitions of a machine definition

/** One transition of a machine definition. */
export type TransitionInfo = {
  /** Stable id: `<source state id>:<event>#<index among the source's transitions for that event>`. */
  id: string
  source: string
  /** The event descriptor; `always` for eventless transitions, `xstate.after.<delay>` for delayed ones. */
  event: string
  index: number
  guard: string | undefined
  /** Target state ids; empty for a targetless transition. */
  targets: string[]
}

const isDelayDescriptor = (descriptor: string): descriptor is `xstate.after.${string}` =>
  descriptor.startsWith('xstate.after.')

const allStateNodes = (machine: AnyStateMachine): AnyStateNode[] => [
  machine.root,
  ...getStateNodes(machine.root),
]

const shortDescriptor = (node: AnyStateNode, descriptor: string): string => {
  if (descriptor === '') return 'always'
  const suffix = `.${node.id}`
  return isDelayDescriptor(descriptor) && descriptor.endsWith(suffix)
    ? descriptor.slice(0, -suffix.length)
    : descriptor
}

const guardName = (transition: AnyTransitionDefinition): string | undefined => {
  const { guard } = transition
  if (guard === undefined) return undefined
  if (typeof guard === 'string') return guard
  // An inline guard function is named after the `guard` property it was written in.
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline'
  return typeof guard.type === 'string' ? guard.type : 'inline'
}

/** The stable id of a transition definition, or undefined for transitions that are not in `on`/`after`/`always`/invoke. */
export const transitionId = (transition: AnyTransitionDefinition): string | undefined => {
  const source: AnyStateNode = transition.source
  const siblings: readonly AnyTransitionDefinition[] | undefined =
    transition.eventType === '' ? source.always : source.transitions.get(transition.eventType)
  const index = siblings?.indexOf(transition) ?? -1
  return index < 0 ? undefined : `${source.id}:${shortDescriptor(source, transition.eventType)}#${index}`
}

/**
 * Every transition of the machine definition: each state node's `on` (guarded alternatives each count), `after`,
 * `always`, the `onDone`/`onError`/`onSnapshot` of its invokes and its own `onDone`, including targetless and self
 * transitions.
 */
export const listTransitions = (machine: AnyStateMachine): TransitionInfo[] =>
  allStateNodes(machine).flatMap((node) => {
    const groups: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()]
    if (node.always) groups.push(['', node.always])
    return groups.flatMap(([descriptor, transitions]) =>
      transitions.map((transition, index): TransitionInfo => ({
        id: `${node.id}:${shortDescriptor(node, descriptor)}#${index}`,
        source: node.id,
        event: shortDescriptor(node, descriptor),
        index,
        guard: guardName(transition),
        targets: (transition.target ?? []).map((target: AnyStateNode) => target.id),
      })),
    )
  })

// ---------------------------------------------------------------------------------------------------------------
// Serialisation helpers

/** JSON with sorted object keys, so equal values serialise equally. */
export const stableStringify = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  )

/** A readable name for a state value: `closed.warningShown`; parallel regions joined with ` + `. */
export const stateName = (value: unknown): string => {
  if (typeof value === 'string') return value
  if (value === null || typeof value !== 'object') return String(value)
  return Object.entries(value)
    .map(([key, inner]) => {
      const innerName = stateName(inner)
      return innerName === '' ||
        (typeof inner === 'object' && inner !== null && Object.keys(inner).length === 0)
        ? key
        : `${key}.${innerName}`
    })
    .join(' + ')
}

const formatEvent = (event: AnyEventObject): string => {
  const { type, ...payload } = event
  const shown = Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'actorId'))
  return Object.keys(shown).length === 0 ? type : `${type} ${stableStringify(shown)}`
}

// ---------------------------------------------------------------------------------------------------------------
// Graph traversal

type GraphStep = { event: AnyEventObject; state: AnyMachineSnapshot }

/** A generated path: the events from the initial state and the state the graph expects after each. */
export type GeneratedPath = {
  description: string
  /** Step 0 is `xstate.init` and the initial state. */
  steps: GraphStep[]
}

/** A model with its machine-specific types erased, for the traversal and replay internals. */
type ErasedModel = {
  machine: AnyStateMachine
  input: unknown
  provide: Record<string, unknown>
  eventsFor: (snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]
  serializeContext: (context: unknown) => unknown
  limit: number
}

const erase = <TMachine extends AnyStateMachine>(model: PathModel<TMachine>): ErasedModel => {
  // The one place the machine's own snapshot, event and context types meet the `any`-based ones of the internals:
  // a model's functions only ever receive snapshots and contexts of its own machine.
  const events = model.events as
    readonly AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => readonly AnyEventObject[])
  const serializeContext = model.serializeContext as ((context: unknown) => unknown) | undefined
  return {
    machine: model.machine,
    input: model.input,
    provide: { ...model.provide },
    eventsFor: typeof events === 'function' ? events : () => events,
    serializeContext: serializeContext ?? ((context) => context),
    limit: model.limit ?? 5_000,
  }
}

type Explorer = {
  machine: AnyStateMachine
  initial: AnyMachineSnapshot
  logic: ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown>
  eventsFor: (snapshot: AnyMachineSnapshot) => AnyEventObject[]
  /** The ids of the transitions that produced a snapshot during traversal. */
  reachedBy: WeakMap<AnyMachineSnapshot, string[]>
}

const provided = (model: ErasedModel, actors?: Record<string, AnyActorLogic>): AnyStateMachine =>
  model.machine.provide({ ...model.provide, ...(actors ? { actors } : {}) })

const isRunning = (snapshot: AnyMachineSnapshot, actorId: string): boolean =>
  Object.prototype.hasOwnProperty.call(snapshot.children, actorId)

/** Done/error events only while that actor runs; delay events only where such a delay is active. */
const isPlausible = (snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean => {
  const { type } = event
  if (type.startsWith('xstate.done.actor.'))
    return isRunning(snapshot, type.slice('xstate.done.actor.'.length))
  if (type.startsWith('xstate.error.actor.'))
    return isRunning(snapshot, type.slice('xstate.error.actor.'.length))
  if (isDelayDescriptor(type)) return snapshot._nodes.some((node: AnyStateNode) => node.transitions.has(type))
  return true
}

const createExplorer = (model: ErasedModel): Explorer => {
  const machine = provided(model)
  // A scope whose system reports every microstep, so each traversal step knows the transitions it took.
  const self = createActor(machine, { input: model.input })
  // The traversal creates a machine's children over and over in this one system without starting or stopping them:
  // children with a `systemId` (the order flow's) must not clash here. The replay runs a real system.
  Object.assign(self.system, { _set: () => {} })
  const taken: AnyTransitionDefinition[] = []
  self.system.inspect((event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') taken.push(...event._transitions)
  })
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
    system: self.system,
  }
  const reachedBy = new WeakMap<AnyMachineSnapshot, string[]>()
  const idsOf = (transitions: readonly AnyTransitionDefinition[]): string[] =>
    transitions.map(transitionId).filter((id): id is string => id !== undefined)

  taken.length = 0
  const initial: AnyMachineSnapshot = machine.getInitialSnapshot(scope, model.input)
  reachedBy.set(initial, idsOf(taken))

  const logic: ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown> = {
    transition: (snapshot, event) => {
      taken.length = 0
      const result: AnyMachineSnapshot = machine.transition(snapshot, event, scope)
      const ids = idsOf(taken)
      // Nothing happened: hand back the same snapshot, a self-loop the graph does not follow.
      if (ids.length === 0) return snapshot
      // xstate hands back the very same snapshot for a transition that only sends (targetless, no assign): a copy, so
      // the graph sees a node of its own, reached by that transition.
      const next: AnyMachineSnapshot =
        result === snapshot
          ? (Object.create(
              Object.getPrototypeOf(result) as object,
              Object.getOwnPropertyDescriptors(result),
            ) as AnyMachineSnapshot)
          : result
      reachedBy.set(next, ids)
      return next
    },
    getInitialSnapshot: () => initial,
    getPersistedSnapshot: (snapshot) => snapshot,
  }
  const eventsFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    model.eventsFor(snapshot).filter((event) => isPlausible(snapshot, event))
  return { machine, initial, logic, eventsFor, reachedBy }
}

const traverse = (
  explorer: Explorer,
  limit: number,
  nodeKey: (snapshot: AnyMachineSnapshot) => string,
): GraphStep[][] => {
  try {
    return getShortestPaths(explorer.logic, {
      fromState: explorer.initial,
      events: explorer.eventsFor,
      serializeState: nodeKey,
      serializeEvent: (event) => stableStringify(event),
      limit,
    }).map((path) => path.steps)
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') {
      throw new Error(
        `${explorer.machine.id}: more than ${limit} graph nodes; make the model finite (serializeContext, or offer fewer events in some states)`,
        { cause: error },
      )
    }
    throw error
  }
}

const describeSteps = (steps: readonly GraphStep[]): string =>
  steps
    .map((step, index) =>
      index === 0
        ? stateName(step.state.value)
        : `${formatEvent(step.event)} → ${stateName(step.state.value)}`,
    )
    .join(' → ')

/** Drops every path whose events are a prefix of another path's: the longer one takes the same transitions. */
const withoutPrefixes = (paths: GraphStep[][]): GraphStep[][] => {
  const sequences = paths
    .map((steps) => ({ steps, events: steps.slice(1).map((step) => stableStringify(step.event)) }))
    .sort((a, b) => b.events.length - a.events.length)
  const kept: typeof sequences = []
  for (const candidate of sequences) {
    const isPrefix = kept.some((longer) =>
      candidate.events.every((event, index) => longer.events[index] === event),
    )
    if (!isPrefix) kept.push(candidate)
  }
  return kept.map(({ steps }) => steps)
}

/**
 * One shortest path to every graph node, a node being state value + serialised context + the transitions that reached
 * it, so that every transition the model's events can take ends one path; paths that are prefixes of others dropped.
 */
export const generatePaths = <TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
): GeneratedPath[] => {
  const erased = erase(model)
  const explorer = createExplorer(erased)
  const nodeKey = (snapshot: AnyMachineSnapshot): string =>
    stableStringify({
      value: snapshot.value,
      context: erased.serializeContext(snapshot.context),
      via: explorer.reachedBy.get(snapshot) ?? [],
    })
  return withoutPrefixes(traverse(explorer, erased.limit, nodeKey)).map((steps) => ({
    description: describeSteps(steps),
    steps,
  }))
}

// ---------------------------------------------------------------------------------------------------------------
// Replay

/** A replayed path did not behave as the graph predicted. */
export class PathReplayError extends Error {
  override name = 'PathReplayError'
}

type Deferred = { resolve: (output: unknown) => void; reject: (error: unknown) => void }

/** Lets settled fake promises reach their actor and the actor's done/error event reach the machine. */
const flush = async (): Promise<void> => {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve()
}

/** A SimulatedClock that also knows when each pending timer is due. */
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>

const createTestClock = (): {
  clock: Clock
  nextDue: () => number | undefined
  advanceTo: (time: number) => void
} => {
  const simulated = new SimulatedClock()
  const due = new Map<number, number>()
  const clock: Clock = {
    setTimeout: (fn: () => void, ms: number): number => {
      const id: number = simulated.setTimeout(() => {
        due.delete(id)
        fn()
      }, ms)
      due.set(id, simulated.now() + ms)
      return id
    },
    clearTimeout: (id: number): void => {
      due.delete(id)
      simulated.clearTimeout(id)
    },
  }
  return {
    clock,
    nextDue: () => (due.size === 0 ? undefined : Math.min(...due.values())),
    advanceTo: (time) => simulated.set(time),
  }
}

/**
 * Replays a generated path against the machine (with the model's implementations, controllable fake actors and a
 * simulated clock) and throws a {@link PathReplayError} when the state or context after a step differs from the
 * graph's. Returns the ids of the transitions the machine took.
 */
export const replayPath = async <TMachine extends AnyStateMachine>(
  pathModel: PathModel<TMachine>,
  path: GeneratedPath,
): Promise<Set<string>> => {
  const model = erase(pathModel)
  const { serializeContext } = model
  const pending = new Map<string, Deferred>()
  const actorNames = Object.keys(model.machine.implementations.actors)
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise<unknown>(
        ({ self }) =>
          new Promise((resolve, reject) => {
            pending.set(self.id, { resolve, reject })
          }),
      ),
    ]),
  )
  const machine = provided(model, actors)
  const { clock, nextDue, advanceTo } = createTestClock()
  const covered = new Set<string>()
  const received: string[] = []
  const actor = createActor(machine, {
    input: model.input,
    clock,
    inspect: (event: InspectionEvent) => {
      // Only the machine under test, not its children.
      if (event.actorRef.sessionId !== event.rootId) return
      if (event.type === '@xstate.microstep') {
        for (const transition of event._transitions) {
          const id = transitionId(transition)
          if (id !== undefined) covered.add(id)
        }
      }
      if (event.type === '@xstate.event') received.push(event.event.type)
    },
  })
  const failures: unknown[] = []
  actor.subscribe({ error: (error) => failures.push(error) })

  const fail = (index: number, message: string): never => {
    throw new PathReplayError(`${machine.id}: step ${index} of path [${path.description}]: ${message}`)
  }
  const check = (index: number, expected: AnyMachineSnapshot): void => {
    const actual = actor.getSnapshot()
    if (failures.length > 0 || actual.status === 'error') {
      fail(index, `the machine failed: ${String(failures[0] ?? actual.error)}`)
    }
    const want = stableStringify({ value: expected.value, context: serializeContext(expected.context) })
    const got = stableStringify({ value: actual.value, context: serializeContext(actual.context) })
    if (want !== got) fail(index, `expected ${want}\n     but got ${got}`)
  }
  const dispatch = async (index: number, event: AnyEventObject): Promise<void> => {
    const { type } = event
    const settle = (prefix: string, how: (deferred: Deferred) => void): void => {
      const id = type.slice(prefix.length)
      const deferred = pending.get(id)
      if (!deferred) fail(index, `actor '${id}' is not running, so it cannot settle`)
      else {
        pending.delete(id)
        how(deferred)
      }
    }
    if (type.startsWith('xstate.done.actor.')) {
      const output: unknown = event.output
      settle('xstate.done.actor.', (deferred) => deferred.resolve(output))
    } else if (type.startsWith('xstate.error.actor.')) {
      const error: unknown = event.error
      settle('xstate.error.actor.', (deferred) => deferred.reject(error))
    } else if (isDelayDescriptor(type)) {
      // Let time pass, timer by timer, until the machine has received this delay event.
      const before = received.filter((seen) => seen === type).length
      while (received.filter((seen) => seen === type).length === before) {
        const due = nextDue()
        if (due === undefined) {
          fail(
            index,
            `no timer is pending for ${type}; the machine is in ${stateName(actor.getSnapshot().value)}`,
          )
        } else advanceTo(due)
        await flush()
      }
    } else {
      actor.send(event)
    }
    await flush()
  }

  try {
    actor.start()
    await flush()
    const [first, ...rest] = path.steps
    if (first) check(0, first.state)
    for (const [offset, step] of rest.entries()) {
      await dispatch(offset + 1, step.event)
      check(offset + 1, step.state)
    }
  } finally {
    actor.stop()
  }
  return covered
}

// ---------------------------------------------------------------------------------------------------------------
// Coverage

/** The result of running the path models of one machine. */
export type PathModelReport = {
  machineId: string
  transitions: TransitionInfo[]
  covered: TransitionInfo[]
  uncovered: TransitionInfo[]
  /** The generated paths of all models, in model order. */
  paths: GeneratedPath[]
  failures: Array<{ path: GeneratedPath; error: unknown }>
}

/**
 * Generates and replays every path of one or more models of the same machine (several models cover what one input
 * cannot, e.g. an outdated and a current browser) and reports the transitions that no replay took.
 */
export const runPathModels = async <TMachine extends AnyStateMachine>(
  models: readonly [PathModel<TMachine>, ...Array<PathModel<TMachine>>],
): Promise<PathModelReport> => {
  const [{ machine }] = models
  const stray = models.find((model) => model.machine !== machine)
  if (stray) throw new Error(`runPathModels: models of '${machine.id}' and '${stray.machine.id}' mixed`)
  const transitions = listTransitions(machine)
  const taken = new Set<string>()
  const paths: GeneratedPath[] = []
  const failures: PathModelReport['failures'] = []
  for (const model of models) {
    for (const path of generatePaths(model)) {
      paths.push(path)
      try {
        for (const id of await replayPath(model, path)) taken.add(id)
      } catch (error) {
        failures.push({ path, error })
      }
    }
  }
  return {
    machineId: machine.id,
    transitions,
    covered: transitions.filter((transition) => taken.has(transition.id)),
    uncovered: transitions.filter((transition) => !taken.has(transition.id)),
    paths,
    failures,
  }
}

/** A readable list of what a report found wrong; empty when every path replayed and every transition was taken. */
export const reportProblems = (report: PathModelReport): string[] => [
  ...report.failures.map(({ error }) => (error instanceof Error ? error.message : String(error))),
  ...report.uncovered.map(
    (transition) =>
      `${report.machineId}: transition ${transition.id}${transition.guard ? ` [guard ${transition.guard}]` : ''} → ${
        transition.targets.join(', ') || '(targetless)'
      } is not taken by any path`,
  ),
]

// ---------------------------------------------------------------------------------------------------------------
// States for stories

/** A reachable state of a machine, for a story. */
export type ReachableState<TMachine extends AnyStateMachine> = {
  /** `dialogOpen`, `closed.warningShown`, or the result of `options.key`. */
  name: string
  /** The pure snapshot: `hasTag`, `matches`, `can` and `context` work on it. */
  snapshot: SnapshotFrom<TMachine>
  /** For `createActor(machine.provide(fakes), { input, snapshot: persisted })`: starts right in this state. */
  persisted: Snapshot<unknown>
  /** The events that lead there from the initial state (to replay through a real view instead). */
  events: AnyEventObject[]
}

/**
 * One entry per reachable state of the model (per distinct `options.key` of a snapshot; default its state name), with
 * the shortest event sequence that reaches it.
 */
export const statesOf = <TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
  options: { key?: (snapshot: SnapshotFrom<TMachine>) => string } = {},
): Array<ReachableState<TMachine>> => {
  const erased = erase(model)
  const explorer = createExplorer(erased)
  // As in `erase`: the traversal only produces snapshots of this model's machine.
  const ownSnapshot = (snapshot: AnyMachineSnapshot): SnapshotFrom<TMachine> =>
    snapshot as SnapshotFrom<TMachine>
  const key = (snapshot: AnyMachineSnapshot): string =>
    options.key ? options.key(ownSnapshot(snapshot)) : stateName(snapshot.value)
  return traverse(explorer, erased.limit, key)
    .map((steps) => {
      const last = steps[steps.length - 1]
      if (!last) throw new Error(`${explorer.machine.id}: empty path`)
      const persisted: Snapshot<unknown> = erased.machine.getPersistedSnapshot(last.state)
      return {
        name: key(last.state),
        snapshot: ownSnapshot(last.state),
        persisted,
        events: steps.slice(1).map((step) => step.event),
      }
    })
    .sort((a, b) => a.events.length - b.events.length || a.name.localeCompare(b.name))
}
