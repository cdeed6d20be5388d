import { describe, expect, it } from 'vitest'
import { createActor, createMachine, type InspectionEvent } from 'xstate'
import { INSPECT_STORAGE_KEY } from '#client/dev/inspection-protocol.ts'
import { inspectionMode, withoutUnstartedActors } from '#client/dev/inspection.ts'
import { serializeInspectionEvent, toInspectableJson } from '#client/dev/serialize-inspection.ts'

describe('inspection serialisation', () => {
  it('masks secrets in events and context, at any depth', () => {
    const serialized = serializeInspectionEvent({
      type: '@xstate.snapshot',
      sessionId: 'x:3',
      event: { type: 'login.submit', username: 'ada', password: 'hunter22' },
      snapshot: {
        status: 'active',
        value: 'submitting',
        context: { form: { email: 'ada@example.com', newPassword: 'x', resetToken: 't' }, apiKey: 'k' },
        machine: { huge: true },
      },
    })
    expect(serialized).toEqual({
      type: '@xstate.snapshot',
      sessionId: 'x:3',
      event: { type: 'login.submit', username: 'ada', password: '***' },
      snapshot: {
        status: 'active',
        value: 'submitting',
        context: { form: { email: 'ada@example.com', newPassword: '***', resetToken: '***' }, apiKey: '***' },
      },
    })
  })

  it('names actor refs, drops functions and cuts cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'a' }
    cyclic.self = cyclic
    const actorRef = { sessionId: 'x:1', send: () => {}, system: { lots: 'of state' } }
    expect(toInspectableJson({ child: actorRef, fn: () => 1, cyclic })).toEqual({
      child: { actorRef: 'x:1' },
      cyclic: { name: 'a', self: '[circular]' },
    })
  })
})

describe('StrictMode duplicates', () => {
  it('forwards only actors that were started', () => {
    const forwarded: InspectionEvent[] = []
    const inspect = withoutUnstartedActors({ next: (event) => forwarded.push(event) })
    const machine = createMachine({
      id: 'toggle',
      initial: 'off',
      states: { off: { on: { flip: 'on' } }, on: {} },
    })
    // What StrictMode does to useActorRef: an actor is created twice, only one is started.
    createActor(machine, { inspect })
    const used = createActor(machine, { inspect }).start()
    used.send({ type: 'flip' })
    const registered = forwarded
      .filter((event) => event.type === '@xstate.actor')
      .map((event) => event.actorRef)
    expect(registered).toEqual([used])
    expect(forwarded.every((event) => event.actorRef === used)).toBe(true)
    expect(forwarded.some((event) => event.type === '@xstate.snapshot')).toBe(true)
  })
})

describe('inspection mode', () => {
  const windowAt = (search: string, flag?: string) => {
    window.localStorage.clear()
    if (flag !== undefined) window.localStorage.setItem(INSPECT_STORAGE_KEY, flag)
    return { location: { search }, localStorage: window.localStorage } as unknown as Window
  }

  it('is off without ?inspect or the storage flag', () => {
    expect(inspectionMode(windowAt(''))).toBe('off')
  })

  it('uses Stately and the local page with ?inspect, only the local page with ?inspect=local', () => {
    expect(inspectionMode(windowAt('?inspect'))).toBe('stately')
    expect(inspectionMode(windowAt('?inspect=local'))).toBe('local')
  })

  it('can be switched on by the local-storage flag', () => {
    expect(inspectionMode(windowAt('', 'local'))).toBe('local')
    expect(inspectionMode(windowAt('', '1'))).toBe('stately')
  })
})
