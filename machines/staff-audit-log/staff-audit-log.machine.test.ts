import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { AuditLogQuery } from '#shared/contracts/staff-audit.contract.ts'
import { auditPage, emptyAuditPage } from './staff-audit-log.fixtures.ts'
import { AUDIT_LOG_START, staffAuditLogMachine } from './staff-audit-log.machine.ts'

const start = (answer: (query: AuditLogQuery) => typeof auditPage = () => auditPage) => {
  const queries: AuditLogQuery[] = []
  const actor = createActor(
    staffAuditLogMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }) => {
          queries.push(input.query)
          return answer(input.query)
        }),
      },
    }),
    { input: AUDIT_LOG_START },
  ).start()
  return { actor, queries }
}
type Actor = ReturnType<typeof start>['actor']
const shown = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches('shown'))

describe('staffAuditLogMachine', () => {
  it('loads the first page without filters', async () => {
    const { actor, queries } = start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await shown(actor)
    expect(actor.getSnapshot().hasTag('list')).toBe(true)
    expect(queries).toEqual([{ page: 1, pageSize: 25 }])
  })

  it('applies the filters only on apply, from page 1, leaving empty ones out', async () => {
    const { actor, queries } = start((query) => (query.actor === 'niemand' ? emptyAuditPage : auditPage))
    await shown(actor)
    actor.send({ type: 'list.goToPage', page: 2 })
    await shown(actor)
    actor.send({ type: 'list.changeFilter', field: 'actor', value: ' niemand ' })
    actor.send({ type: 'list.changeFilter', field: 'from', value: '2026-11-01' })
    expect(queries).toHaveLength(2)
    actor.send({ type: 'list.apply' })
    await shown(actor)
    expect(queries[2]).toEqual({ page: 1, pageSize: 25, actor: 'niemand', from: '2026-11-01' })
    expect(actor.getSnapshot().hasTag('empty')).toBe(true)
  })

  it('refuses a date range that ends before it starts, and pages only within the result', async () => {
    const { actor } = start()
    await shown(actor)
    actor.send({ type: 'list.changeFilter', field: 'from', value: '2026-11-26' })
    actor.send({ type: 'list.changeFilter', field: 'to', value: '2026-11-01' })
    expect(actor.getSnapshot().can({ type: 'list.apply' })).toBe(false)
    // 60 entries at 25 a page: pages 1 to 3.
    expect(actor.getSnapshot().can({ type: 'list.goToPage', page: 3 })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'list.goToPage', page: 4 })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'list.goToPage', page: 1 })).toBe(false)
  })

  it('offers a retry after a failed load', async () => {
    let fail = true
    const actor = createActor(
      staffAuditLogMachine.provide({
        actors: {
          loadPage: fromPromise(async () => {
            if (fail) throw Object.assign(new Error('down'), { code: 'service_unavailable', status: 503 })
            return auditPage
          }),
        },
      }),
      { input: AUDIT_LOG_START },
    ).start()
    await waitFor(actor, (snapshot) => snapshot.hasTag('load-failed'))
    expect(actor.getSnapshot().context.error).toBe('service_unavailable')
    fail = false
    actor.send({ type: 'list.reload' })
    await shown(actor)
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
