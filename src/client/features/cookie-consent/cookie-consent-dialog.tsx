import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import './cookie-consent-dialog.css'

/**
 * Opens the native dialog as a modal once it is in the DOM (the page behind becomes inert) and moves focus to its
 * title, so a screen reader starts reading there and no button is preselected.
 */
function showModal(dialog: HTMLDialogElement | null) {
  if (!dialog || dialog.open) return
  dialog.showModal()
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
}

/**
 * The cookie consent dialog (spec part 2 §2, §4): essential cookies always on, statistics and marketing opt-in,
 * "save", "only necessary" and "accept all"; Escape and the close button close it without deciding anything away
 * (docs/decisions/0091). Reopened with a stored choice it offers to revoke it (clears the choice and reloads).
 */
export function CookieConsentDialog() {
  const { cookieConsent } = useAppActors()
  const { t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const isOpen = useSelector(cookieConsent, (snapshot) => snapshot.hasTag('dialog-open'))
  const draft = useSelector(cookieConsent, (snapshot) => snapshot.context.draft)
  const hasStoredChoice = useSelector(cookieConsent, (snapshot) => snapshot.context.stored !== null)

  if (!isOpen) return null
  return (
    <dialog
      ref={showModal}
      className="cookie-dialog"
      // A prerendered page (decision 0109) shows the dialog in its first paint, before any script runs: open without
      // being modal, placed as the modal is. `stored-choice.js` hides it for a visitor who chose already; the SPA's
      // take-over replaces it with the modal one (decision 0118). Only the server render sets `open`: in the browser
      // `showModal` opens it.
      {...(import.meta.env.SSR ? { open: true, 'data-prerendered': '' } : {})}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      // Escape: the machine decides what closing means, and React removes the dialog when the tag goes. Handled on
      // keydown (which also stops the browser's own cancel) and on cancel (a close request without a key).
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        cookieConsent.send({ type: 'cookies.close' })
      }}
      onCancel={(event) => {
        event.preventDefault()
        cookieConsent.send({ type: 'cookies.close' })
      }}
    >
      <button
        type="button"
        className="cookie-dialog__close"
        aria-label={t`Schließen`}
        onClick={() => cookieConsent.send({ type: 'cookies.close' })}
      >
        <span aria-hidden="true">×</span>
      </button>
      <h2 id={`${id}-title`} className="cookie-dialog__title" tabIndex={-1} data-autofocus>
        <Trans>Cookie-Einstellungen</Trans>
      </h2>
      <p id={`${id}-intro`}>
        <Trans>
          Wir verwenden Cookies, damit unser Shop funktioniert. Mit Ihrer Zustimmung nutzen wir außerdem
          Cookies für Statistik und Marketing. Ihre Auswahl können Sie jederzeit über „Cookie-Einstellungen“
          im Seitenfuß ändern.
        </Trans>{' '}
        <Link to="/{-$locale}/datenschutz" params={{ locale: localeParam(locale) }}>
          <Trans>Mehr in der Datenschutzerklärung</Trans>
        </Link>
      </p>
      <fieldset className="cookie-dialog__choices">
        <legend className="visually-hidden">{t`Cookie-Kategorien`}</legend>
        <div className="cookie-dialog__choice">
          <input
            id={`${id}-essential`}
            type="checkbox"
            checked
            disabled
            aria-describedby={`${id}-essential-hint`}
          />
          <label htmlFor={`${id}-essential`}>
            <Trans>Notwendig</Trans>
          </label>
          <p id={`${id}-essential-hint`} className="cookie-dialog__hint">
            <Trans>Immer aktiv: für Warenkorb, Anmeldung und Ihre Cookie-Auswahl.</Trans>
          </p>
        </div>
        <div className="cookie-dialog__choice">
          <input
            id={`${id}-statistics`}
            type="checkbox"
            checked={draft.statisticCookies}
            aria-describedby={`${id}-statistics-hint`}
            onChange={() => cookieConsent.send({ type: 'cookies.toggleStatistics' })}
          />
          <label htmlFor={`${id}-statistics`}>
            <Trans>Statistik</Trans>
          </label>
          <p id={`${id}-statistics-hint`} className="cookie-dialog__hint">
            <Trans>Helfen uns zu verstehen, wie der Shop genutzt wird.</Trans>
          </p>
        </div>
        <div className="cookie-dialog__choice">
          <input
            id={`${id}-marketing`}
            type="checkbox"
            checked={draft.marketingCookies}
            aria-describedby={`${id}-marketing-hint`}
            onChange={() => cookieConsent.send({ type: 'cookies.toggleMarketing' })}
          />
          <label htmlFor={`${id}-marketing`}>
            <Trans>Marketing</Trans>
          </label>
          <p id={`${id}-marketing-hint`} className="cookie-dialog__hint">
            <Trans>Erlauben uns, Ihnen passende Angebote zu zeigen.</Trans>
          </p>
        </div>
      </fieldset>
      <div className="cookie-dialog__actions">
        <button type="button" className="button" onClick={() => cookieConsent.send({ type: 'cookies.save' })}>
          <Trans>Speichern</Trans>
        </button>
        <button
          type="button"
          className="button"
          onClick={() => cookieConsent.send({ type: 'cookies.onlyNecessary' })}
        >
          <Trans>Nur notwendige</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => cookieConsent.send({ type: 'cookies.acceptAll' })}
        >
          <Trans>Alle akzeptieren</Trans>
        </button>
      </div>
      {hasStoredChoice && (
        <p className="cookie-dialog__revoke">
          <button
            type="button"
            className="link-button"
            onClick={() => cookieConsent.send({ type: 'cookies.revoke' })}
          >
            <Trans>Einwilligung widerrufen</Trans>
          </button>{' '}
          <Trans>Ihre gespeicherte Auswahl wird gelöscht und die Seite neu geladen.</Trans>
        </p>
      )}
    </dialog>
  )
}
