import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { DEFAULT_LOCALE } from '#shared/domain/limits.ts'
import { type AppActors } from '#client/app/app-actors.tsx'
import { AppShell } from '#client/app/app-shell.tsx'
import { cmsSlugOfPath } from '#client/features/cms/cms-page-slug.ts'
import { activateLocale, loadCatalog } from '#client/i18n/i18n.ts'
import { isPrefixedLocale } from '#client/i18n/locales.ts'
import { validateLoginSearch } from '#client/features/account/return-target.ts'
import { validateOrderPageSearch, validateTrackOrderSearch } from '#client/features/orders/order-search.ts'
// `import type`: an inline `type` import is kept as a side-effect import (verbatimModuleSyntax), which pulled the
// lazy order pages into the entry.
import type { OrderPageComponent } from '#client/features/orders/order-pages.ts'
import { validateConfigureSearch } from '#client/features/configure/configure-history.ts'
import { staffOrderListSearchOf } from '#shared/contracts/staff-orders.contract.ts'
import { type StepTag } from '#client/features/steps-bar/steps-bar.tsx'
import { HomeWithCmsContent } from './home-cms-content.tsx'
import { type PageKey } from './page-titles.ts'

/** What every route can reach: the app-level actors (guards and loaders of later issues use them). */
export type RouterContext = { actors: AppActors }

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Which page a route shows (its title comes from `pageTitles`). */
    page?: PageKey
    /** The steps bar (choose file, print mode, checkout) sits above this page. */
    showStepsBar?: boolean
    /** The step the steps bar marks on this page, whatever the order process says (the checkout pages). */
    stepsBarStep?: StepTag
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
  // The CMS navigation lists follow the page's language.
  loader: ({ context, params, cause }) => {
    if (cause !== 'preload') context.actors.content.setLanguage(params.locale ?? DEFAULT_LOCALE)
  },
})

// CMS pages (issue 6): one lazy chunk with the CMS views and the contact form.
const CmsRoutePage = lazyRouteComponent(() => import('./cms-routes.tsx'), 'CmsRoutePage')
const ContactRoutePage = lazyRouteComponent(() => import('./cms-routes.tsx'), 'ContactRoutePage')

/** A CMS route is entered (not preloaded): its page loads through the CMS page actor (`''` is the start page). */
function openCmsPage(options: {
  context: RouterContext
  params: { locale?: string | undefined }
  location: { pathname: string }
  cause: 'preload' | 'enter' | 'stay'
}) {
  if (options.cause === 'preload') return
  const lang = isPrefixedLocale(options.params.locale) ? options.params.locale : DEFAULT_LOCALE
  options.context.actors.content.page.open(lang, cmsSlugOfPath(options.location.pathname))
}

/** A content page loaded from the CMS by its path (spec part 1 §2 "other paths", part 2 §2 static links). */
function cmsPageRoute<const TPath extends string>(path: TPath, page: PageKey) {
  return createRoute({
    getParentRoute: () => localeRoute,
    path,
    staticData: { page },
    loader: openCmsPage,
    component: CmsRoutePage,
  })
}

/** `/login` (spec part 2 §2, §4): `?returnTo=` is where to go after logging in (a path of this site only). */
const loginRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'login',
  staticData: { page: 'login' },
  validateSearch: validateLoginSearch,
  component: lazyRouteComponent(() => import('#client/features/account/account-pages.tsx'), 'LoginRoutePage'),
})

/** `/account` (login required): the dashboard. */
const accountRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'account',
  staticData: { page: 'account' },
  // The dashboard with the orders feature's history in its slot (features do not import each other).
  component: lazyRouteComponent(() => import('./account-route-page.tsx'), 'AccountWithOrdersRoutePage'),
})

// The order pages (issue 16, decision 0100): one lazy chunk; guests read an order with `?access=`, so no login guard.
const orderPages = () => import('#client/features/orders/order-pages.ts')

/** `/order-details/{orderId}`: a signed-in owner's session reads it, a guest needs `?access=`. */
const orderDetailsRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'order-details/$orderId',
  staticData: { page: 'orderDetails' },
  validateSearch: validateOrderPageSearch,
  component: lazyRouteComponent(orderPages, 'OrderDetailsRoutePage'),
})

function orderPageRoute<const TPath extends string>(
  path: TPath,
  page: PageKey,
  component: OrderPageComponent,
  steps: { showStepsBar?: true; stepsBarStep?: StepTag } = {},
) {
  return createRoute({
    getParentRoute: () => localeRoute,
    path,
    staticData: { page, ...steps },
    validateSearch: validateOrderPageSearch,
    component: lazyRouteComponent(orderPages, component),
  })
}

