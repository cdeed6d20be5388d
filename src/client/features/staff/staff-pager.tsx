import { Trans, useLingui } from '@lingui/react/macro'

/**
 * The pager under every staff list: back, "page n of m", on. The list's machine owns the page; the pager only asks
 * for a neighbour, so each list keeps its own event (and its own bounds check).
 */
export function StaffPager({
  page,
  pages,
  onPage,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
}) {
  const { t } = useLingui()
  return (
    <nav className="staff-actions" aria-label={t`Seiten`}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Zurück</Trans>
      </button>
      <span>
        <Trans>
          Seite {page} von {pages}
        </Trans>
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Weiter</Trans>
      </button>
    </nav>
  )
}
