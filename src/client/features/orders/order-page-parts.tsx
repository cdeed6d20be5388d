import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Navigate } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { orderPdfUrl } from '#client/actors/orders.actors.ts'
import { notificationTexts } from '#client/i18n/notification-texts.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import './orders.css'
import { DownloadLink } from '#client/common/download-link.tsx'

/** An order the visitor may not read (or none with this id): the not-available page, replacing this one. */
export function NotFoundRedirect() {
  const locale = useLocale()
  return (
    <Navigate
      to="/{-$locale}/not-available"
      params={{ locale: localeParam(locale) }}
      search={{ status: 404 }}
      replace
    />
  )
}

export function OrderLoading() {
  return (
    <p className="order-page__status" role="status">
      <Trans>Ihre Bestellung wird geladen …</Trans>
    </p>
  )
}

/** 'Hier scheint ein Fehler aufgetreten zu sein…' (part 2 §8, the generic warning). */
export function GenericWarning({ children }: { children?: ReactNode }) {
  const { i18n } = useLingui()
  const text = notificationTexts['generic-warning']
  return (
    <div className="notice notice--warning" role="alert">
      <div>
        <p className="notice__title">{i18n._(text.title)}</p>
        {text.body && <p>{i18n._(text.body)}</p>}
        {children}
      </div>
    </div>
  )
}

/** Part 2 §8 "Loading an order fails: generic error message", with a retry. */
export function OrderLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <GenericWarning />
      <div className="order-page__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          <Trans>Erneut versuchen</Trans>
        </button>
      </div>
    </>
  )
}

/** The confirmation (or quote) as a PDF, read with the same access as the page. */
export function PdfLink({
  orderId,
  access,
  isQuote,
}: {
  orderId: string
  access: string | null
  isQuote: boolean
}) {
  return (
    <DownloadLink className="button" href={orderPdfUrl(orderId, access)}>
      {isQuote ? (
        <Trans>Angebot als PDF herunterladen</Trans>
      ) : (
        <Trans>Bestellbestätigung als PDF herunterladen</Trans>
      )}
    </DownloadLink>
  )
}

export function HomeLink() {
  const locale = useLocale()
  return (
    <Link to="/{-$locale}" params={{ locale: localeParam(locale) }} className="button">
      <Trans>Zurück zur Startseite</Trans>
    </Link>
  )
}

/** The order's details page, keeping a guest's access token. */
export function OrderDetailsLink({
  orderId,
  access,
  children,
}: {
  orderId: string
  access: string | null
  children: ReactNode
}) {
  const locale = useLocale()
  return (
    <Link
      to="/{-$locale}/order-details/$orderId"
      params={{ locale: localeParam(locale), orderId }}
      search={access === null ? {} : { access }}
      className="button"
    >
      {children}
    </Link>
  )
}

/** A modal dialog (the native `<dialog>`: focus stays inside, Escape closes). */
export function OrderDialog(props: {
  title: ReactNode
  onClose: () => void
  children: ReactNode
  actions: ReactNode
}) {
  const id = useId()
  return (
    <dialog
      ref={(dialog) => {
        if (!dialog || dialog.open) return
        dialog.showModal()
        dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
      }}
      className="order-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      <h2 id={`${id}-title`} tabIndex={-1} data-autofocus>
        {props.title}
      </h2>
      {props.children}
      <div className="order-page__actions">{props.actions}</div>
    </dialog>
  )
}
