import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { auditPage, emptyAuditPage } from './staff-audit-log.fixtures.ts'
import { AUDIT_LOG_START, type Context, staffAuditLogMachine } from './staff-audit-log.machine.ts'

/** Filters count only as "set" or "not", so editing them does not grow the graph. */
const serializeContext = (context: Context) => ({
  draft: Object.values(context.draft).map((value) => value !== ''),
  rangeValid: context.draft.from === '' || context.draft.to === '' || context.draft.from <= context.draft.to,
  applied: Object.values(context.applied).map((value) => value !== ''),
  page: context.page,
  result: context.result?.entries.length ?? null,
  error: context.error,
})

/** Load (failure and retry), a page or an empty result, paging (not past the last page). */
export const staffAuditLogPathModel = definePathModel({
  machine: staffAuditLogMachine,
  input: AUDIT_LOG_START,
  serializeContext,
  events: [
    doneEvent('loadPage', auditPage),
    doneEvent('loadPage', emptyAuditPage),
    errorEvent('loadPage'),
    { type: 'list.reload' },
    { type: 'list.goToPage', page: 2 },
    { type: 'list.goToPage', page: 9 },
  ],
})

/** Filters: a reversed date range is refused, a valid one applied, a reset clears them. */
export const staffAuditLogFilterPathModel = definePathModel({
  machine: staffAuditLogMachine,
  input: AUDIT_LOG_START,
  serializeContext,
  events: (snapshot) => [
    doneEvent('loadPage', auditPage),
    ...(snapshot.matches('shown')
      ? ([
          { type: 'list.changeFilter', field: 'from', value: '2026-11-26' },
          { type: 'list.changeFilter', field: 'to', value: '2026-11-01' },
          { type: 'list.changeFilter', field: 'to', value: '' },
          { type: 'list.apply' },
          { type: 'list.reset' },
        ] as const)
      : []),
  ],
})
