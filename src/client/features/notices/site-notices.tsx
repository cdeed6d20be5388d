import { Trans, useLingui } from '@lingui/react/macro'
import { useMatches } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { SUPPLIER_CHANGE_DATE } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useLocale } from '#client/i18n/use-locale.ts'
import { browserFamilyOf, isHolidayNoticeDue, type UploadNoticeBrowser } from './notices-config.ts'
import './notices.css'

/** A date as the visitor's language writes it (`13. Januar 2025`, `January 13, 2025`). */
function useLongDate(): (isoDate: string) => string {
  const locale = useLocale()
  return (isoDate) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${isoDate}T00:00:00Z`))
}

/** A notice in the page that the visitor can close for the rest of the visit. */
function DismissibleNotice(props: { kind: 'info' | 'warning'; title: string; children: ReactNode }) {
  const { t } = useLingui()
  const [isClosed, setClosed] = useState(false)
  if (isClosed) return null
  return (
    <div className={`notice notice--${props.kind} site-notice`} role="note" aria-label={props.title}>
      <div>
        <p className="notice__title">{props.title}</p>
        <p>{props.children}</p>
      </div>
      <button
        type="button"
        className="notice__close"
        aria-label={t`Hinweis schließen`}
        onClick={() => setClosed(true)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

/** The holiday-leave info message (spec part 1 §2): the workshop is closed from … to …. */
export function HolidayLeaveNotice({ from, until }: { from: string; until: string }) {
  const { t } = useLingui()
  const longDate = useLongDate()
  const start = longDate(from)
  const end = longDate(until)
  return (
    <DismissibleNotice kind="info" title={t`Betriebsurlaub`}>
      <Trans>
        Vom {start} bis {end} ist unsere Werkstatt geschlossen. Bestellungen nehmen wir weiterhin an; wir
        fertigen und versenden sie nach unserer Rückkehr.
      </Trans>
    </DismissibleNotice>
  )
}

/** The supplier change to one legal entity from 13 January 2025 (spec part 2 §1, §9). */
export function SupplierChangeNotice() {
  const { t } = useLingui()
  const longDate = useLongDate()
  const date = longDate(SUPPLIER_CHANGE_DATE)
  return (
    <DismissibleNotice kind="info" title={t`Neuer Vertragspartner`}>
      <Trans>
        Ab dem {date} ist die Schichtwerk GmbH Ihr Vertragspartner für alle Bestellungen. Für Sie ändert sich
        nichts: Kundenkonto, Bestellungen und Ansprechpartner bleiben dieselben.
      </Trans>
    </DismissibleNotice>
  )
}

const BROWSER_NAMES = {
  safari: 'Safari',
  firefox: 'Firefox',
  chrome: 'Chrome',
  edge: 'Edge',
} as const satisfies Record<UploadNoticeBrowser, string>

/** Uploads have difficulties in one browser (spec part 2 §1): shown to visitors using it, on the home page. */
export function UploadDifficultiesNotice({ browser }: { browser: UploadNoticeBrowser }) {
  const { t } = useLingui()
  const name = BROWSER_NAMES[browser]
  return (
    <DismissibleNotice kind="warning" title={t`Probleme beim Hochladen mit ${name}`}>
      <Trans>
        Mit {name} kann das Hochladen von 3D-Dateien gerade fehlschlagen. Wir arbeiten an einer Lösung. Bitte
        verwenden Sie bis dahin einen anderen Browser.
      </Trans>
    </DismissibleNotice>
  )
}

/** The notices the configuration switches on (`VITE_NOTICE_*`, docs/configuration.md), above the page. */
export function SiteNotices(props: { userAgent?: string; now?: Date }) {
  const { t } = useLingui()
  const { content } = useAppActors()
  const { notices } = content
  const isHome = useMatches({
    select: (matches) => matches.some((match) => match.staticData.page === 'home'),
  })
  const userAgent = props.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent)
  const showHoliday = isHolidayNoticeDue(notices.holidayLeave, props.now ?? new Date())
  const showUpload =
    isHome && notices.uploadDifficulties !== null && browserFamilyOf(userAgent) === notices.uploadDifficulties
  if (!showHoliday && !notices.supplierChange && !showUpload) return null
  return (
    <aside className="site-notices" aria-label={t`Hinweise`}>
      {showHoliday && notices.holidayLeave && <HolidayLeaveNotice {...notices.holidayLeave} />}
      {notices.supplierChange && <SupplierChangeNotice />}
      {showUpload && notices.uploadDifficulties && (
        <UploadDifficultiesNotice browser={notices.uploadDifficulties} />
      )}
    </aside>
  )
}
