import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { localeParam } from '#client/i18n/locales.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { AccountLinks } from './account-links.tsx'
import { CartLink } from './cart-link.tsx'
import { CustomerTypeSwitch } from './customer-type-switch.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { MainNavigation } from './main-navigation.tsx'
import './site-header.css'

/**
 * The header (spec part 1 §2 Layout): logo, main navigation (a burger menu on mobile and tablet), the upload button
 * on mobile and tablet while no order is ongoing, account links, language and customer-type switches, cart link.
 */
export function SiteHeader() {
  const actors = useAppActors()
  const { orderProcess } = actors
  const upload = useSlot(actors.upload)
  const locale = useLocale()
  const { t } = useLingui()
  const menuId = useId()
  const [isMenuOpen, setMenuOpen] = useState(false)
  const showUpload = useSelector(orderProcess, (snapshot) => snapshot.hasTag('show-header-upload'))

  return (
    <header
      className="site-header"
      // Escape closes the open burger menu and gives the focus back to the burger button (issue 14, item 9).
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !isMenuOpen) return
        setMenuOpen(false)
        event.currentTarget.querySelector<HTMLElement>('.site-header__burger')?.focus()
      }}
    >
      <div className="site-header__bar">
        <Link
          to="/{-$locale}"
          params={{ locale: localeParam(locale) }}
          className="site-header__logo"
          aria-label={t`Schichtwerk – zur Startseite`}
          onClick={() => {
            orderProcess.send({ type: 'order.reset' })
            // A refused or failed upload's message goes too (a running upload is aborted by the reset itself).
            if (upload.getSnapshot().can({ type: 'upload.reset' })) upload.send({ type: 'upload.reset' })
          }}
        >
          <svg className="site-header__logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect x="4" y="20" width="24" height="6" rx="1" />
            <rect x="7" y="12" width="18" height="6" rx="1" />
            <rect x="10" y="4" width="12" height="6" rx="1" />
          </svg>
          <span className="site-header__logo-text">Schichtwerk</span>
        </Link>

        <div className="site-header__quick">
          {showUpload && (
            <button
              type="button"
              className="button button--primary site-header__upload"
              onClick={() => orderProcess.send({ type: 'order.startUpload' })}
            >
              <Trans>3D-Datei hochladen</Trans>
            </button>
          )}
          <CartLink />
          <button
            type="button"
            className="site-header__burger"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="site-header__burger-icon" aria-hidden="true" />
            <span className="visually-hidden">{isMenuOpen ? t`Menü schließen` : t`Menü öffnen`}</span>
          </button>
        </div>
      </div>

      {/* Following a link in the open burger menu closes it. */}
      <div
        id={menuId}
        className="site-header__menu"
        data-open={isMenuOpen}
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false)
        }}
      >
        <MainNavigation />
        <div className="site-header__tools">
          <CustomerTypeSwitch />
          <LanguageSwitch />
          <AccountLinks />
        </div>
      </div>
    </header>
  )
}
