import { Trans } from '@lingui/react/macro'
import { type CheckoutActor } from './payment-details-page.tsx'

/** What both checkout pages show while the checkout loads, and when loading failed (with a retry). */
export function CheckoutLoadState({ mode, actor }: { mode: string; actor: CheckoutActor }) {
  if (mode === 'loading')
    return (
      <p role="status">
        <Trans>Wird geladen …</Trans>
      </p>
    )
  if (mode !== 'failed') return null
  return (
    <div role="alert">
      <p>
        <Trans>
          Hier scheint ein Fehler aufgetreten zu sein. Bitte versuchen Sie es zu einem späteren Zeitpunkt
          erneut.
        </Trans>
      </p>
      <button type="button" className="button" onClick={() => actor.send({ type: 'checkout.retry' })}>
        <Trans>Erneut versuchen</Trans>
      </button>
    </div>
  )
}
