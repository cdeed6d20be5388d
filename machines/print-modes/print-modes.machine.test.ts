import { createActor, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { printModesMachine } from './print-modes.machine.ts'

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve()
}

/** A catalogue whose only mode is named in one language. */
const catalogue = (name: string) => [{ id: 'pm-1', name }] as unknown as PrintMode[]

/** Each load waits for the test; `calls[n].resolve` answers the n-th load. */
function controlledLoads() {
  const calls: Array<{ resolve: (modes: PrintMode[]) => void }> = []
  const logic = fromPromise<PrintMode[]>(() => new Promise((resolve) => calls.push({ resolve })))
  return { calls, logic }
}

describe('printModes: loaded when first needed', () => {
  it('asks for nothing until a load is asked for, then loads once', async () => {
    const loads = controlledLoads()
    const actor = createActor(printModesMachine.provide({ actors: { loadPrintModes: loads.logic } })).start()
    // A language change before anyone needed the catalogue has nothing to reload.
    expect(actor.getSnapshot().can({ type: 'printModes.reload' })).toBe(false)
    await flush()
    expect(loads.calls).toHaveLength(0)
    expect(actor.getSnapshot().hasTag('idle')).toBe(true)
    actor.send({ type: 'printModes.load' })
    actor.send({ type: 'printModes.load' })
    expect(loads.calls).toHaveLength(1)
    loads.calls[0]?.resolve(catalogue('Polylactid'))
    await flush()
    actor.send({ type: 'printModes.load' })
    expect(loads.calls).toHaveLength(1)
    expect(actor.getSnapshot().value).toBe('ready')
  })
})

/** Started and asked for the catalogue, as the order flow does when a model is configured. */
const loading = (logic: ReturnType<typeof controlledLoads>['logic']) => {
  const actor = createActor(printModesMachine.provide({ actors: { loadPrintModes: logic } })).start()
  actor.send({ type: 'printModes.load' })
  return actor
}

describe('printModes: the catalogue follows the language', () => {
  it('a reload while loading asks again and drops the late answer of the earlier language', async () => {
    const loads = controlledLoads()
    const actor = loading(loads.logic)
    loads.calls[0]?.resolve(catalogue('Polylactid'))
    await flush()
    expect(actor.getSnapshot().context.printModes[0]?.name).toBe('Polylactid')

    // de → en → fr quickly: the English load is still running when French is asked for.
    actor.send({ type: 'printModes.reload' })
    actor.send({ type: 'printModes.reload' })
    expect(loads.calls).toHaveLength(3)
    loads.calls[2]?.resolve(catalogue('Polylactide'))
    await flush()
    expect(actor.getSnapshot().value).toBe('ready')
    // The English answer arrives last, but its call was cancelled.
    loads.calls[1]?.resolve(catalogue('Polylactic acid'))
    await flush()
    expect(actor.getSnapshot().context.printModes[0]?.name).toBe('Polylactide')
  })

  it('a reload after a failure loads again', async () => {
    const failing = fromPromise<PrintMode[]>(async () => {
      throw Object.assign(new Error('down'), { status: 503, code: 'service_unavailable' })
    })
    const actor = loading(failing)
    await flush()
    expect(actor.getSnapshot().hasTag('error')).toBe(true)
    actor.send({ type: 'printModes.reload' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
  })
})
