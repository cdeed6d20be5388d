import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, useId } from 'react'
import { type CookieChoice } from '#shared/contracts/cookie-choice.contract.ts'
import { type AppActors, useAppActors } from '#client/app/app-actors.tsx'
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

type CookieConsentActor = AppActors['cookieConsent']

/** One cookie category: its checkbox, label and hint, tied together by ids derived from `choiceId`. */
function CookieChoice({
  choiceId,
  checked,
  disabled,
  onChange,
  label,
  hint,
}: {
  choiceId: string
  checked: boolean
  disabled?: boolean
  onChange?: () => void
  label: ReactNode
  hint: ReactNode
}) {
  return (
    <div className="cookie-dialog__choice">
      <input
        id={choiceId}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${choiceId}-hint`}
        onChange={onChange}
      />
      <label htmlFor={choiceId}>{label}</label>
      <p id={`${choiceId}-hint`} className="cookie-dialog__hint">
        {hint}
      </p>
    </div>
  )
}

/** The three categories: essential (always on) and the opt-in statistics and marketing toggles of the draft. */
function CookieChoices({
  id,
  legend,
  draft,
  cookieConsent,
}: {
  id: string
  legend: string
  draft: CookieChoice
  cookieConsent: CookieConsentActor
}) {
  return (
    <fieldset className="cookie-dialog__choices">
      <legend className="visually-hidden">{legend}</legend>
      <CookieChoice
        choiceId={`${id}-essential`}
        checked
        disabled
        label={<Trans>Notwendig</Trans>}
        hint={<Trans>Immer aktiv: für Warenkorb, Anmeldung und Ihre Cookie-Auswahl.</Trans>}
      />
      <CookieChoice
        choiceId={`${id}-statistics`}
        checked={draft.statisticCookies}
        onChange={() => cookieConsent.send({ type: 'cookies.toggleStatistics' })}
        label={<Trans>Statistik</Trans>}
        hint={<Trans>Helfen uns zu verstehen, wie der Shop genutzt wird.</Trans>}
      />
      <CookieChoice
        choiceId={`${id}-marketing`}
        checked={draft.marketingCookies}
        onChange={() => cookieConsent.send({ type: 'cookies.toggleMarketing' })}
        label={<Trans>Marketing</Trans>}
        hint={<Trans>Erlauben uns, Ihnen passende Angebote zu zeigen.</Trans>}
      />
    </fieldset>
  )
}

/** The decisions: save the draft, only necessary, accept all. */
function CookieConsentActions({ cookieConsent }: { cookieConsent: CookieConsentActor }) {
  return (
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
  )
}

/** Revoking a stored choice (shown only when one is stored): clears it and reloads the page. */
function RevokeCookieChoice({ cookieConsent }: { cookieConsent: CookieConsentActor }) {
  return (
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
  )
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
      <CookieChoices id={id} legend={t`Cookie-Kategorien`} draft={draft} cookieConsent={cookieConsent} />
      <CookieConsentActions cookieConsent={cookieConsent} />
      {hasStoredChoice && <RevokeCookieChoice cookieConsent={cookieConsent} />}
    </dialog>
  )
}
