import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { isDateRangeValid, pagedListMachine } from './paged-list.ts'

// A small list of its own, so what the shared part promises is tested apart from the order list and the audit log.
type Filter = { q: string; from: string; to: string }
type Query = { q: string; page: number }
type Answer = { names: string[]; total: number }

const EMPTY: Filter = { q: '', from: '', to: '' }
const listOf = (followsAddressBar: boolean) =>
  pagedListMachine<Filter, Query, Answer>({
    id: 'testList',
    emptyFilter: EMPTY,
    queryOf: (filter, page) => ({ q: filter.q, page }),
    pageCountOf: (answer) => Math.max(1, Math.ceil(answer.total / 10)),
    isEmpty: (answer) => answer.names.length === 0,
    isValidFilter: isDateRangeValid,
    followsAddressBar,
  })

/** Each load waits until the test answers it, so the order of answers is the test's. */
const startControlled = (followsAddressBar: boolean) => {
  const calls: { query: Query; answer: (answer: Answer) => void }[] = []
  const actor = createActor(
    listOf(followsAddressBar).provide({
      actors: {
        loadPage: fromPromise(
          ({ input }) =>
            new Promise<Answer>((resolve) => calls.push({ query: input.query, answer: resolve })),
        ),
      },
    }),
    { input: { filter: EMPTY, page: 1 } },
  ).start()
  return { actor, calls }
}

describe('pagedListMachine', () => {
  it('drops the late answer of a list no longer asked for: the screen shows the last request', async () => {
    const { actor, calls } = startControlled(true)
    actor.send({ type: 'list.urlChanged', filter: { ...EMPTY, q: 'neu' }, page: 1 })
    expect(calls.map((call) => call.query)).toEqual([
      { q: '', page: 1 },
      { q: 'neu', page: 1 },
    ])
    // The first answer arrives while the second load runs (both are `loadPage`): it must not count as its.
    calls[0]?.answer({ names: ['alt'], total: 1 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    calls[1]?.answer({ names: ['neu'], total: 1 })
    await waitFor(actor, (snapshot) => snapshot.hasTag('list'))
    expect(actor.getSnapshot().context.result?.names).toEqual(['neu'])
    expect(actor.getSnapshot().context.applied.q).toBe('neu')
  })

  it('ignores the address bar when the list does not follow it', () => {
    const { actor, calls } = startControlled(false)
    actor.send({ type: 'list.urlChanged', filter: { ...EMPTY, q: 'neu' }, page: 2 })
    expect(calls).toHaveLength(1)
    expect(actor.getSnapshot().context.applied).toEqual(EMPTY)
  })

  it('starts an applied filter from page 1 and pages only within the answer', async () => {
    const { actor, calls } = startControlled(false)
    calls[0]?.answer({ names: ['a'], total: 25 })
    await waitFor(actor, (snapshot) => snapshot.hasTag('list'))
    expect(actor.getSnapshot().can({ type: 'list.goToPage', page: 4 })).toBe(false)
    actor.send({ type: 'list.goToPage', page: 3 })
    calls[1]?.answer({ names: ['c'], total: 25 })
    await waitFor(actor, (snapshot) => snapshot.hasTag('list'))
    actor.send({ type: 'list.changeFilter', field: 'q', value: 'x' })
    actor.send({ type: 'list.apply' })
    expect(calls.map((call) => call.query)).toEqual([
      { q: '', page: 1 },
      { q: '', page: 3 },
      { q: 'x', page: 1 },
    ])
  })
})
