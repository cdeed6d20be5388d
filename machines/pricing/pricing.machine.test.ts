import { SimulatedClock, createActor, fromPromise } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { PricingBatchRequest, PricedConfigurations } from '#shared/contracts/pricing.contract.ts'
import { PRICING_TAGS, type PriceChange, isPriceLoading, pricingMachine } from './pricing.machine.ts'
import { pricingTestInput } from './pricing.paths.ts'
import { answerAtScale1, answerAtScale20, priceOf, requestAtScale } from './pricing.fixtures.ts'

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve()
}

type Call = {
  request: PricingBatchRequest
  signal: AbortSignal
  resolve: (response: PricedConfigurations) => void
  reject: (error: unknown) => void
}

const start = () => {
  const clock = new SimulatedClock()
  const calls: Call[] = []
  const notifyPriceChanged = vi.fn<(change: PriceChange) => void>()
  const actor = createActor(
    pricingMachine.provide({
      actors: {
        fetchPrices: fromPromise(
          ({ input, signal }) =>
            new Promise<PricedConfigurations>((resolve, reject) => {
              calls.push({ request: input.request, signal, resolve, reject })
            }),
        ),
      },
      actions: { notifyPriceChanged: (_, params) => notifyPriceChanged(params) },
    }),
    { input: pricingTestInput, clock },
  ).start()
  const snapshot = () => actor.getSnapshot()
  const context = () => actor.getSnapshot().context
  const tags = () => PRICING_TAGS.filter((tag) => snapshot().hasTag(tag))
  const invalidate = (scale: number) =>
    actor.send({ type: 'pricing.invalidate', request: requestAtScale(scale) })
  const elapse = async (ms: number) => {
    clock.increment(ms)
    await flush()
  }
  const call = (index: number) => {
    const found = calls[index]
    if (!found) throw new Error(`no call ${index}`)
    return found
  }
  return { actor, snapshot, context, tags, invalidate, elapse, calls, call, notifyPriceChanged }
}

