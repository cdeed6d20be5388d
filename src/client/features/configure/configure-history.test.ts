import { describe, expect, it } from 'vitest'
import {
  type MachineView,
  nextHistoryMove,
  paramOfStep,
  stepOfParam,
  validateConfigureSearch,
} from './configure-history.ts'

const at = (step: 0 | 1 | 2, rest: Partial<MachineView> = {}): MachineView => ({
  step,
  busy: false,
  canForward: true,
  pricing: false,
  ...rest,
})

describe('the configure sub-step in the URL (issue 14, item 3)', () => {
  it('reads only the known steps and writes basics as no parameter', () => {
    expect(validateConfigureSearch({ step: 'finishes', other: 1 })).toEqual({ step: 'finishes' })
    expect(validateConfigureSearch({ step: 'cart' })).toEqual({})
    expect([0, 1, 2].map((step) => stepOfParam(paramOfStep(step as 0 | 1 | 2)))).toEqual([0, 1, 2])
    expect(paramOfStep(0)).toBeUndefined()
  })

  it('gives a step the shopper reached in the view a new history entry', () => {
    expect(nextHistoryMove(0, at(1), false)).toEqual({ kind: 'navigate', step: 1, replace: false })
    expect(nextHistoryMove(1, at(2), false)).toEqual({ kind: 'navigate', step: 2, replace: false })
  })

  it('drives the machine towards the URL after Back, Forward or a reload, one event at a time', () => {
    expect(nextHistoryMove(1, at(2), true)).toEqual({ kind: 'send', event: 'configure.back' })
    expect(nextHistoryMove(0, at(1), true)).toEqual({ kind: 'send', event: 'configure.back' })
    expect(nextHistoryMove(2, at(0), true)).toEqual({ kind: 'send', event: 'configure.next' })
    expect(nextHistoryMove(2, at(1), true)).toEqual({ kind: 'send', event: 'configure.chooseFinishes' })
  })

  it('waits while the machine is busy or prices are calculated, and gives way when it refuses', () => {
    expect(nextHistoryMove(2, at(0, { busy: true }), true)).toEqual({ kind: 'none' })
    expect(nextHistoryMove(2, at(1, { canForward: false, pricing: true }), true)).toEqual({ kind: 'none' })
    expect(nextHistoryMove(2, at(1, { canForward: false }), true)).toEqual({
      kind: 'navigate',
      step: 1,
      replace: true,
    })
    expect(nextHistoryMove(1, at(1), true)).toEqual({ kind: 'none' })
  })
})
