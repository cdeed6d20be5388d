import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { StaffOrderDetailResponse } from '#shared/contracts/staff-orders.contract.ts'
import {
  completedGuestDetail,
  FIRST_LINE_ID,
  noteSentDetail,
  printableDetail,
  receivedDetail,
  verifiedDetail,
  STAFF_CUSTOMER_ID,
  STAFF_ORDER_ID,
} from './staff-order-detail.fixtures.ts'
import { staffOrderDetailMachine } from './staff-order-detail.machine.ts'

const refused = () => Object.assign(new Error('refused'), { code: 'status_change_refused', status: 422 })

function start(detail: StaffOrderDetailResponse = receivedDetail, refuse = false) {
  const calls: unknown[] = []
  const answer = async (call: unknown, next: StaffOrderDetailResponse) => {
    calls.push(call)
    if (refuse) throw refused()
    return next
  }
  const actor = createActor(
    staffOrderDetailMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => detail),
        changeStatus: fromPromise(({ input }) => answer({ status: input }, printableDetail)),
        markPaid: fromPromise(({ input }) => answer({ paid: input }, printableDetail)),
        verifyCompany: fromPromise(({ input }) => answer({ verify: input }, detail)),
        sendPrintabilityNote: fromPromise(async ({ input }) => ({
          ...(await answer({ note: input }, noteSentDetail)),
          pictureAttached: true,
        })),
      },
    }),
    { input: { orderId: STAFF_ORDER_ID } },
  ).start()
  return { actor, calls }
}
type Actor = ReturnType<typeof start>['actor']
const idle = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }))

describe('staffOrderDetailMachine', () => {
  it('changes the status only to an allowed next one, after a confirmation, with the note', async () => {
    const { actor, calls } = start()
    await idle(actor)
    actor.send({ type: 'order.chooseStatus', to: 'IN_PRODUCTION' })
    expect(actor.getSnapshot().can({ type: 'order.requestStatusChange' })).toBe(false)
    actor.send({ type: 'order.chooseStatus', to: 'FILES_PRINTABLE' })
    actor.send({ type: 'order.changeNote', note: 'x'.repeat(1001) })
    expect(actor.getSnapshot().can({ type: 'order.requestStatusChange' })).toBe(false)
    actor.send({ type: 'order.changeNote', note: '  Ihre Dateien sind druckbar.  ' })
    actor.send({ type: 'order.requestStatusChange' })
    expect(actor.getSnapshot().hasTag('confirm-status')).toBe(true)
    expect(calls).toEqual([])
    actor.send({ type: 'order.confirm' })
    await idle(actor)
    expect(calls).toEqual([
      { status: { orderId: STAFF_ORDER_ID, to: 'FILES_PRINTABLE', note: 'Ihre Dateien sind druckbar.' } },
    ])
    const { context } = actor.getSnapshot()
    expect(context.done).toBe('status')
    expect(context.detail?.order.orderStatus).toBe('FILES_PRINTABLE')
    expect([context.target, context.note]).toEqual([null, ''])
  })

  it('keeps the form and names the refusal when the server refuses', async () => {
    const { actor } = start(receivedDetail, true)
    await idle(actor)
    actor.send({ type: 'order.chooseStatus', to: 'ORDER_CANCELLED' })
    actor.send({ type: 'order.requestStatusChange' })
    actor.send({ type: 'order.cancel' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    actor.send({ type: 'order.requestStatusChange' })
    actor.send({ type: 'order.confirm' })
    await idle(actor)
    const { context } = actor.getSnapshot()
    expect(context.failure).toEqual({ action: 'status', code: 'status_change_refused' })
    expect(context.target).toBe('ORDER_CANCELLED')
    expect(context.detail?.order.orderStatus).toBe('ORDER_RECEIVED')
  })

  it('marks a pending transfer paid and verifies a business customer once', async () => {
    const { actor, calls } = start()
    await idle(actor)
    actor.send({ type: 'order.markPaid' })
    await idle(actor)
    expect(actor.getSnapshot().context.detail?.order.paymentStatus).toBe('PAYMENT_RECEIVED')
    expect(actor.getSnapshot().can({ type: 'order.markPaid' })).toBe(false)
    actor.send({ type: 'order.verifyCompany' })
    await idle(actor)
    expect(actor.getSnapshot().context.done).toBe('company')
    expect(actor.getSnapshot().context.detail?.isVerifiedCompany).toBe(true)
    expect(actor.getSnapshot().can({ type: 'order.verifyCompany' })).toBe(false)
    expect(calls).toEqual([{ paid: { orderId: STAFF_ORDER_ID } }, { verify: { userId: STAFF_CUSTOMER_ID } }])
  })

  it('offers no verification when the detail says the company is verified (after a reload)', async () => {
    const { actor } = start(verifiedDetail)
    await idle(actor)
    expect(actor.getSnapshot().can({ type: 'order.verifyCompany' })).toBe(false)
  })

  it('offers nothing on a completed guest order', async () => {
    const { actor } = start(completedGuestDetail)
    await idle(actor)
    const snapshot = actor.getSnapshot()
    expect(snapshot.can({ type: 'order.markPaid' })).toBe(false)
    expect(snapshot.can({ type: 'order.verifyCompany' })).toBe(false)
  })

  it('sends a printability note about a line with a message', async () => {
    const { actor, calls } = start()
    await idle(actor)
    actor.send({ type: 'order.chooseNoteLine', lineId: FIRST_LINE_ID })
    actor.send({ type: 'order.changePrintabilityMessage', message: '   ' })
    expect(actor.getSnapshot().can({ type: 'order.sendPrintabilityNote' })).toBe(false)
    actor.send({ type: 'order.changePrintabilityMessage', message: 'Zu dünn. ' })
    actor.send({ type: 'order.sendPrintabilityNote' })
    await idle(actor)
    expect(calls).toEqual([{ note: { orderId: STAFF_ORDER_ID, lineId: FIRST_LINE_ID, message: 'Zu dünn.' } }])
    expect(actor.getSnapshot().context.done).toBe('printability')
    expect(actor.getSnapshot().context.pictureAttached).toBe(true)
    expect(actor.getSnapshot().context.detail?.history.at(-1)?.kind).toBe('printability_note')
  })

  it('offers a retry after a failed load', async () => {
    let fail = true
    const actor = createActor(
      staffOrderDetailMachine.provide({
        actors: {
          loadOrder: fromPromise(async () => {
            if (fail) throw Object.assign(new Error('gone'), { code: 'not_found', status: 404 })
            return receivedDetail
          }),
        },
      }),
      { input: { orderId: STAFF_ORDER_ID } },
    ).start()
    await waitFor(actor, (snapshot) => snapshot.hasTag('load-failed'))
    expect(actor.getSnapshot().context.error).toBe('not_found')
    fail = false
    actor.send({ type: 'order.reload' })
    await idle(actor)
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