// The staff workspace (issue 17, decision 0103): a lazy chunk of its own; its pages need login and the staff role.
const staffPages = () => import('./staff-route-pages.tsx')
type StaffPageComponent =
  | 'StaffHomeRoutePage'
  | 'StaffSheetRoutePage'
  | 'StaffAuditLogRoutePage'
  | 'StaffOrdersRoutePage'
  | 'StaffOrderRoutePage'
  | 'StaffCatalogueListRoutePage'
  | 'StaffCatalogueFormRoutePage'

function staffRoute<const TPath extends string>(path: TPath, page: PageKey, component: StaffPageComponent) {
  return createRoute({
    getParentRoute: () => localeRoute,
    path,
    staticData: { page },
    component: lazyRouteComponent(staffPages, component),
  })
}

// The back office's order list keeps its filters in the address bar, so Back returns to the previous list.
const staffOrdersRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'staff/orders',
  staticData: { page: 'staffOrders' },
  validateSearch: staffOrderListSearchOf,
  component: lazyRouteComponent(staffPages, 'StaffOrdersRoutePage'),
})

const homeRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: '/',
  staticData: { page: 'home', showStepsBar: true },
  // The configure sub-step (`?step=`): a history entry per sub-step (issue 14, item 3).
  validateSearch: validateConfigureSearch,
  // Below the upload hero: the CMS start page (part 1 §2).
  loader: openCmsPage,
  component: HomeWithCmsContent,
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

/** The cart (spec part 1 §2): opening it is the cart step of the order process, if the process allows it. */
const cartRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'cart',
  staticData: { page: 'cart', showStepsBar: true },
  onEnter: ({ context }) => {
    const { orderProcess } = context.actors
    if (orderProcess.getSnapshot().can({ type: 'cart.open' })) orderProcess.send({ type: 'cart.open' })
  },
  component: lazyRouteComponent(() => import('#client/features/cart/cart-page.tsx'), 'CartPage'),
})

/** `?bug=1`: the report-a-bug link opens the contact form as a bug report. */
export type ContactSearch = { bug?: 1 }

/**
 * `/kontakt` (spec part 1 §2, part 2 §2): the CMS page with the contact form below it (`#contact-form`); `?bug=1`
 * switches the form to a bug report when the route is entered.
 */
const contactRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'kontakt',
  staticData: { page: 'contact' },
  validateSearch: (search: Record<string, unknown>): ContactSearch =>
    search.bug === 1 || search.bug === '1' || search.bug === true ? { bug: 1 } : {},
  loaderDeps: ({ search }) => ({ bug: search.bug }),
  loader: (options) => {
    openCmsPage(options)
    // Only on entering: a later navigation within the page (an anchor) keeps the mode the visitor chose.
    if (options.cause === 'enter' && options.deps.bug === 1) {
      options.context.actors.content.contactForm.send({ type: 'form.setBugReport', isBugReport: true })
    }
  },
  component: ContactRoutePage,
})

/** The checkout's pages (issue 16): one lazy chunk. */
const checkoutPages = (name: 'PaymentDetailsRoutePage' | 'ReviewOrderRoutePage' | 'RedirectingRoutePage') =>
  lazyRouteComponent(() => import('./checkout-routes.tsx'), name)

/**
 * `/payment-details/{orderId?}` and `/review-order/{orderId?}` (spec part 2 §2): entering opens the checkout at that
 * step (with an order id in existing-order mode; `?quote=1` is the cart's 'Get a quote').
 */
function checkoutRoute(path: string, page: 'paymentDetails' | 'reviewOrder', step: 'details' | 'review') {
  return createRoute({
    getParentRoute: () => localeRoute,
    path,
    // Payment details and review are step 3 'Bestellung abschließen' (spec part 1 §2: 'cart' after configuring).
    staticData: { page, showStepsBar: true, stepsBarStep: 'step-cart' },
    // `?access=`: a guest pays an existing order now (decision 0100), the order is read with the guest's token.
    validateSearch: (search: Record<string, unknown>): { quote?: 1; access?: string } => ({
      ...(search.quote === 1 || search.quote === '1' ? { quote: 1 as const } : {}),
      ...(typeof search.access === 'string' && search.access !== '' ? { access: search.access } : {}),
    }),
    loaderDeps: ({ search }) => ({ quote: search.quote, access: search.access }),
    loader: ({ context, params, deps, cause }) => {
      if (cause === 'preload') return
      const { orderId } = params as { orderId?: string }
      const { checkout } = context.actors
      const snapshot = checkout.getSnapshot()
      // The checkout navigated here itself (Next, edit): it is at that step already.
      const atStep = snapshot.hasTag(step === 'review' ? 'review' : 'payment-details')
      if (atStep && snapshot.context.orderId === (orderId ?? null) && deps.quote !== 1) return
      checkout.send({
        type: 'checkout.open',
        orderId: orderId ?? null,
        step,
        access: deps.access ?? null,
        ...(deps.quote === 1 ? { quote: true } : {}),
      })
    },
    component: checkoutPages(page === 'paymentDetails' ? 'PaymentDetailsRoutePage' : 'ReviewOrderRoutePage'),
  })
}

