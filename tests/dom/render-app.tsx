import { I18nProvider } from '@lingui/react'
import { configure, render } from '@testing-library/react'
import { RouterProvider } from '@tanstack/react-router'
import { type ReactNode } from 'react'
import { DEFAULT_LOCALE, type Locale } from '#shared/domain/limits.ts'
import { AppActorsProvider } from '#client/app/app-actors.tsx'
import { activateLocale, i18n } from '#client/i18n/i18n.ts'
import { localizePathname } from '#client/i18n/locales.ts'
import { createFakeAppActors, type FakeAppActorsOptions } from '#client/testing/fake-app-actors.ts'
import { createAppTestRouter, createComponentTestRouter } from '#client/testing/test-routers.tsx'

// Lazy route chunks and catalogs are transformed on first use; leave room for a busy machine running every project.
configure({ asyncUtilTimeout: 4_000 })

export type RenderOptions = FakeAppActorsOptions & {
  locale?: Locale
  /** Without a locale prefix; `locale` adds it. */
  path?: string
}

function mount(
  router: ReturnType<typeof createComponentTestRouter> | ReturnType<typeof createAppTestRouter>,
  actors: ReturnType<typeof createFakeAppActors>['actors'],
) {
  return render(
    <I18nProvider i18n={i18n}>
      <AppActorsProvider actors={actors}>
        <RouterProvider router={router} />
      </AppActorsProvider>
    </I18nProvider>,
  )
}

/** Renders one component with fake app actors, Lingui and a memory router (links and location hooks work). */
export async function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  const locale = options.locale ?? DEFAULT_LOCALE
  await activateLocale(locale)
  const { actors, edges } = createFakeAppActors(options)
  const router = createComponentTestRouter({
    actors,
    path: localizePathname(options.path ?? '/', locale),
    render: () => ui,
  })
  await router.load()
  return { ...mount(router, actors), actors, edges, router }
}

/** Renders the whole app (shell and routes) at a path with fake app actors. */
export async function renderApp(options: RenderOptions = {}) {
  const locale = options.locale ?? DEFAULT_LOCALE
  await activateLocale(locale)
  const { actors, edges } = createFakeAppActors(options)
  const router = createAppTestRouter({ actors, path: localizePathname(options.path ?? '/', locale) })
  await router.load()
  return { ...mount(router, actors), actors, edges, router }
}
