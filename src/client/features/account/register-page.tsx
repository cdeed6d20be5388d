import { Trans } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { REGISTRATION_FORM_CLEAR_MS } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useIsBusinessCustomer } from '#client/common/price-texts.tsx'
import { type RegisterActor, RegisterForm } from './register-form.tsx'
import { RegisterLoadState } from './register-notices.tsx'
import './register.css'

/** The registration page's content for a register actor in any state: loading, load failed, or the form. */
export function RegisterView({ actor }: { actor: RegisterActor }) {
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('idle'))
  const failed = useSelector(actor, (snapshot) => snapshot.hasTag('load-failed'))
  return (
    <div className="register-page">
      {loading || failed ? (
        <>
          {/* The page keeps its heading while the countries load or after they failed (screen readers, tests). */}
          <h1>
            <Trans>Registrieren</Trans>
          </h1>
          <RegisterLoadState failed={failed} onRetry={() => actor.send({ type: 'form.retry' })} />
        </>
      ) : (
        <RegisterForm actor={actor} />
      )}
    </div>
  )
}

/**
 * `/register` (spec part 2 §2): one register actor while the page is open (leaving the page drops the draft,
 * decision 0089); it follows the customer-type preference, which decides the company and VAT-number rules.
 */
export function RegisterPage() {
  const { registration } = useAppActors()
  const isBusinessCustomer = useIsBusinessCustomer()
  const actor = useActorRef(registration.register, {
    input: { isBusinessCustomer, clearDelayMs: REGISTRATION_FORM_CLEAR_MS },
  })
  useEffect(() => actor.send({ type: 'form.open' }), [actor])
  useEffect(
    () => actor.send({ type: 'form.setBusinessCustomer', isBusinessCustomer }),
    [actor, isBusinessCustomer],
  )
  return <RegisterView actor={actor} />
}
