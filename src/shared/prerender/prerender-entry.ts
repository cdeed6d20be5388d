import { type Locale } from '#shared/domain/limits.ts'

/**
 * The boundary between the server and the SSR bundle (decision 0109). The server never imports client code: it
 * loads the built bundle (`src/client/ssr/entry-server.tsx`, built next to the SPA) by path at runtime and talks to
 * it through these types only.
 */

/** The GET answers a render used, by API path: embedded in the page so the SPA's first render reuses them. */
export type PrerenderResponses = Record<string, unknown>

export type PrerenderInput = {
  /** The page's path and search, e.g. `/en/kontakt`. */
  url: string
  /** The shop's public origin: link previews need an absolute `og:image`. */
  baseUrl: string
  /** Answers the API calls of the render (the CMS reads); any other call never settles. */
  fetch: typeof fetch
}

export type PrerenderedPage = {
  lang: Locale
  /** The document title. */
  title: string
  /** `<meta>` tags for `<head>` (description, Open Graph). */
  meta: { attribute: 'name' | 'property'; key: string; content: string }[]
  /** The markup of `#root`. */
  html: string
  /** Source modules (relative to `src/client`) of lazy route chunks the page shows: their CSS goes into `<head>`. */
  modules: string[]
  responses: PrerenderResponses
}

export type PrerenderEntry = {
  /**
   * The page's HTML, or null when the path is neither a content page (whose page exists) nor the empty cart: the
   * plain SPA then.
   */
  renderPage(input: PrerenderInput): Promise<PrerenderedPage | null>
}

/** The `<script type="application/json">` that carries {@link PrerenderResponses} to the SPA. */
export const PRERENDER_DATA_ELEMENT_ID = 'prerender-data'

/** The SSR bundle's file name inside its folder. */
export const PRERENDER_ENTRY_FILE = 'entry-server.js'
