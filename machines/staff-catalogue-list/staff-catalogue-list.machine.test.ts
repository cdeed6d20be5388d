import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { abs, conflict, materials, pla } from './staff-catalogue-list.fixtures.ts'
import { staffCatalogueListMachine } from './staff-catalogue-list.machine.ts'

type Change = { id: string; archived: boolean }

const start = (fail = false) => {
  const changes: Change[] = []
  const actor = createActor(
    staffCatalogueListMachine.provide({
      actors: {
        loadItems: fromPromise(async () => materials),
        setArchived: fromPromise(async ({ input }) => {
          changes.push({ id: input.id, archived: input.archived })
          if (fail) throw conflict
        }),
      },
    }),
    { input: { resource: 'materials' } },
  ).start()
  return { actor, changes }
}
type Actor = ReturnType<typeof start>['actor']
const settled = (actor: Actor) =>
  waitFor(actor, (snapshot) => snapshot.hasTag('list') && !snapshot.hasTag('changing'))

describe('staffCatalogueListMachine', () => {
  it('lists archived entities too and archives and restores them', async () => {
    const { actor, changes } = start()
    await settled(actor)
    expect(actor.getSnapshot().context.items.map((item) => item.archived)).toEqual([false, true])
    // Archiving an archived entity or restoring an active one is no change.
    expect(actor.getSnapshot().can({ type: 'list.archive', id: abs.id })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'list.restore', id: pla.id })).toBe(false)
    actor.send({ type: 'list.archive', id: pla.id })
    expect(actor.getSnapshot().context.change).toEqual({ id: pla.id, archived: true })
    await settled(actor)
    actor.send({ type: 'list.restore', id: abs.id })
    await settled(actor)
    expect(changes).toEqual([
      { id: pla.id, archived: true },
      { id: abs.id, archived: false },
    ])
    expect(actor.getSnapshot().context.items.map((item) => item.archived)).toEqual([true, false])
  })

  it('keeps the list and names the refusal when a change fails', async () => {
    const { actor } = start(true)
    await settled(actor)
    actor.send({ type: 'list.archive', id: pla.id })
    await settled(actor)
    expect(actor.getSnapshot().context.changeError).toBe('conflict')
    expect(actor.getSnapshot().context.items).toEqual(materials)
  })
})
