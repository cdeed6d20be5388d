import { Trans } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useId, useState, useSyncExternalStore } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { type WelcomeNotice, welcomeNoticeOf } from './welcome-notice.ts'
import './notices.css'

function showModal(dialog: HTMLDialogElement | null) {
  if (!dialog || dialog.open) return
  dialog.showModal()
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
}

/** The welcome notice's dialog for one notice; `onClose` when the visitor closes it. */
export function WelcomeDialog({ notice, onClose }: { notice: WelcomeNotice; onClose: () => void }) {
  const id = useId()
  const { amount, code } = notice
  return (
    <dialog
      ref={showModal}
      className="welcome-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={`${id}-title`} className="welcome-dialog__title" tabIndex={-1} data-autofocus>
        <Trans>Willkommen bei Schichtwerk!</Trans>
      </h2>
      <div id={`${id}-text`}>
        <p>
          <Trans>
            Schön, dass Sie als Kundin oder Kunde von Jomatik zu uns gefunden haben. Wir drucken Ihre Teile
            weiterhin in gewohnter Qualität – und schenken Ihnen zum Start {amount} % Rabatt auf Ihre erste
            Bestellung.
          </Trans>
        </p>
        {code !== null && (
          <p>
            <Trans>
              Geben Sie dazu an der Kasse den Gutscheincode{' '}
              <strong className="welcome-dialog__code">{code}</strong> ein.
            </Trans>
          </p>
        )}
      </div>
      <div className="welcome-dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          <Trans>Los geht’s</Trans>
        </button>
      </div>
    </dialog>
  )
}

/**
 * The one-time welcome notice for customers of the former marketplace (spec part 2 §1): opened by the URL hash
 * `#welcome-jomatik` with the discount and the voucher code as parameters, shown until the visitor closes it once
 * (remembered in local storage), never on top of the cookie dialog.
 */
export function WelcomeModal() {
  const { content, cookieConsent } = useAppActors()
  const { notices, welcome } = content
  const request = useLocation({
    select: (location) =>
      notices.welcome ? welcomeNoticeOf(location.hash, location.searchStr, notices.welcomeDefaults) : null,
  })
  const isSeen = useSyncExternalStore(welcome.subscribe, welcome.isSeen, welcome.isSeen)
  const isCookieDialogOpen = useSelector(cookieConsent, (snapshot) => snapshot.hasTag('dialog-open'))
  // Closing hides it at once, even when the browser cannot store that it was seen.
  const [isClosed, setClosed] = useState(false)
  if (request === null || isSeen || isClosed || isCookieDialogOpen) return null
  return (
    <WelcomeDialog
      notice={request}
      onClose={() => {
        setClosed(true)
        welcome.markSeen()
      }}
    />
  )
}
