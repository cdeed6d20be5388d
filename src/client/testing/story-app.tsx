import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { type Locale } from '#shared/domain/limits.ts'
import { AppActorsProvider } from '#client/app/app-actors.tsx'
import { stopAppActors } from '#client/app/create-app-actors.ts'
import { i18n } from '#client/i18n/i18n.ts'
import { localizePathname } from '#client/i18n/locales.ts'
import { createFakeAppActors, type FakeAppActorsOptions } from './fake-app-actors.ts'
import { createAppTestRouter, createComponentTestRouter } from './test-routers.tsx'

/** What a story may set in `parameters` to build the app around it (read by `.storybook/preview.tsx`). */
export type AppStoryParameters = {
  /** The fake app actors: the state of each machine, the cart count, a notification. */
  app?: FakeAppActorsOptions
  /** The path the memory router starts at, without a locale prefix (the locale toolbar adds it). */
  path?: string
  /** Render the whole app (shell and matched page) instead of the story's component alone. */
  fullApp?: boolean
}

/** Story globals for a viewport of spec part 1 §9 (`.storybook/preview.tsx` defines them; the story runner too). */
export const onMobile = { globals: { viewport: { value: 'mobile', isRotated: false } } }
export const onTablet = { globals: { viewport: { value: 'tablet', isRotated: false } } }

/**
 * Stories run on fakes: no API call is answered, except the analysis service's files (3D models and pictures),
 * which Storybook serves from `testing/story-assets` (see `.storybook/main.ts`).
 */
const storyFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const isAsset = new URL(url, window.location.href).pathname.startsWith('/api/analytx/files/')
  if (isAsset && (init?.method ?? 'GET') === 'GET') return window.fetch(input, init)
  return new Promise<Response>(() => {})
}

/** Fake app actors, a memory-history router and Lingui around a story (or a test). */
export function StoryApp(props: {
  locale: Locale
  options: FakeAppActorsOptions
  path: string
  fullApp: boolean
  render: () => ReactNode
}) {
  const [actors] = useState(() => createFakeAppActors({ fetch: storyFetch, ...props.options }).actors)
  const [router] = useState(() => {
    const path = localizePathname(props.path, props.locale)
    return props.fullApp
      ? createAppTestRouter({ actors, path })
      : createComponentTestRouter({ actors, path, render: props.render })
  })
  useEffect(() => () => stopAppActors(actors), [actors])
  return (
    <I18nProvider i18n={i18n}>
      <AppActorsProvider actors={actors}>
        <RouterProvider router={router} />
      </AppActorsProvider>
    </I18nProvider>
  )
}
