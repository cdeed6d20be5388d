import { Trans } from '@lingui/react/macro'
import './checkout.css'

/** `/redirecting` (spec part 2 §2): shown while the browser leaves for the payment provider. */
export function RedirectingPage() {
  return (
    <section className="checkout-page" aria-labelledby="redirecting-title">
      <h1 id="redirecting-title">
        <Trans>Weiterleitung zum Zahlungsanbieter</Trans>
      </h1>
      <p role="status" className="checkout__redirecting">
        <Trans>Sie werden gleich weitergeleitet …</Trans>
      </p>
    </section>
  )
}
