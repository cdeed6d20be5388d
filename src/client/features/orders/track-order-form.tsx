import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId } from 'react'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import '#client/common/forms/forms.css'

/**
 * `/track-order` without a query, or with one the legacy endpoint found nothing for: order number and e-mail, sent
 * as the page's query (`?orderNumber=…&email=…`), which the page passes on to the legacy tracking endpoint.
 */
export function TrackOrderForm({ notFound }: { notFound: boolean }) {
  const id = useId()
  const locale = useLocale()
  const navigate = useNavigate()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const value = (name: string) => String(data.get(name) ?? '').trim()
    void navigate({
      to: '/{-$locale}/track-order',
      params: { locale: localeParam(locale) },
      search: { orderNumber: value('orderNumber'), email: value('email') },
    })
  }
  return (
    <form className="form order-track-form" onSubmit={submit}>
      {notFound && (
        <p className="notice notice--warning" role="alert">
          <Trans>Zu dieser Bestellnummer und E-Mail-Adresse haben wir keine Bestellung gefunden.</Trans>
        </p>
      )}
      <p>
        <Trans>Geben Sie Ihre Bestellnummer und die E-Mail-Adresse der Bestellung ein.</Trans>
      </p>
      <div className="field">
        <label htmlFor={`${id}-number`}>
          <Trans>Bestellnummer</Trans>
        </label>
        <input id={`${id}-number`} name="orderNumber" required maxLength={30} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>
          <Trans>E-Mail-Adresse</Trans>
        </label>
        <input id={`${id}-email`} name="email" type="email" required maxLength={254} autoComplete="email" />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary">
          <Trans>Bestellung suchen</Trans>
        </button>
      </div>
    </form>
  )
}
