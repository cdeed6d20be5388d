import { assign, createActor, fromPromise, setup } from 'xstate'
import { describe, expect, it } from 'vitest'
import { discoverMachines } from '#tests/graph/machine-discovery.ts'
import {
  PathReplayError,
  afterEvents,
  definePathModel,
  doneEvent,
  errorEvent,
  generatePaths,
  listTransitions,
  replayPath,
  reportProblems,
  runPathModels,
  statesOf,
} from '#tests/graph/path-testing.ts'

// A small machine with every kind of transition: plain, guarded alternatives, targetless, root-level, after,
// always, and an invoked actor's done and error.
const fixtureMachine = setup({
  types: {
    context: {} as { count: number; loaded: string | null },
    events: {} as { type: 'go' } | { type: 'back' } | { type: 'bump' } | { type: 'reset' } | { type: 'load' },
    input: {} as { start: number },
  },
  actors: {
    fetchThing: fromPromise<string>(async () => {
      throw new Error('not provided')
    }),
  },
  actions: { kick: () => {} },
  guards: { isHigh: ({ context }) => context.count >= 2 },
}).createMachine({
  id: 'fixture',
  initial: 'a',
  context: ({ input }) => ({ count: input.start, loaded: null }),
  on: { reset: { target: '.a', actions: assign({ count: 0 }) } },
  states: {
    a: {
      on: {
        go: [{ guard: 'isHigh', target: 'c' }, { target: 'b' }],
        bump: { actions: assign({ count: ({ context }) => context.count + 1 }) },
        load: 'loading',
      },
    },
    b: {
      entry: 'kick',
      on: { back: 'a' },
      after: { 1000: 'c' },
    },
    c: { always: { target: 'a', guard: ({ context }) => context.count >= 3 }, on: { back: 'b' } },
    loading: {
      invoke: {
        id: 'fetchThing',
        src: 'fetchThing',
        onDone: { target: 'a', actions: assign({ loaded: ({ event }) => event.output }) },
        onError: 'a',
      },
    },
  },
})

const allEvents = [
  { type: 'go' },
  { type: 'back' },
  { type: 'bump' },
  { type: 'reset' },
  { type: 'load' },
  doneEvent('fetchThing', 'thing'),
  errorEvent('fetchThing'),
  ...afterEvents(fixtureMachine),
] as const

const completeModel = definePathModel({
  machine: fixtureMachine,
  input: { start: 0 },
  // Keep the counter finite: bump only up to 3.
  events: (snapshot) => allEvents.filter((event) => event.type !== 'bump' || snapshot.context.count < 3),
})

describe('listTransitions', () => {
  it('lists every transition of the definition with a stable id', () => {
    const transitions = listTransitions(fixtureMachine)
    expect(transitions.map((transition) => transition.id).sort()).toEqual(
      [
        'fixture:reset#0',
        'fixture.a:go#0',
        'fixture.a:go#1',
        'fixture.a:bump#0',
        'fixture.a:load#0',
        'fixture.b:back#0',
        'fixture.b:xstate.after.1000#0',
        'fixture.c:back#0',
        'fixture.c:always#0',
        'fixture.loading:xstate.done.actor.fetchThing#0',
        'fixture.loading:xstate.error.actor.fetchThing#0',
      ].sort(),
    )
    expect(transitions.find((transition) => transition.id === 'fixture.a:go#0')).toMatchObject({
      guard: 'isHigh',
      targets: ['fixture.c'],
    })
    expect(transitions.find((transition) => transition.id === 'fixture.a:bump#0')?.targets).toEqual([])
  })

  it('lists the delay events of a machine', () => {
    expect(afterEvents(fixtureMachine)).toEqual([{ type: 'xstate.after.1000.fixture.b' }])
  })
})

describe('runPathModels', () => {
  it('covers every transition when the model offers every event', async () => {
    const report = await runPathModels([completeModel])
    expect(reportProblems(report)).toEqual([])
    expect(report.covered).toHaveLength(report.transitions.length)
  })

  it('reports the transition a model misses when it omits an event', async () => {
    const withoutBack = definePathModel({
      ...completeModel,
      events: (snapshot) =>
        allEvents.filter(
          (event) => event.type !== 'back' && (event.type !== 'bump' || snapshot.context.count < 3),
        ),
    })
    const report = await runPathModels([withoutBack])
    expect(report.failures).toEqual([])
    expect(report.uncovered.map((transition) => transition.id)).toEqual([
      'fixture.b:back#0',
      'fixture.c:back#0',
    ])
    expect(reportProblems(report)).toEqual([
      'fixture: transition fixture.b:back#0 → fixture.a is not taken by any path',
      'fixture: transition fixture.c:back#0 → fixture.b is not taken by any path',
    ])
  })

  it('reports an unreachable guarded alternative', async () => {
    // Without bumping, count stays 0: the isHigh branch of go and the always transition are never taken.
    const neverHigh = definePathModel({
      ...completeModel,
      events: allEvents.filter((event) => event.type !== 'bump'),
    })
    const report = await runPathModels([neverHigh])
    expect(report.uncovered.map((transition) => transition.id)).toEqual([
      'fixture.a:go#0',
      'fixture.a:bump#0',
      'fixture.c:always#0',
    ])
  })

  it('unites the coverage of several models of one machine', async () => {
    const lowOnly = definePathModel({
      ...completeModel,
      events: allEvents.filter((event) => event.type !== 'bump'),
    })
    const highStart = definePathModel({ ...lowOnly, input: { start: 6 } })
    const report = await runPathModels([lowOnly, highStart])
    expect(report.uncovered.map((transition) => transition.id)).toEqual(['fixture.a:bump#0'])
  })
})

