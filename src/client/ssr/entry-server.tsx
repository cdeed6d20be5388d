import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { type CmsPage } from '#shared/contracts/cms.contract.ts'
import {
  type PrerenderEntry,
  type PrerenderedPage,
  type PrerenderInput,
} from '#shared/prerender/prerender-entry.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { AppActorsProvider } from '#client/app/app-actors.tsx'
import { createAppActors, stopAppActors } from '#client/app/create-app-actors.ts'
import { cmsPageMetaTags } from '#client/features/cms/cms-page-head.tsx'
import { WELCOME_SEEN_STORAGE_KEY } from '#client/features/notices/welcome-notice.ts'
import { activateLocale, i18n } from '#client/i18n/i18n.ts'
import { localeFromPathname } from '#client/i18n/locales.ts'
import { pageTitles } from '#client/router/page-titles.ts'
import { createAppRouter } from '#client/router/router.tsx'
import { createRecordingFetch } from './recording-fetch.ts'
import { provideDomParser } from './server-dom-parser.ts'
import { createServerStorage } from './server-storage.ts'

/**
 * The SSR entry (decision 0109): the real app (shell, routes, actors) rendered to a string for the content pages and
 * a first visit's empty cart, so the first paint needs no JavaScript and link previews see each page's title and description. The server loads the
 * built bundle by path and hands in a fetch that answers the CMS reads; every other call never settles, so those
 * parts render as the SPA's first frame shows them (loading).
 */

/** Routes whose content is a CMS page; their lazy chunk's CSS must be in `<head>` before the first paint. */
const CMS_ROUTE_MODULE = 'router/cms-routes.tsx'
/**
 * The SPA itself is a chunk `main.tsx` loads after the first paint (decision 0118): the shell's CSS (header, footer,
 * upload hero) is that chunk's, so every page links it in `<head>`.
 */
const BOOT_MODULE = 'boot.tsx'
/** The cart route's lazy chunk: an empty cart is a page too (its first visit is the same for everyone). */
const CART_ROUTE_MODULE = 'features/cart/cart-page.tsx'

const noop = () => undefined

provideDomParser()

/** Everything the SSR render needs of the browser: nothing is stored, navigated or uploaded. */
function serverActorDeps(input: PrerenderInput, lang: Locale, fetch: typeof globalThis.fetch) {
  // The visitor's storage is unknown here: render as for a first visit without the welcome modal. The cookie dialog
  // is in the markup, so a first visit paints it at once instead of after the SPA's boot, when it would be the
  // page's largest paint (decision 0118); `stored-choice.js` hides it for a visitor who chose already.
  const storage = createServerStorage({ [WELCOME_SEEN_STORAGE_KEY]: 'true' })
  return {
    storage,
    sessionStorage: createServerStorage(),
    fetch,
    upload: () => new Promise<never>(noop),
    locale: () => lang,
    tagManager: { setEnabled: noop, isEnabled: () => false },
    reloadPage: noop,
    scrollToTopAndGoHome: noop,
    showConfigure: noop,
    showCart: noop,
    redirectToLogin: noop,
    showPage: noop,
    currentPath: () => input.url,
    openFilePicker: noop,
    hashRequestsCookieDialog: false,
    isOutdatedBrowser: false,
  }
}

function cmsHeadOf(page: CmsPage, isHome: boolean, baseUrl: string): Pick<PrerenderedPage, 'title' | 'meta'> {
  const meta = cmsPageMetaTags(page, baseUrl)
  if (!isHome) return { title: `${page.meta.title} – Schichtwerk`, meta }
  // The start page is shown below the upload hero: the document keeps the shop's title in the page's language.
  const title = `Schichtwerk – ${i18n._(pageTitles.home)}`
  return {
    title,
    meta: [
      { attribute: 'property', key: 'og:title', content: title },
      ...meta.filter((tag) => tag.key !== 'og:title'),
    ],
  }
}

type AppActors = ReturnType<typeof createAppActors>
type Renderable = { head: () => Pick<PrerenderedPage, 'title' | 'meta'>; modules: string[] }

