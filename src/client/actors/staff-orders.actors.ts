import { fromPromise } from 'xstate'
import { staffOrderDetailMachine } from '#machines/staff-order-detail/staff-order-detail.machine.ts'
import { staffOrderListMachine } from '#machines/staff-order-list/staff-order-list.machine.ts'
import {
  PrintabilityNoteResponseSchema,
  StaffOrderDetailResponseSchema,
  type StaffOrderListQuery,
  StaffOrderListResponseSchema,
  staffOrderPaths,
  VerifyCompanyResponseSchema,
} from '#shared/contracts/staff-orders.contract.ts'
import { type ApiClient } from '#client/actors/api-client.ts'

/** `/api/staff/orders?…` with the query's set fields. */
export function staffOrderListUrl(query: StaffOrderListQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  return `${staffOrderPaths.list}?${params.toString()}`
}

/** The order back office's machines with their calls (staff-orders.contract.ts, decisions 0105 and 0107). */
export function createStaffOrdersLogic({ api }: { api: ApiClient }) {
  const detail = (path: string, signal: AbortSignal, body?: unknown) =>
    body === undefined
      ? api.get(path, StaffOrderDetailResponseSchema, { signal })
      : api.post(path, body, StaffOrderDetailResponseSchema, { signal })
  return {
    list: staffOrderListMachine.provide({
      actors: {
        loadPage: fromPromise(({ input, signal }) =>
          api.get(staffOrderListUrl(input.query), StaffOrderListResponseSchema, { signal }),
        ),
      },
    }),
    detail: staffOrderDetailMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input, signal }) => detail(staffOrderPaths.one(input.orderId), signal)),
        changeStatus: fromPromise(({ input, signal }) =>
          detail(staffOrderPaths.status(input.orderId), signal, {
            to: input.to,
            ...(input.note === '' ? {} : { note: input.note }),
          }),
        ),
        markPaid: fromPromise(({ input, signal }) =>
          detail(staffOrderPaths.markPaid(input.orderId), signal, {}),
        ),
        verifyCompany: fromPromise(({ input, signal }) =>
          api.post(staffOrderPaths.verifyCompany(input.userId), {}, VerifyCompanyResponseSchema, { signal }),
        ),
        sendPrintabilityNote: fromPromise(({ input, signal }) =>
          api.post(
            staffOrderPaths.printabilityNote(input.orderId),
            { lineId: input.lineId, message: input.message },
            PrintabilityNoteResponseSchema,
            { signal },
          ),
        ),
      },
    }),
  }
}
export type StaffOrdersLogic = ReturnType<typeof createStaffOrdersLogic>
