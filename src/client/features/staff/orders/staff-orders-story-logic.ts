import { fromPromise } from 'xstate'
import { staffOrderDetailMachine } from '#machines/staff-order-detail/staff-order-detail.machine.ts'
import { staffOrderListMachine } from '#machines/staff-order-list/staff-order-list.machine.ts'

/** A call that never answers: a story stays in the state it starts in. */
const pending = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}))

/** The back office's machines for stories: every call pending, so each story shows one state. */
export const storyOrderList = staffOrderListMachine.provide({ actors: { loadPage: pending() } })

export const storyOrderDetail = staffOrderDetailMachine.provide({
  actors: {
    loadOrder: pending(),
    changeStatus: pending(),
    markPaid: pending(),
    verifyCompany: pending(),
    sendPrintabilityNote: pending(),
  },
})