export const routeTree = rootRoute.addChildren([
  localeRoute.addChildren([
    homeRoute,
    cartRoute,
    loginRoute,
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'register',
      staticData: { page: 'register' },
      component: lazyRouteComponent(
        () => import('#client/features/account/register-page.tsx'),
        'RegisterPage',
      ),
    }),
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'optin/$optinId',
      staticData: { page: 'optin' },
      component: lazyRouteComponent(() => import('#client/features/account/optin-page.tsx'), 'OptinPage'),
    }),
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'reset-password/{-$resetId}',
      staticData: { page: 'resetPassword' },
      component: lazyRouteComponent(
        () => import('#client/features/account/reset-password-page.tsx'),
        'ResetPasswordPage',
      ),
    }),
    accountRoute,
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'password-update',
      staticData: { page: 'passwordUpdate' },
      component: lazyRouteComponent(
        () => import('#client/features/account/password-update-page.tsx'),
        'PasswordUpdatePage',
      ),
    }),
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'mail-update',
      staticData: { page: 'mailUpdate' },
      // `?confirm={code}`: the link of the e-mail change mail.
      validateSearch: (search: Record<string, unknown>): { confirm?: string } =>
        typeof search.confirm === 'string' && search.confirm !== '' ? { confirm: search.confirm } : {},
      component: lazyRouteComponent(
        () => import('#client/features/account/mail-update-page.tsx'),
        'MailUpdatePage',
      ),
    }),
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'profile-update',
      staticData: { page: 'profileUpdate' },
      component: lazyRouteComponent(
        () => import('#client/features/account/profile-update-page.tsx'),
        'ProfileUpdatePage',
      ),
    }),
    orderDetailsRoute,
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'track-order',
      staticData: { page: 'trackOrder' },
      validateSearch: validateTrackOrderSearch,
      component: lazyRouteComponent(orderPages, 'TrackOrderRoutePage'),
    }),
    checkoutRoute('payment-details/{-$orderId}', 'paymentDetails', 'details'),
    checkoutRoute('review-order/{-$orderId}', 'reviewOrder', 'review'),
    // A completed order starts again at step 1 (spec part 1 §2: 'upload' for ... completed), as the order process does.
    orderPageRoute('order-complete/{-$orderId}', 'orderComplete', 'OrderCompleteRoutePage', {
      showStepsBar: true,
      stepsBarStep: 'step-upload',
    }),
    orderPageRoute('quote-generated', 'quoteGenerated', 'QuoteGeneratedRoutePage'),
    orderPageRoute('order-failed', 'orderFailed', 'OrderFailedRoutePage'),
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'redirecting',
      staticData: { page: 'redirecting' },
      component: checkoutPages('RedirectingRoutePage'),
    }),
    // `/checkout` leads into the flow (issue 16): the payment details.
    createRoute({
      getParentRoute: () => localeRoute,
      path: 'checkout',
      staticData: { page: 'checkout' },
      beforeLoad: ({ params }) => {
        throw redirect({ to: '/{-$locale}/payment-details/{-$orderId}', params: { locale: params.locale } })
      },
    }),
    contactRoute,
    cmsPageRoute('datenschutz', 'privacy'),
    cmsPageRoute('produktion/tipps-und-tricks-im-3d-druck', 'designGuidelines'),
    cmsPageRoute('agb-onlineportal', 'terms'),
    cmsPageRoute('zusammen-wachsen', 'growTogether'),
    cmsPageRoute('start', 'start'),
    staffRoute('staff', 'staff', 'StaffHomeRoutePage'),
    staffRoute('staff/print-modes/$printModeId/sheet', 'staffSheet', 'StaffSheetRoutePage'),
    staffRoute('staff/audit-log', 'staffAuditLog', 'StaffAuditLogRoutePage'),
    staffOrdersRoute,
    staffRoute('staff/orders/$orderId', 'staffOrder', 'StaffOrderRoutePage'),
    staffRoute('staff/catalogue/$resource', 'staffCatalogue', 'StaffCatalogueListRoutePage'),
    staffRoute('staff/catalogue/$resource/new', 'staffCatalogueNew', 'StaffCatalogueFormRoutePage'),
    staffRoute('staff/catalogue/$resource/$id', 'staffCatalogueEdit', 'StaffCatalogueFormRoutePage'),
    notAvailableRoute,
    cmsPageRoute('$', 'cmsPage'),
  ]),
])
