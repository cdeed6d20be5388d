import { resolve } from 'node:path'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { registerJsonCompression } from '#server/http/compress-json.ts'
import {
  createFastify,
  type HttpOptions,
  registerAppSecurityHeaders,
  registerCookiesAndRateLimit,
} from '#server/http/app-plugins.ts'
import { DEFAULT_CLIENT_DIR, registerSpa, registerThumbnails } from '#server/http/static-files.ts'
import {
  type AnalysedObjectRepo,
  type AnalysisModule,
  type AnalysisRunner,
  type AnalysisRunnerHandle,
  createAnalysisModule,
} from '#server/modules/analysis/analysis.module.ts'
import {
  type AuthModule,
  createAuthModule,
  registerSameOriginGuard,
  sessionCookieName,
} from '#server/modules/auth/auth.module.ts'
import { type CartModule, type CartModuleDeps, createCartModule } from '#server/modules/cart/cart.module.ts'
import { type CatalogueModule, createCatalogueModule } from '#server/modules/catalogue/catalogue.module.ts'
import { createContentModule } from '#server/modules/content/content.module.ts'
import { createPrerenderModule, type PrerenderModule } from '#server/modules/prerender/prerender.module.ts'
import { createHealthModule } from '#server/modules/health/health.module.ts'
import type { MailService } from '#server/modules/mail/mail.module.ts'
import { createOpenapiModule } from '#server/modules/openapi/openapi.module.ts'
import {
  createOrdersModule,
  type OrderDocuments,
  type OrdersModule,
  type OrdersModuleDeps,
  orderAccountsOf,
  type PaymentStarter,
} from '#server/modules/orders/orders.module.ts'
import { createOrderDocumentsModule } from '#server/modules/order-documents/order-documents.module.ts'
import { createPaymentsModule, type PaymentsModule } from '#server/modules/payments/payments.module.ts'
import { createPricingModule, type PricingModule } from '#server/modules/pricing/pricing.module.ts'
import { createRetentionModule, type RetentionJob } from '#server/modules/retention/retention.module.ts'
import { createShippingModule, type ShippingModule } from '#server/modules/shipping/shipping.module.ts'
import {
  createWhiteLabelModule,
  type WhiteLabelModule,
} from '#server/modules/white-label/white-label.module.ts'

export { DEFAULT_CLIENT_DIR } from '#server/http/static-files.ts'

/**
 * The composition root (docs/decisions/0081-server-module-shape.md): the shared HTTP plugins, then every module as
 * `{ plugin, service }`, wired to each other through their services. Nothing listens and nothing touches the
 * database until a request arrives; main.ts composes it with the real dependencies, tests with theirs.
 */

export interface AppDeps extends HttpOptions {
  config: Config
  db: Db
  mail: MailService
  /** The built SPA; defaults to dist/client. */
  clientDir?: string
  /** Where pricing reads analysed objects; defaults to the analysis module's (tests pass a double). */
  analysedObjects?: AnalysedObjectRepo
  /**
   * Runs analyses in this process: `own` builds the runner in the analysis module (main.ts); a runner built
   * elsewhere is woken after each upload (tests); absent: tasks wait for another process's poll.
   */
  analysisRunner?: 'own' | AnalysisRunnerHandle
  /** Test doubles of the payments and order-documents modules (issue 16); the real ones by default. */
  payments?: PaymentStarter
  orderDocuments?: OrderDocuments
}

/** What runs beside the HTTP server: main.ts starts it after migrations and stops it on shutdown. */
export interface Server {
  app: FastifyInstance
  /** The analysis runner built with `analysisRunner: 'own'`. */
  analysisRunner?: AnalysisRunner
  retention: RetentionJob
  /** Resolves once the account mails sent after their answers (opt-in, reset, e-mail change) have left. */
  mailsSettled: () => Promise<void>
}

type Log = FastifyInstance['log']

/** A module as the server registers it: its routes as a Fastify plugin. */
interface RoutedModule {
  plugin: FastifyPluginAsync
}

