import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useEffect, useRef } from 'react'
import { createRoot } from 'react-dom/client'
import { createFilePickerOpener } from '#client/actors/file-picker.ts'
import { createTagManager } from '#client/actors/tag-manager.ts'
import { createXhrUpload } from '#client/actors/xhr-upload.ts'
import { type AppActors, AppActorsProvider } from '#client/app/app-actors.tsx'
import { createAppActors, isOutdatedUserAgent } from '#client/app/create-app-actors.ts'
import { safeReturnTo } from '#client/features/account/return-target.ts'
import { noticesConfig } from '#client/features/notices/notices-config.ts'
import { activateLocale, i18n } from '#client/i18n/i18n.ts'
import {
  isLocale,
  localeFromPathname,
  localeParam,
  localizePathname,
  stripLocalePrefix,
} from '#client/i18n/locales.ts'
import { type AppRouter, createAppRouter } from '#client/router/router.tsx'
import { markTakenOver, readPrerenderedResponses, withPrerenderedResponses } from '#client/ssr/take-over.ts'

const COOKIE_CONSENT_HASH = '#cookie-consent'

/**
 * Starts the SPA: the app actors, the router and the first render, which takes a prerendered page over (decision
 * 0109). Loaded by `main.tsx` after the prerendered page's first paint (decision 0118) and the visitor's first
 * sign of using it (decision 0128); `afterTakeOver` then replays what the visitor did on the prerendered markup.
 */
export async function boot(options: { afterTakeOver?: () => void } = {}): Promise<void> {
  // Lingui renders nothing without an active locale: activate the URL's locale before the first render.
  await activateLocale(localeFromPathname(window.location.pathname))

  // Development only (`vite dev`): Vite replaces both flags with constants, so production builds drop this branch and
  // the inspector code, even when NODE_ENV is not 'production' (which would make DEV true in a build).
  const inspect =
    import.meta.env.DEV && import.meta.env.MODE === 'development'
      ? (await import('#client/dev/inspection.ts')).createDevInspection(window)
      : undefined

  // The actors navigate through the router, which needs the actors in its context: bind it late.
  const late: { router?: AppRouter } = {}
  const currentLocale = () =>
    isLocale(i18n.locale) ? i18n.locale : localeFromPathname(window.location.pathname)
  const goHome = () => {
    void late.router?.navigate({ to: '/{-$locale}', params: { locale: localeParam(currentLocale()) } })
  }
  const isHome = () => stripLocalePrefix(window.location.pathname) === '/'

  // A content page the server prerendered (decision 0109) carries the CMS answers it was made from.
  const prerendered = readPrerenderedResponses(document)
  const prerenderedFetch =
    prerendered === null ? null : withPrerenderedResponses(window.fetch.bind(window), prerendered)

  const actors = createAppActors({
    storage: window.localStorage,
    sessionStorage: window.sessionStorage,
    fetch: prerenderedFetch?.fetch ?? window.fetch.bind(window),
    upload: createXhrUpload(),
    locale: currentLocale,
    onLocaleChange: (listener) => {
      i18n.on('change', listener)
    },
    apiKey: import.meta.env.VITE_API_KEY as string | undefined,
    tagManager: createTagManager(document),
    reloadPage: () => window.location.reload(),
    scrollToTopAndGoHome: () => {
      window.scrollTo({ top: 0 })
      goHome()
    },
    showConfigure: () => {
      // A new file starts on its first sub-step: a `?step=` of an earlier configuration goes (issue 14, item 3).
      if (!isHome() || new URLSearchParams(window.location.search).has('step')) goHome()
    },
    showCart: () => {
      window.scrollTo({ top: 0 })
      void late.router?.navigate({ to: '/{-$locale}/cart', params: { locale: localeParam(currentLocale()) } })
    },
    redirectToLogin: (returnTo) => {
      const safe = safeReturnTo(returnTo)
      const search = safe === undefined ? '' : `?${new URLSearchParams({ returnTo: safe }).toString()}`
      void late.router?.navigate({ href: `${localizePathname('/login', currentLocale())}${search}` })
    },
    showPage: (path) => {
      window.scrollTo({ top: 0 })
      const url = new URL(path, window.location.origin)
      const href = `${localizePathname(url.pathname, currentLocale())}${url.search}${url.hash}`
      void late.router?.navigate({ href })
    },
    currentPath: () => `${window.location.pathname}${window.location.search}`,
    openFilePicker: createFilePickerOpener(document),
    hashRequestsCookieDialog: window.location.hash === COOKIE_CONSENT_HASH,
    // The warning can be switched off (VITE_NOTICE_OUTDATED_BROWSER, docs/configuration.md).
    isOutdatedBrowser: noticesConfig.outdatedBrowser && isOutdatedUserAgent(window.navigator.userAgent),
    ...(inspect ? { inspect } : {}),
  })
  const router = createAppRouter({ context: { actors } })
  late.router = router

  // A link to #cookie-consent opens the dialog while the app runs, too.
  window.addEventListener('hashchange', () => {
    if (window.location.hash === COOKIE_CONSENT_HASH) actors.cookieConsent.send({ type: 'cookies.open' })
  })

  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  if (prerenderedFetch) {
    // Over prerendered markup: the route (its lazy chunk) and its CMS page ready first, so the first commit shows the
    // same page and replaces the server's markup without a loading state in between.
    await router.load()
    await prerenderedFetch.settled()
  }
  renderApp(container, { actors, router }, () => {
    markTakenOver(document)
    options.afterTakeOver?.()
  })
}

/** The first render; `afterFirstCommit` runs once the app's markup is in the page. */
function renderApp(
  container: HTMLElement,
  { actors, router }: { actors: AppActors; router: AppRouter },
  afterFirstCommit: () => void,
): void {
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AppActorsProvider actors={actors}>
          <RouterProvider router={router} />
          <AfterFirstCommit run={afterFirstCommit} />
        </AppActorsProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

/** Runs `run` once, after the commit that first put the app's markup into the page. */
function AfterFirstCommit({ run }: { run: () => void }): null {
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    run()
  }, [run])
  return null
}
