import { assign, fromPromise, setup } from 'xstate'
import type { AuditLogQuery, AuditLogResponse } from '#shared/contracts/staff-audit.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

/** The filters as the form holds them: empty means "any". */
export type AuditFilter = { actor: string; entity: string; from: string; to: string }
export type AuditFilterField = keyof AuditFilter

export type Context = {
  /** What the form shows; applied only on `audit.apply`. */
  draft: AuditFilter
  /** The filter of the page on screen. */
  applied: AuditFilter
  page: number
  result: AuditLogResponse | null
  error: ErrorCode | null
}

export type Event =
  | { type: 'audit.changeFilter'; field: AuditFilterField; value: string }
  | { type: 'audit.apply' }
  | { type: 'audit.reset' }
  | { type: 'audit.goToPage'; page: number }
  | { type: 'audit.reload' }

export const STAFF_AUDIT_LOG_TAGS = ['loading', 'load-failed', 'list', 'empty'] as const
export type StaffAuditLogTag = (typeof STAFF_AUDIT_LOG_TAGS)[number]

export const EMPTY_AUDIT_FILTER: AuditFilter = { actor: '', entity: '', from: '', to: '' }
export const AUDIT_PAGE_SIZE = 25

/** The request of the page to load: the applied filter without its empty fields. */
export function auditQueryOf(context: Pick<Context, 'applied' | 'page'>): AuditLogQuery {
  const query: AuditLogQuery = { page: context.page, pageSize: AUDIT_PAGE_SIZE }
  for (const field of Object.keys(context.applied) as AuditFilterField[]) {
    const value = context.applied[field].trim()
    if (value !== '') query[field] = value
  }
  return query
}

/** The number of pages of the result on screen (at least 1). */
export function pageCountOf(result: AuditLogResponse | null): number {
  return result === null ? 1 : Math.max(1, Math.ceil(result.total / result.pageSize))
}

/** A date range whose end lies before its start finds nothing: the form refuses it. */
export const isRangeValid = (filter: AuditFilter): boolean =>
  filter.from === '' || filter.to === '' || filter.from <= filter.to

/**
 * The audit log viewer of the staff workspace (issue 17 "Security and audit": who, when, what, before → after,
 * with filters; spec part 2 §6 staff role): loads a page, filters by actor, entity and date range, pages.
 */
export const staffAuditLogMachine = setup({
  types: { context: {} as Context, events: {} as Event, tags: {} as StaffAuditLogTag },
  actors: {
    /** Client: `GET /api/staff/audit-log?…`. */
    loadAuditLog: fromPromise<AuditLogResponse, { query: AuditLogQuery }>(async () => {
      throw new Error('staffAuditLog: loadAuditLog is not provided')
    }),
  },
  actions: {
    setResult: assign((_, params: { result: AuditLogResponse }) => ({ result: params.result, error: null })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    setDraftField: assign(({ context }, params: { field: AuditFilterField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
    })),
    applyDraft: assign(({ context }) => ({ applied: context.draft, page: 1 })),
    resetFilter: assign({ draft: EMPTY_AUDIT_FILTER, applied: EMPTY_AUDIT_FILTER, page: 1 }),
    setPage: assign((_, params: { page: number }) => ({ page: params.page })),
  },
  guards: {
    isValidDraft: ({ context }) => isRangeValid(context.draft),
    isOtherPage: ({ context, event }) =>
      event.type === 'audit.goToPage' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= pageCountOf(context.result),
    isEmpty: ({ context }) => context.result?.entries.length === 0,
  },
}).createMachine({
  id: 'staffAuditLog',
  initial: 'loading',
  context: { draft: EMPTY_AUDIT_FILTER, applied: EMPTY_AUDIT_FILTER, page: 1, result: null, error: null },
  on: {
    'audit.changeFilter': {
      actions: { type: 'setDraftField', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadAuditLog',
        src: 'loadAuditLog',
        input: ({ context }) => ({ query: auditQueryOf(context) }),
        onDone: {
          target: 'shown',
          actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'audit.reload': 'loading' },
    },
    shown: {
      initial: 'deciding',
      on: {
        'audit.apply': { guard: 'isValidDraft', target: 'loading', actions: 'applyDraft' },
        'audit.reset': { target: 'loading', actions: 'resetFilter' },
        'audit.goToPage': {
          guard: 'isOtherPage',
          target: 'loading',
          actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
        },
        'audit.reload': 'loading',
      },
      states: {
        deciding: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'list' }] },
        empty: { tags: 'empty' },
        list: { tags: 'list' },
      },
    },
  },
})