describe('pricingMachine', () => {
  it('waits for an invalidation, not calculating', () => {
    const { snapshot, tags, context } = start()
    expect(snapshot().value).toBe('idle')
    expect(tags()).toEqual([])
    expect(context()).toMatchObject({ printabilityForSelected: null, loading: false, pricesByPrintMode: {} })
  })

  it('debounces invalidations by 500 ms: a new one restarts the wait, only the last request is fetched (§4)', async () => {
    const { invalidate, elapse, calls, tags, context } = start()
    invalidate(1)
    expect(tags()).toEqual(['calculating'])
    expect(context().loading).toBe(true)
    await elapse(pricingTestInput.debounceMs - 1)
    invalidate(2)
    await elapse(pricingTestInput.debounceMs - 1)
    expect(calls).toHaveLength(0)
    await elapse(1)
    expect(calls.map((call) => call.request.objectScale)).toEqual([2])
  })

  it('stores the answer per print mode, reports the selection, and clears the loading flag of the rest later (§9)', async () => {
    const { snapshot, context, tags, invalidate, elapse, call, notifyPriceChanged } = start()
    invalidate(1)
    await elapse(pricingTestInput.debounceMs)
    call(0).resolve(answerAtScale1)
    await flush()
    expect(tags()).toEqual([])
    expect(context().pricesByPrintMode).toEqual({
      'pm-1': [answerAtScale1.prices[0]],
      'pm-2': [answerAtScale1.prices[1]],
    })
    expect(context().printabilityForSelected).toEqual(answerAtScale1.printabilityForSelected)
    expect(notifyPriceChanged).toHaveBeenCalledExactlyOnceWith({
      printable: true,
      printabilityForSelected: answerAtScale1.printabilityForSelected,
    })

    // A later request only for pm-1: pm-2 keeps its price, and its options keep loading a moment longer.
    invalidate(20)
    expect(isPriceLoading(context(), 'pm-1')).toBe(true)
    await elapse(pricingTestInput.debounceMs)
    call(1).resolve(answerAtScale20)
    await flush()
    expect(context().pricesByPrintMode['pm-1']).toEqual(answerAtScale20.prices)
    expect(context().pricesByPrintMode['pm-2']).toEqual([answerAtScale1.prices[1]])
    expect(isPriceLoading(context(), 'pm-1')).toBe(false)
    expect(isPriceLoading(context(), 'pm-2')).toBe(true)
    expect(notifyPriceChanged).toHaveBeenLastCalledWith(expect.objectContaining({ printable: false }))
    await elapse(pricingTestInput.loadingFlagClearMs - 1)
    expect(isPriceLoading(context(), 'pm-2')).toBe(true)
    await elapse(1)
    expect(isPriceLoading(context(), 'pm-2')).toBe(false)
    expect(snapshot().value).toBe('ready')
  })

  it('never lets the answer to an older request overwrite a newer one', async () => {
    const { context, tags, invalidate, elapse, calls, call, notifyPriceChanged } = start()
    invalidate(1)
    await elapse(pricingTestInput.debounceMs)
    // The scale changes while scale 1 is being priced.
    invalidate(20)
    call(0).resolve(answerAtScale1)
    await flush()
    expect(context().pricesByPrintMode).toEqual({})
    expect(context().printabilityForSelected).toBeNull()
    expect(notifyPriceChanged).not.toHaveBeenCalled()
    expect(tags()).toEqual(['calculating'])

    await elapse(pricingTestInput.debounceMs)
    expect(calls.map((made) => made.request.objectScale)).toEqual([1, 20])
    call(1).resolve(answerAtScale20)
    await flush()
    expect(context().pricesByPrintMode).toEqual({ 'pm-1': answerAtScale20.prices })
    expect(notifyPriceChanged).toHaveBeenCalledTimes(1)
  })

  it('drops the error of an outdated request too, and stops an outdated call still running when the newer one starts', async () => {
    const { snapshot, context, invalidate, elapse, call } = start()
    invalidate(1)
    await elapse(pricingTestInput.debounceMs)
    invalidate(20)
    call(0).reject({ status: 503, code: 'service_unavailable' })
    await flush()
    expect(context().error).toBeNull()
    expect(snapshot().hasTag('error')).toBe(false)

    await elapse(pricingTestInput.debounceMs)
    invalidate(3)
    await elapse(pricingTestInput.debounceMs)
    expect(call(1).signal.aborted).toBe(true)
    expect(call(2).request.objectScale).toBe(3)
    // Even if the stopped call answers after all, nothing changes.
    call(1).resolve(answerAtScale20)
    await flush()
    expect(context().pricesByPrintMode).toEqual({})
  })

  it('shows an error when pricing fails, and retries on the next invalidation', async () => {
    const { snapshot, context, tags, invalidate, elapse, call, notifyPriceChanged } = start()
    invalidate(1)
    await elapse(pricingTestInput.debounceMs)
    call(0).reject({ status: 422, code: 'pricing_failed' })
    await flush()
    expect(tags()).toEqual(['error'])
    expect(context()).toMatchObject({
      error: 'pricing_failed',
      loading: false,
      printabilityForSelected: null,
    })
    expect(notifyPriceChanged).toHaveBeenCalledExactlyOnceWith({
      printable: false,
      printabilityForSelected: null,
    })

    invalidate(1)
    await elapse(pricingTestInput.debounceMs)
    call(1).resolve(answerAtScale1)
    await flush()
    expect(context().error).toBeNull()
    expect(snapshot().value).toBe('settling')
  })

  it('clearing (empty scale field) stops calculating and forgets the verdict', async () => {
    const { snapshot, context, invalidate, elapse, call, actor } = start()
    invalidate(1)
    await elapse(pricingTestInput.debounceMs)
    actor.send({ type: 'pricing.clear' })
    expect(call(0).signal.aborted).toBe(true)
    expect(snapshot().value).toBe('idle')
    expect(context()).toMatchObject({ printabilityForSelected: null, loading: false })
  })

  it('groups several configurations of one print mode under it', async () => {
    const { context, invalidate, elapse, call } = start()
    invalidate(1)
    await elapse(pricingTestInput.debounceMs)
    const second = { ...priceOf('pm-1', 1_400), surfaceFinishId: 'f-2', printModeColorId: 'c-3' }
    call(0).resolve({ ...answerAtScale1, prices: [...answerAtScale1.prices, second] })
    await flush()
    expect(context().pricesByPrintMode['pm-1']).toHaveLength(2)
  })
})
