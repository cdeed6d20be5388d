import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { citySuggestionMachine, type PostalQuery } from './city-suggestion.machine.ts'

/** A city suggestion whose lookup answers from `places` (a missing code: null; 'fail': rejects). */
const start = (places: Record<string, string | 'fail'>, delayMs = 5) => {
  const lookUp = vi.fn(async ({ input }: { input: PostalQuery }) => {
    const place = places[input.postalCode]
    if (place === 'fail') throw new Error('offline')
    return place ?? null
  })
  const filled: string[] = []
  const actor = createActor(
    citySuggestionMachine.provide({
      actors: { lookUpCity: fromPromise(lookUp) },
      actions: { fillCity: (_, params) => filled.push(params.city) },
    }),
    { input: { delayMs } },
  ).start()
  const type = (postalCode: string, countryCode = 'DE') =>
    actor.send({ type: 'citySuggestion.postalCodeChanged', query: { countryCode, postalCode } })
  const idle = () => waitFor(actor, (snapshot) => snapshot.matches('idle'))
  return { actor, lookUp, filled, type, idle }
}

describe('citySuggestionMachine', () => {
  it('looks up only after the delay, with the last postal code typed, showing a loading flag meanwhile', async () => {
    const { actor, lookUp, filled, type, idle } = start({ '10115': 'Berlin' }, 30)
    type('1')
    type('101')
    type('10115')
    expect(lookUp).not.toHaveBeenCalled()
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading'))
    await idle()
    expect(lookUp).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ input: { countryCode: 'DE', postalCode: '10115' } }),
    )
    expect(filled).toEqual(['Berlin'])
  })

  it('never overwrites a city the shopper typed', async () => {
    const { actor, filled, type, idle } = start({ '10115': 'Berlin' })
    actor.send({ type: 'citySuggestion.cityChanged', city: 'Potsdam' })
    type('10115')
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading'))
    await idle()
    expect(filled).toEqual([])
  })

  it('replaces its own previous suggestion when the postal code changes', async () => {
    const { actor, filled, type, idle } = start({ '10115': 'Berlin', '80331': 'München' })
    type('10115')
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading'))
    await idle()
    // The form reports the filled field back.
    actor.send({ type: 'citySuggestion.cityChanged', city: 'Berlin' })
    type('80331')
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading'))
    await idle()
    expect(filled).toEqual(['Berlin', 'München'])
  })

  it('fails soft: an unknown postal code or a failed lookup changes nothing', async () => {
    const { actor, filled, type, idle } = start({ '99999': 'fail' })
    type('12345')
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading'))
    await idle()
    type('99999')
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading'))
    await idle()
    expect(filled).toEqual([])
    expect(actor.getSnapshot().status).toBe('active')
  })

  it('a postal code cleared before the delay is not looked up', async () => {
    const { actor, lookUp, type } = start({ '10115': 'Berlin' })
    type('10115')
    actor.send({ type: 'citySuggestion.postalCodeCleared' })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(lookUp).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches('idle')).toBe(true)
  })
})
