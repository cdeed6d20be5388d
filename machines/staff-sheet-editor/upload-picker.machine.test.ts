import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { StaffUploadListQuery } from '#shared/contracts/staff-sheet.contract.ts'
import { firstPage, lastPage, noUploads } from './upload-picker.fixtures.ts'
import { staffUploadPickerMachine, UPLOAD_PICKER_PAGE_SIZE } from './upload-picker.machine.ts'

const start = (answer: (query: StaffUploadListQuery) => Promise<typeof firstPage>) => {
  const queries: StaffUploadListQuery[] = []
  const actor = createActor(
    staffUploadPickerMachine.provide({
      actors: {
        listUploads: fromPromise(async ({ input }) => {
          queries.push(input)
          return answer(input)
        }),
      },
      delays: { searchDelay: 5 },
    }),
  ).start()
  return { actor, queries }
}
type Actor = ReturnType<typeof start>['actor']
const settled = (actor: Actor) =>
  waitFor(actor, (snapshot) => snapshot.matches({ open: 'shown' }) || snapshot.hasTag('load-failed'))

const pages = async (query: StaffUploadListQuery) =>
  query.query === 'nichts' ? noUploads : (query.offset ?? 0) === 0 ? firstPage : lastPage

describe('staffUploadPickerMachine', () => {
  it('loads nothing until opened, then the newest uploads', async () => {
    const { actor, queries } = start(pages)
    expect(actor.getSnapshot().hasTag('open')).toBe(false)
    expect(queries).toEqual([])
    actor.send({ type: 'picker.open' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await settled(actor)
    expect(actor.getSnapshot().hasTag('list')).toBe(true)
    expect(queries).toEqual([{ query: '', limit: UPLOAD_PICKER_PAGE_SIZE, offset: 0 }])
  })

  it('searches after a pause in typing, from the first page, and says when nothing matches', async () => {
    const { actor, queries } = start(pages)
    actor.send({ type: 'picker.open' })
    await settled(actor)
    actor.send({ type: 'picker.next' })
    await settled(actor)
    actor.send({ type: 'picker.search', query: 'nic' })
    actor.send({ type: 'picker.search', query: ' nichts ' })
    await settled(actor)
    // Two keystrokes, one request, trimmed and from the first page again.
    expect(queries.slice(2)).toEqual([{ query: 'nichts', limit: UPLOAD_PICKER_PAGE_SIZE, offset: 0 }])
    expect(actor.getSnapshot().hasTag('empty')).toBe(true)
  })

  it('pages only within the result', async () => {
    const { actor, queries } = start(pages)
    actor.send({ type: 'picker.open' })
    await settled(actor)
    expect(actor.getSnapshot().can({ type: 'picker.previous' })).toBe(false)
    actor.send({ type: 'picker.next' })
    await settled(actor)
    expect(queries[1]).toMatchObject({ offset: UPLOAD_PICKER_PAGE_SIZE })
    expect(actor.getSnapshot().can({ type: 'picker.next' })).toBe(false)
    actor.send({ type: 'picker.previous' })
    await settled(actor)
    expect(queries[2]).toMatchObject({ offset: 0 })
  })

  it('offers a retry after a failed load and keeps the filter when closed and opened again', async () => {
    let fail = true
    const { actor, queries } = start(async (query) => {
      if (fail) throw new Error('offline')
      return pages(query)
    })
    actor.send({ type: 'picker.open' })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('load-failed')).toBe(true)
    fail = false
    actor.send({ type: 'picker.retry' })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('list')).toBe(true)
    actor.send({ type: 'picker.search', query: 'zahn' })
    await settled(actor)
    actor.send({ type: 'picker.close' })
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    actor.send({ type: 'picker.open' })
    await settled(actor)
    expect(queries.at(-1)).toMatchObject({ query: 'zahn' })
  })
})
