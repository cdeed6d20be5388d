import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'

/** The cart link with the item count from the cart machine; hidden while the cart is empty (spec part 1 §2 Layout). */
export function CartLink() {
  const { cart } = useAppActors()
  const { t } = useLingui()
  const locale = useLocale()
  const count = useSelector(cart, (snapshot) => snapshot.context.items.length)
  if (count <= 0) return null
  const label = t({ message: plural(count, { one: '# Objekt', other: '# Objekte' }) })
  return (
    <Link
      to="/{-$locale}/cart"
      params={{ locale: localeParam(locale) }}
      className="cart-link"
      aria-label={t`Warenkorb: ${label}`}
    >
      <svg className="cart-link__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.76L20 8H6.2" />
        <circle cx="9" cy="19" r="1.5" />
        <circle cx="17" cy="19" r="1.5" />
      </svg>
      <span className="cart-link__label">{label}</span>
    </Link>
  )
}