describe('replayPath', () => {
  it('gives every transition its own path', () => {
    const paths = generatePaths(completeModel)
    const lastEvents = paths.map((path) => path.steps.at(-1)?.event.type)
    expect(lastEvents).toContain('back')
    expect(paths.every((path) => path.steps[0]?.event.type === 'xstate.init')).toBe(true)
  })

  it('settles the fake actor the path names and checks the context it produced', async () => {
    const path = generatePaths(completeModel).find((candidate) =>
      candidate.steps.some((step) => step.event.type === 'xstate.done.actor.fetchThing'),
    )
    if (!path) throw new Error('no path loads')
    const covered = await replayPath(completeModel, path)
    expect(covered).toContain('fixture.loading:xstate.done.actor.fetchThing#0')
  })

  it('fails when the running machine leaves the state the graph expects', async () => {
    // An action that sends an event: the pure graph cannot see it, the real actor follows it.
    const sneaky = definePathModel({
      ...completeModel,
      provide: { actions: { kick: ({ self }) => self.send({ type: 'back' }) } },
    })
    const report = await runPathModels([sneaky])
    expect(report.failures.length).toBeGreaterThan(0)
    const [failure] = report.failures
    expect(failure?.error).toBeInstanceOf(PathReplayError)
    expect(String(failure?.error)).toMatch(
      /expected \{"context":\{.*\},"value":"b"\}\n\s+but got .*"value":"a"/,
    )
  })

  it('lets timers fire in order, so a delay that cannot happen first fails', async () => {
    const racing = setup({}).createMachine({
      id: 'racing',
      initial: 'waiting',
      states: { waiting: { after: { 500: 'early', 1000: 'late' } }, early: {}, late: {} },
    })
    const model = definePathModel({ machine: racing, input: undefined, events: afterEvents(racing) })
    const report = await runPathModels([model])
    expect(report.failures).toHaveLength(1)
    expect(String(report.failures[0]?.error)).toMatch(
      /waiting → xstate\.after\.1000\.racing\.waiting → late\]: no timer is pending .* the machine is in early/,
    )
  })
})

describe('generatePaths', () => {
  it('refuses an unbounded graph with a hint', () => {
    const unbounded = definePathModel({ ...completeModel, events: allEvents, limit: 200 })
    expect(() => generatePaths(unbounded)).toThrow(/more than 200 graph nodes; make the model finite/)
  })
})

describe('statesOf', () => {
  it('yields every reachable state with a snapshot an actor can start from', () => {
    const states = statesOf(completeModel)
    expect(states.map((state) => state.name)).toEqual(['a', 'b', 'loading', 'c'])
    const loading = states.find((state) => state.name === 'loading')
    if (!loading) throw new Error('no loading state')
    expect(loading.events).toEqual([{ type: 'load' }])
    const actor = createActor(
      fixtureMachine.provide({ actors: { fetchThing: fromPromise(() => new Promise<string>(() => {})) } }),
      { input: { start: 0 }, snapshot: loading.persisted },
    ).start()
    expect(actor.getSnapshot().value).toBe('loading')
    actor.stop()
  })

  it('distinguishes states by a custom key', () => {
    const names = statesOf(completeModel, {
      key: (snapshot) => `${String(snapshot.value)}@${snapshot.context.count}`,
    })
      .map((state) => state.name)
      .filter((name) => name.startsWith('a@'))
    expect(names).toEqual(['a@0', 'a@1', 'a@2', 'a@3'])
  })
})

describe('discoverMachines', () => {
  const model = { machine: fixtureMachine, input: { start: 0 }, events: [] }

  it('pairs each machine with the models of its sibling paths module', () => {
    const { entries, problems } = discoverMachines(
      { './fixture/fixture.machine.ts': { fixtureMachine, helper: 1 } },
      { './fixture/fixture.paths.ts': { model, other: { events: [] } } },
    )
    expect(problems).toEqual([])
    expect(entries).toHaveLength(1)
    expect(entries[0]?.models).toEqual([model])
  })

  it('fails a machine module without a paths module, a machine without a model and a module without a machine', () => {
    const { entries, problems } = discoverMachines(
      {
        './fixture/fixture.machine.ts': { fixtureMachine },
        './other/other.machine.ts': { otherMachine: fixtureMachine.provide({}) },
        './empty/empty.machine.ts': { notAMachine: {} },
      },
      { './other/other.paths.ts': { model } },
    )
    expect(entries).toEqual([])
    expect(problems).toEqual([
      './empty/empty.machine.ts exports no machine',
      './fixture/fixture.machine.ts has no paths module ./fixture/fixture.paths.ts',
      "./other/other.paths.ts exports no path model for otherMachine (id 'fixture')",
    ])
  })
})
