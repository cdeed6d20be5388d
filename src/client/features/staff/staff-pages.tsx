import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useState } from 'react'
import { type StaffPrintMode } from '#shared/contracts/staff-catalogue.contract.ts'
import { AUDIT_LOG_START } from '#machines/staff-audit-log/staff-audit-log.machine.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { createStaffLogic, type StaffLogic } from '#client/actors/staff.actors.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { AuditLogView } from './audit-log-view.tsx'
import { SheetEditorView } from './sheet-editor-view.tsx'
import { StaffLoadFailed, StaffLoading } from './staff-status.tsx'
import '#client/common/forms/forms.css'
import './staff.css'

/**
 * A signed-in customer is no staff member: the workspace is "not available" to them (decision 0103). A visitor
 * meets RequireLogin first and goes to /login.
 */
function RequireStaffRole({ children }: { children: ReactNode }) {
  const { session } = useAppActors()
  const role = useSelector(session, (snapshot) => snapshot.context.user?.role)
  const locale = useLocale()
  const navigate = useNavigate()
  const refused = role !== undefined && role !== 'staff'
  useEffect(() => {
    if (!refused) return
    void navigate({
      to: '/{-$locale}/not-available',
      params: { locale: localeParam(locale) },
      search: { status: 403 },
      replace: true,
    })
  }, [refused, locale, navigate])
  return role === 'staff' ? children : null
}

function StaffNav() {
  const { t } = useLingui()
  const params = { locale: localeParam(useLocale()) }
  return (
    <nav className="staff-nav" aria-label={t`Mitarbeiterbereich`}>
      <Link to="/{-$locale}/staff" params={params} activeOptions={{ exact: true }}>
        <Trans>Preistabellen</Trans>
      </Link>
      <Link to="/{-$locale}/staff/catalogue/$resource" params={{ ...params, resource: 'print-modes' }}>
        <Trans>Katalog</Trans>
      </Link>
      <Link to="/{-$locale}/staff/audit-log" params={params}>
        <Trans>Änderungsprotokoll</Trans>
      </Link>
      <Link to="/{-$locale}/staff/orders" params={params}>
        <Trans>Bestellungen</Trans>
      </Link>
    </nav>
  )
}

/**
 * The staff role, the workspace's logic on the app's API client, and the workspace navigation. The router wraps
 * each page in the login guard (router/staff-route-pages.tsx).
 */
export function StaffWorkspace({ children }: { children: (logic: StaffLogic) => ReactNode }) {
  return (
    <RequireStaffRole>
      <StaffNav />
      <StaffLogicProvider>{children}</StaffLogicProvider>
    </RequireStaffRole>
  )
}

function StaffLogicProvider({ children }: { children: (logic: StaffLogic) => ReactNode }) {
  const { api, notifications } = useAppActors()
  const [logic] = useState(() => createStaffLogic({ api, notifications }))
  return children(logic)
}

type PrintModeList = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; modes: StaffPrintMode[] }

function PrintModeSheets({ logic }: { logic: StaffLogic }) {
  const { i18n } = useLingui()
  const params = { locale: localeParam(useLocale()) }
  const [list, setList] = useState<PrintModeList>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    logic.listPrintModes(controller.signal).then(
      (answer) => setList({ state: 'loaded', modes: answer.printModes }),
      () => controller.signal.aborted || setList({ state: 'failed' }),
    )
    return () => controller.abort()
  }, [logic, attempt])
  return (
    <section className="staff-page" aria-labelledby="staff-home-title">
      <h1 id="staff-home-title">
        <Trans>Preistabellen der Druckverfahren</Trans>
      </h1>
      {list.state === 'loading' && <StaffLoading />}
      {list.state === 'failed' && <StaffLoadFailed onRetry={() => setAttempt((n) => n + 1)} />}
      {list.state === 'loaded' && (
        <ul className="staff-list">
          {list.modes.map((mode) => (
            <li key={mode.id}>
              <Link
                to="/{-$locale}/staff/print-modes/$printModeId/sheet"
                params={{ ...params, printModeId: mode.id }}
              >
                {mode.name[i18n.locale as 'de'] ?? mode.name.de}
              </Link>
              {mode.archived && (
                <span>
                  {' '}
                  <Trans>(archiviert)</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function SheetEditorFor({ logic, printModeId }: { logic: StaffLogic; printModeId: string }) {
  const actor = useActorRef(logic.sheetEditor, { input: { printModeId } })
  const picker = useActorRef(logic.uploadPicker)
  return <SheetEditorView actor={actor} picker={picker} title={printModeId} />
}

function AuditLogFor({ logic }: { logic: StaffLogic }) {
  const actor = useActorRef(logic.auditLog, { input: AUDIT_LOG_START })
  return <AuditLogView actor={actor} />
}

/** `/staff`: the print modes whose price sheets staff edit. */
export function StaffHomePage() {
  return <StaffWorkspace>{(logic) => <PrintModeSheets logic={logic} />}</StaffWorkspace>
}

/** `/staff/print-modes/{id}/sheet`: the price-sheet editor of one print mode (default white label). */
export function StaffSheetPage() {
  const { printModeId } = useParams({ strict: false }) as { printModeId?: string }
  return (
    <StaffWorkspace>
      {(logic) => <SheetEditorFor key={printModeId} logic={logic} printModeId={printModeId ?? ''} />}
    </StaffWorkspace>
  )
}

/** `/staff/audit-log`: who changed what, with filters. */
export function StaffAuditLogPage() {
  return <StaffWorkspace>{(logic) => <AuditLogFor logic={logic} />}</StaffWorkspace>
}