/**
 * What the server may render at this route, or null (left to the SPA): a content page whose CMS page is there, and
 * the cart as a first visit has it, empty (issue 18: `/cart` is a first page too). A visitor with a stored cart gets
 * the SPA at once, and `stored-choice.js` hides the empty cart's text until it has read the real one.
 */
function renderableOf(pageKey: string | undefined, actors: AppActors, baseUrl: string): Renderable | null {
  if (pageKey === 'cart') {
    const cart = actors.cart.getSnapshot()
    if (!cart.hasTag('ready') || cart.context.items.length > 0) return null
    return {
      head: () => ({
        title: `${i18n._(pageTitles.cart)} – Schichtwerk`,
        // A cart is nobody's search result.
        meta: [{ attribute: 'name', key: 'robots', content: 'noindex' }],
      }),
      modules: [BOOT_MODULE, CART_ROUTE_MODULE],
    }
  }
  const snapshot = actors.content.page.current.get()?.getSnapshot()
  if (pageKey === undefined || !snapshot?.hasTag('loaded') || snapshot.context.page === null) return null
  const page = snapshot.context.page
  const isHome = pageKey === 'home'
  return {
    head: () => cmsHeadOf(page, isHome, baseUrl),
    modules: isHome ? [BOOT_MODULE] : [BOOT_MODULE, CMS_ROUTE_MODULE],
  }
}

async function renderPage(input: PrerenderInput): Promise<PrerenderedPage | null> {
  const url = new URL(input.url, 'http://prerender.invalid')
  // The router serves `/en/` as `/en` (a redirect in memory, which would render nothing): ask for the path it keeps.
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  const lang = localeFromPathname(pathname)
  const recording = createRecordingFetch(input.fetch)
  const actors = createAppActors(serverActorDeps(input, lang, recording.fetch))
  try {
    const router = createAppRouter({
      context: { actors },
      history: createMemoryHistory({ initialEntries: [`${pathname}${url.search}`] }),
    })
    // The router's scroll restoration writes an inline script on the server, which the CSP blocks (no nonce): the
    // SPA restores scroll itself once it runs.
    router.update({ ...router.options, scrollRestoration: false })
    await router.load()
    // renderToString cannot wait: the matched routes' lazy components must be loaded before it runs.
    await Promise.all(
      router.state.matches.map((match) => {
        const component = (
          router.routesById as Record<string, { options: { component?: unknown } } | undefined>
        )[match.routeId]?.options.component as { preload?: () => Promise<void> } | undefined
        return component?.preload?.()
      }),
    )
    await recording.settled()
    // Only pages the server can know: anything else stays the SPA's (its not-found page too).
    const renderable = renderableOf(router.state.matches.at(-1)?.staticData.page, actors, input.baseUrl)
    if (renderable === null) return null
    // Lingui's i18n is one object for every request: activate this page's language right before the synchronous
    // render, with nothing awaited in between, so concurrent renders in other languages cannot interleave.
    await activateLocale(lang)
    i18n.activate(lang)
    const rendered = renderToString(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <AppActorsProvider actors={actors}>
            <RouterProvider router={router} />
          </AppActorsProvider>
        </I18nProvider>
      </StrictMode>,
    )
    // The CSP allows no style attribute in markup (decision 0074): React sets style props through the CSSOM in the
    // browser, which CSP allows, but writes them as `style="…"` here. They only place sticky bars (custom
    // properties); the SPA sets them when it takes over. Text cannot contain ` style="` (React escapes `"` in text).
    const html = rendered.replace(/ style="[^"]*"/g, '')
    // Nothing in the markup may run: the CSP allows only the shop's own script files.
    if (/<script(?![^>]*type="application\/json")/.test(html)) {
      throw new Error(`the server render of ${input.url} wrote an inline script`)
    }
    // A part that threw or suspended is left to the client (`<!--$!-->`): that is a defect, not a page to serve.
    if (html.includes('<!--$!-->')) {
      const reason = /<template data-msg="([^"]*)"/.exec(html)?.[1] ?? ''
      throw new Error(`part of ${input.url} could not be rendered on the server ${reason}`)
    }
    return {
      lang,
      ...renderable.head(),
      html,
      modules: renderable.modules,
      responses: recording.responses(),
    }
  } finally {
    stopAppActors(actors)
  }
}

export const entry: PrerenderEntry = { renderPage }
export default entry