/** Shipping, auth, the catalogue and the white labels served from it: what every later module builds on. */
interface StorefrontModules {
  shipping: ShippingModule
  auth: AuthModule
  catalogue: CatalogueModule
  whiteLabels: WhiteLabelModule
}

/** What the commerce modules use from the storefront and analysis modules. */
interface CommerceDeps {
  log: Log
  context: WhiteLabelModule['context']
  storefront: StorefrontModules
  analysis: AnalysisModule
}

/** The pricing, cart, payments and orders modules, which call each other through their services. */
interface CommerceModules {
  pricing: PricingModule
  cart: CartModule
  payments: PaymentsModule
  orders: OrdersModule
}

/** The shared HTTP plugins, registered before every route. */
async function registerHttpPlumbing(
  app: FastifyInstance,
  config: Config,
  rateLimitPerMinute: number | undefined,
): Promise<void> {
  // Before every route: no module can forget it (decision 0076).
  registerSameOriginGuard(app, new URL(config.publicUrl).origin)
  registerAppSecurityHeaders(app, config)
  registerJsonCompression(app)
  await registerCookiesAndRateLimit(app, config, rateLimitPerMinute)
}

/** Builds shipping, auth, catalogue, then white labels, which shipping and the catalogue reach per request. */
function createStorefrontModules(deps: AppDeps, log: Log): StorefrontModules {
  const { config, db } = deps
  const shipping = createShippingModule({
    db,
    context: (request) => whiteLabels.context(request),
    postalLookupUrl: config.postalLookupUrl,
  })
  const auth = createAuthModule({
    db,
    config,
    // Addresses are checked against the shipping countries, through the shipping module's service.
    accounts: {
      mail: deps.mail,
      countries: async () => (await shipping.service.getCountries('de')).shippingCountries,
      log,
    },
  })
  // The catalogue's routes need the white label of a request, which is read from the catalogue's cache.
  const catalogue = createCatalogueModule({
    db,
    config,
    auth,
    context: (request) => whiteLabels.context(request),
  })
  const whiteLabels = createWhiteLabelModule({ catalogue: catalogue.service })
  return { shipping, auth, catalogue, whiteLabels }
}

/** Builds the analysis module with the runner and analysed-object repo the caller chose, if any. */
function createAnalysis(deps: AppDeps, log: Log): AnalysisModule {
  const { config, db } = deps
  return createAnalysisModule({
    db,
    config,
    log,
    ...(deps.analysisRunner === undefined ? {} : { runner: deps.analysisRunner }),
    ...(deps.analysedObjects === undefined ? {} : { analysedObjects: deps.analysedObjects }),
  })
}

/** The cart's pricing port: the pricing endpoint's own service and the catalogue's print modes and revision. */
function cartPricingOf(pricing: PricingModule, catalogue: CatalogueModule): CartModuleDeps['pricing'] {
  return {
    priceBatch: (whiteLabelId, request) => pricing.service.priceBatch(whiteLabelId, request),
    getPrintModes: (whiteLabelId, locale) => catalogue.service.catalogue.getPrintModes(whiteLabelId, locale),
    catalogueRevision: async () => (await catalogue.service.cache.get()).revision,
  }
}

/** The orders module's staff port: staff checks from auth, uploaded files and pictures from analysis. */
function orderStaffOf(auth: AuthModule, analysis: AnalysisModule): OrdersModuleDeps['staff'] {
  return {
    requireStaff: auth.requireStaff,
    verifyCompany: auth.verifyCompany,
    uploadedFile: (id) => analysis.service.uploadedFile(id),
    wallThicknessPicture: (id, params) => analysis.service.wallThicknessPicture(id, params),
  }
}

