import type { AuditLogResponse } from '#shared/contracts/staff-audit.contract.ts'

/** Plain data the audit log's paths, tests and stories share. */

export const auditPage: AuditLogResponse = {
  entries: [
    {
      id: '12',
      at: '2026-11-26T08:15:00.000Z',
      actor: { id: 'staff_user_000000000001', username: 'werkstatt' },
      action: 'save_sheet',
      entity: 'print-mode',
      entityId: 'pm_fdm_pla_000000000001',
      details: { version: 3, versionId: 'sheetversion_000000003' },
    },
    {
      id: '11',
      at: '2026-11-25T16:40:00.000Z',
      actor: { id: 'staff_user_000000000001', username: 'werkstatt' },
      action: 'update',
      entity: 'colors',
      entityId: 'color_red_000000000001',
      details: { before: { hex: '#cc0000' }, after: { hex: '#d01010' } },
    },
  ],
  total: 60,
  page: 1,
  pageSize: 25,
}

export const emptyAuditPage: AuditLogResponse = { entries: [], total: 0, page: 1, pageSize: 25 }
