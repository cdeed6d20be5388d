import { createRootRouteWithContext, createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { z } from 'zod'
import { DEFAULT_LOCALE } from '#shared/domain/limits.ts'
import { type AppActors } from '#client/app/app-actors.tsx'
import { AppShell } from '#client/app/app-shell.tsx'
import { HomePage } from '#client/features/home/home-page.tsx'
import { activateLocale, loadCatalog } from '#client/i18n/i18n.ts'
import { isPrefixedLocale } from '#client/i18n/locales.ts'
import { type PageKey } from './page-titles.ts'

/** What every route can reach: the app-level actors (guards and loaders of later issues use them). */
export type RouterContext = { actors: AppActors }

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Which page a route shows (its title comes from `pageTitles`). */
    page?: PageKey
    /** The steps bar (choose file, print mode, checkout) sits above this page. */
    showStepsBar?: boolean
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: AppShell })

/**
 * The optional locale prefix: German has none, English and French live under `/en` and `/fr`. A first segment
 * that is no locale does not match here (parse returns false), so `/kontakt` is never read as a locale.
 */
export const localeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '{-$locale}',
  params: {
    parse: (raw) =>
      raw.locale === undefined || isPrefixedLocale(raw.locale) ? { locale: raw.locale } : false,
    stringify: (params) => ({ locale: params.locale }),
  },
  // Activating before the matched page renders keeps every text of a page in one language.
  beforeLoad: ({ params, preload }) =>
    preload ? loadCatalog(params.locale ?? DEFAULT_LOCALE) : activateLocale(params.locale ?? DEFAULT_LOCALE),
})

// Pages that later issues build: one lazy chunk for all of them until then.
const PlaceholderPage = lazyRouteComponent(() => import('./placeholder-page.tsx'), 'PlaceholderPage')
const CmsPlaceholderPage = lazyRouteComponent(() => import('./placeholder-page.tsx'), 'CmsPlaceholderPage')

function placeholderRoute<const TPath extends string>(path: TPath, page: PageKey, showStepsBar = false) {
  return createRoute({
    getParentRoute: () => localeRoute,
    path,
    staticData: { page, showStepsBar },
    component: PlaceholderPage,
  })
}

const homeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: '/',
  staticData: { page: 'home', showStepsBar: true },
  component: HomePage,
})

/** `status` picks the wording: 4xx (moved or gone) or 5xx (server could not process). */
export const NotAvailableSearchSchema = z.object({
  status: z.coerce.number().int().min(400).max(599).optional().catch(undefined),
})
export type NotAvailableSearch = z.infer<typeof NotAvailableSearchSchema>

const notAvailableRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'not-available',
  staticData: { page: 'notAvailable' },
  validateSearch: NotAvailableSearchSchema,
  component: lazyRouteComponent(
    () => import('#client/features/not-available/not-available-page.tsx'),
    'NotAvailableRoutePage',
  ),
})

const cmsRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: '$',
  staticData: { page: 'cmsPage' },
  component: CmsPlaceholderPage,
})

export const routeTree = rootRoute.addChildren([
  localeRoute.addChildren([
    homeRoute,
    placeholderRoute('cart', 'cart', true),
    placeholderRoute('login', 'login'),
    placeholderRoute('register', 'register'),
    placeholderRoute('optin/$optinId', 'optin'),
    placeholderRoute('reset-password/{-$resetId}', 'resetPassword'),
    placeholderRoute('account', 'account'),
    placeholderRoute('password-update', 'passwordUpdate'),
    placeholderRoute('mail-update', 'mailUpdate'),
    placeholderRoute('profile-update', 'profileUpdate'),
    placeholderRoute('order-details/$orderId', 'orderDetails'),
    placeholderRoute('track-order', 'trackOrder'),
    placeholderRoute('payment-details/{-$orderId}', 'paymentDetails'),
    placeholderRoute('review-order/{-$orderId}', 'reviewOrder'),
    placeholderRoute('order-complete/{-$orderId}', 'orderComplete'),
    placeholderRoute('quote-generated', 'quoteGenerated'),
    placeholderRoute('order-failed', 'orderFailed'),
    placeholderRoute('redirecting', 'redirecting'),
    placeholderRoute('checkout', 'checkout'),
    placeholderRoute('kontakt', 'contact'),
    placeholderRoute('datenschutz', 'privacy'),
    placeholderRoute('produktion/tipps-und-tricks-im-3d-druck', 'designGuidelines'),
    placeholderRoute('agb-onlineportal', 'terms'),
    placeholderRoute('zusammen-wachsen', 'growTogether'),
    placeholderRoute('start', 'start'),
    notAvailableRoute,
    cmsRoute,
  ]),
])