/** Builds pricing, cart, payments and orders, in that order; the earlier ones reach the later ones lazily. */
function createCommerceModules(deps: AppDeps, commerce: CommerceDeps): CommerceModules {
  const { config, db } = deps
  const { log, context, analysis } = commerce
  const { shipping, auth, catalogue } = commerce.storefront
  const pricing = createPricingModule({
    db,
    config,
    context,
    auth,
    catalogue: catalogue.service,
    analysis: analysis.service,
    // The cart and the orders are built after pricing (the cart prices through it): the replay reads the open
    // carts' items and the order lines when it runs (decision 0114).
    pricedConfigurations: [
      { recent: (...args) => cart.service.pricedConfigurations.recent(...args) },
      { recent: (...args) => orders.service.pricedConfigurations.recent(...args) },
    ],
  })
  const cart = createCartModule({
    db,
    config,
    context,
    log,
    // The cart prices through the pricing endpoint's own service (one compiled-sheet cache, one analysed-object cache).
    pricing: cartPricingOf(pricing, catalogue),
    models: analysis.service,
  })
  const sessionCookie = sessionCookieName(config.publicUrl.startsWith('https://'))
  // Payments and orders use each other: payments reaches the orders module's port through this forwarder, which
  // is only called while a request runs, after `orders` exists.
  const payments = createPaymentsModule({
    db,
    config,
    log,
    orders: {
      getOrder: (orderId) => orders.service.getOrder(orderId),
      recordPaymentReceived: (orderId, capture) => orders.service.recordPaymentReceived(orderId, capture),
      recordPaymentFailed: (orderId) => orders.service.recordPaymentFailed(orderId),
    },
  })
  const orders = createOrdersModule({
    db,
    config,
    context,
    log,
    sessionUser: (request) => auth.service.authenticate(request.cookies[sessionCookie]),
    cart: cart.checkout,
    countries: async (locale) => (await shipping.service.getCountries(locale)).shippingCountries,
    accounts: orderAccountsOf(auth.account),
    payments: deps.payments ?? payments.service,
    documents: deps.orderDocuments ?? createOrderDocumentsModule({ mail: deps.mail }).service,
    afterCommit:
      config.testFault === 'kill-after-order-commit' ? () => process.kill(process.pid, 'SIGKILL') : undefined,
    staff: orderStaffOf(auth, analysis),
  })
  return { pricing, cart, payments, orders }
}

/** Registers each module's routes, one after the other, in the order given. */
async function registerModules(app: FastifyInstance, modules: readonly RoutedModule[]): Promise<void> {
  for (const module of modules) await app.register(module.plugin)
}

/** Registers the thumbnails, then the SPA with its not-found answers and prerendered content pages. */
async function registerStaticAndSsr(
  app: FastifyInstance,
  thumbnailsDir: string,
  clientDir: string,
  prerender: PrerenderModule,
): Promise<void> {
  await registerThumbnails(app, thumbnailsDir)
  await registerSpa(app, clientDir, (url) => prerender.service.renderPage(url))
}

export async function buildServer(deps: AppDeps): Promise<Server> {
  const { config, db } = deps
  const app = createFastify(config, deps)
  await registerHttpPlumbing(app, config, deps.rateLimitPerMinute)

  const log = app.log
  const storefront = createStorefrontModules(deps, log)
  const { shipping, auth, catalogue } = storefront
  const { context } = storefront.whiteLabels
  const analysis = createAnalysis(deps, log)
  const { pricing, cart, payments, orders } = createCommerceModules(deps, {
    log,
    context,
    storefront,
    analysis,
  })
  const retention = createRetentionModule({
    storage: config.storage,
    carts: cart.service,
    uploads: analysis.service,
    log,
  })
  const content = createContentModule({ db, config, mail: deps.mail, log })
  const clientDir = resolve(deps.clientDir ?? DEFAULT_CLIENT_DIR)
  const prerender = createPrerenderModule({
    clientDir,
    content: content.service,
    publicUrl: config.publicUrl,
    log,
  })
  await registerModules(app, [
    createHealthModule({ db }),
    auth,
    catalogue,
    pricing,
    shipping,
    analysis,
    cart,
    orders,
    payments,
    content,
    createOpenapiModule({ config }),
  ])

  await registerStaticAndSsr(app, config.thumbnailsDir, clientDir, prerender)
  return {
    app,
    retention: retention.service,
    mailsSettled: () => auth.account.mailsSettled(),
    ...(analysis.runner === undefined ? {} : { analysisRunner: analysis.runner }),
  }
}

/** The HTTP application alone (tests, benchmarks). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildServer(deps)).app
}
