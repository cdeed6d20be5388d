import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import {
  EMPTY_STAFF_ORDER_FILTER,
  type StaffOrderFilter,
  type StaffOrderListQuery,
} from '#shared/contracts/staff-orders.contract.ts'
import { emptyOrderListPage, orderListPage } from './staff-order-list.fixtures.ts'
import { staffOrderListMachine } from './staff-order-list.machine.ts'

type Published = { filter: StaffOrderFilter; page: number }

const start = (
  answer: (query: StaffOrderListQuery) => typeof orderListPage = () => orderListPage,
  input = { filter: EMPTY_STAFF_ORDER_FILTER, page: 1 },
) => {
  const queries: StaffOrderListQuery[] = []
  const published: Published[] = []
  const actor = createActor(
    staffOrderListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input: call }) => {
          queries.push(call.query)
          return answer(call.query)
        }),
      },
      actions: { publishUrl: (_, params) => published.push(params) },
    }),
    { input },
  ).start()
  return { actor, queries, published }
}
type Actor = ReturnType<typeof start>['actor']
const shown = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches('shown'))

describe('staffOrderListMachine', () => {
  it('loads the page the address bar names, with its filters', async () => {
    const { actor, queries } = start(undefined, {
      filter: { ...EMPTY_STAFF_ORDER_FILTER, status: 'ORDER_RECEIVED', q: ' 2026-0001 ' },
      page: 3,
    })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await shown(actor)
    expect(queries).toEqual([{ limit: 25, offset: 50, status: 'ORDER_RECEIVED', q: '2026-0001' }])
    expect(actor.getSnapshot().context.draft.status).toBe('ORDER_RECEIVED')
  })

  it('applies the filters only on apply, from page 1, and writes them into the address bar', async () => {
    const { actor, queries, published } = start((query) =>
      query.customer === 'niemand@example.com' ? emptyOrderListPage : orderListPage,
    )
    await shown(actor)
    actor.send({ type: 'list.goToPage', page: 2 })
    await shown(actor)
    expect(published).toEqual([{ filter: EMPTY_STAFF_ORDER_FILTER, page: 2 }])
    actor.send({ type: 'list.changeFilter', field: 'customer', value: 'niemand@example.com' })
    actor.send({ type: 'list.changeFilter', field: 'paymentStatus', value: 'PAYMENT_PENDING' })
    expect(queries).toHaveLength(2)
    actor.send({ type: 'list.apply' })
    await shown(actor)
    expect(queries[2]).toEqual({
      limit: 25,
      offset: 0,
      paymentStatus: 'PAYMENT_PENDING',
      customer: 'niemand@example.com',
    })
    expect(published[1]).toEqual({
      filter: {
        ...EMPTY_STAFF_ORDER_FILTER,
        customer: 'niemand@example.com',
        paymentStatus: 'PAYMENT_PENDING',
      },
      page: 1,
    })
    expect(actor.getSnapshot().hasTag('empty')).toBe(true)
  })

  it('follows Back: another filter in the address bar loads it, the one on screen does not reload', async () => {
    const { actor, queries } = start()
    await shown(actor)
    actor.send({ type: 'list.urlChanged', filter: EMPTY_STAFF_ORDER_FILTER, page: 1 })
    expect(actor.getSnapshot().matches('shown')).toBe(true)
    actor.send({
      type: 'list.urlChanged',
      filter: { ...EMPTY_STAFF_ORDER_FILTER, to: '2026-11-20' },
      page: 2,
    })
    await shown(actor)
    expect(queries).toEqual([
      { limit: 25, offset: 0 },
      { limit: 25, offset: 25, to: '2026-11-20' },
    ])
    expect(actor.getSnapshot().context.draft.to).toBe('2026-11-20')
  })

  it('refuses a date range that ends before it starts, and pages only within the result', async () => {
    const { actor } = start()
    await shown(actor)
    actor.send({ type: 'list.changeFilter', field: 'from', value: '2026-11-26' })
    actor.send({ type: 'list.changeFilter', field: 'to', value: '2026-11-01' })
    expect(actor.getSnapshot().can({ type: 'list.apply' })).toBe(false)
    // 60 orders at 25 a page: pages 1 to 3.
    expect(actor.getSnapshot().can({ type: 'list.goToPage', page: 3 })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'list.goToPage', page: 4 })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'list.goToPage', page: 1 })).toBe(false)
  })

  it('offers a retry after a failed load', async () => {
    let fail = true
    const actor = createActor(
      staffOrderListMachine.provide({
        actors: {
          loadPage: fromPromise(async () => {
            if (fail) throw Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
            return orderListPage
          }),
        },
      }),
      { input: { filter: EMPTY_STAFF_ORDER_FILTER, page: 1 } },
    ).start()
    await waitFor(actor, (snapshot) => snapshot.hasTag('load-failed'))
    expect(actor.getSnapshot().context.error).toBe('service_unavailable')
    fail = false
    actor.send({ type: 'list.reload' })
    await shown(actor)
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
