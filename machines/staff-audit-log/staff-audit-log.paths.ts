import type { AuditLogResponse } from '#shared/contracts/staff-audit.contract.ts'
import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { DATE_RANGE_FILTER_EVENTS, serializePagedList } from '#machines/paged-list/paged-list.path-parts.ts'
import { auditPage, emptyAuditPage } from './staff-audit-log.fixtures.ts'
import { AUDIT_LOG_START, staffAuditLogMachine } from './staff-audit-log.machine.ts'

const serializeContext = serializePagedList((result: AuditLogResponse) => result.entries.length)

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
    ...(snapshot.matches('shown') ? DATE_RANGE_FILTER_EVENTS : []),
  ],
})
