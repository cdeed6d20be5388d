import { Trans } from '@lingui/react/macro'

export function StaffLoading() {
  return (
    <p className="staff-status" role="status">
      <Trans>Wird geladen …</Trans>
    </p>
  )
}

export function StaffLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="staff-warning" role="alert">
      <p>
        <Trans>Die Daten konnten nicht geladen werden.</Trans>
      </p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        <Trans>Erneut versuchen</Trans>
      </button>
    </div>
  )
}
