import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { UpdateUserDetailsRequest, UserDetails } from '#shared/contracts/account.contract.ts'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import type { OrderStatus } from '#shared/domain/order-status.ts'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import type { CartCheckout } from '#server/modules/cart/cart.module.ts'
import type { PricedConfigurationSource } from '#server/modules/pricing/pricing.module.ts'
import { createIdempotencyStore } from '#server/modules/orders/idempotency.ts'
import { createOrderAccess } from '#server/modules/orders/order-access.ts'
import { createOrderOutbox, type OrderOutbox } from '#server/modules/orders/order-outbox.ts'
import { createOrderPayments } from '#server/modules/orders/order-payments.ts'
import { createOrderPlacement, type OrderAccounts } from '#server/modules/orders/order-placement.ts'
import type { OrderDocuments, OrderPaymentsPort, PaymentStarter } from '#server/modules/orders/order-ports.ts'
import { createOrderPricedConfigurations } from '#server/modules/orders/order-priced-configurations.repo.ts'
import { createOrderPricing } from '#server/modules/orders/order-pricing.ts'
import { createOrderRepo } from '#server/modules/orders/order.repo.ts'
import { createOrdersRoutes } from '#server/modules/orders/orders.routes.ts'
import { createOrdersService } from '#server/modules/orders/orders.service.ts'
import { createStaffOrdersRepo } from '#server/modules/orders/staff-orders.repo.ts'
import { createStaffOrdersRoutes } from '#server/modules/orders/staff-orders.routes.ts'
import { createStaffOrdersService } from '#server/modules/orders/staff-orders.service.ts'
import type { WallThicknessPictureParams } from '#server/modules/orders/staff-printability-note.ts'

export type {
  OrderDocuments,
  OrderMailKind,
  OrderPaymentsPort,
  OrderStatusMail,
  PaymentStarter,
  PrintabilityNoteMail,
} from '#server/modules/orders/order-ports.ts'
export type { OrderAccounts } from '#server/modules/orders/order-placement.ts'
export type { WallThicknessPictureParams } from '#server/modules/orders/staff-printability-note.ts'

export interface OrdersModuleDeps {
  db: Db
  config: Pick<Config, 'sessionSecret' | 'bankDetails'>
  context: RequestContextResolver
  sessionUser(request: FastifyRequest): Promise<SessionUser | undefined>
  /** The cart module's checkout face. */
  cart: CartCheckout
  /** The shipping module's countries, in a language. */
  countries(locale: Locale): Promise<readonly ShippingCountry[]>
  /** The auth module's account face. */
  accounts: OrderAccounts
  /** The payments module; absent: PayPal is not offered. */
  payments?: PaymentStarter | undefined
  /** The order-documents module; absent: mails wait in the outbox and the PDF answers 503. */
  documents?: OrderDocuments | undefined
  log: Pick<FastifyBaseLogger, 'error'>
  /** Test fault hook (TEST_FAULT=kill-after-order-commit): runs right after a placement's commit. */
  afterCommit?: (() => void) | undefined
  /** The order back office (issue 17): the auth module's staff guard and company verification; absent: no routes. */
  staff?: StaffOrdersAuth | undefined
}

export interface StaffOrdersAuth {
  requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>
  verifyCompany(userId: string): Promise<boolean>
  /** The analysis module's face: an order line's uploaded file (decision 0107); absent: the download answers 404. */
  uploadedFile?(modelFileId: string): Promise<{ path: string; fileName: string } | undefined>
  /**
   * The analysis module's face: a line's wall-thickness picture for the printability note (decision 0107); absent
   * or undefined: the note's mail goes without a picture.
   */
  wallThicknessPicture?(
    modelFileId: string,
    params: WallThicknessPictureParams,
  ): Promise<Uint8Array | undefined>
}

/** What other modules use: payments' port, the staff status change (issue 17), the outbox (start/stop). */
export interface OrdersModuleService extends OrderPaymentsPort {
  changeStatus(orderId: string, to: OrderStatus, by: string, note?: string): Promise<void>
  /** The newest order lines of a print mode: what a price-sheet replay re-prices besides carts (decision 0114). */
  readonly pricedConfigurations: PricedConfigurationSource
}

export interface OrdersModule {
  plugin: FastifyPluginAsync
  service: OrdersModuleService
  outbox: OrderOutbox
}

/** The auth module's account service as the orders module needs it (app.ts hands `auth.account` in). */
export function orderAccountsOf(account: {
  details(userId: string): Promise<UserDetails>
  updateDetails(userId: string, body: UpdateUserDetailsRequest): Promise<UserDetails>
}): OrderAccounts {
  async function details(userId: string): Promise<UserDetails | undefined> {
    try {
      return await account.details(userId)
    } catch {
      // A session whose account is gone: treated as no account.
      return undefined
    }
  }
  return {
    async account(userId) {
      const found = await details(userId)
      return found === undefined
        ? undefined
        : { termsOfPaymentDays: found.termsOfPayment, isVerifiedCompany: found.isVerifiedCompany }
    },
    async saveAddresses(userId, input) {
      const found = await details(userId)
      if (found === undefined) return
      await account.updateDetails(userId, {
        phone: input.phone,
        billingPaymentMethod: found.billingPaymentMethod,
        billingAddress: input.billingAddress,
        shippingAddress: input.shippingAddress,
      })
    },
  }
}

const NO_PAYMENTS: PaymentStarter = {
  available: () => false,
  startPayment: () => Promise.reject(new Error('no payment provider is configured')),
}

/** Checkout and orders (issue 16; decisions 0094, 0095). */
export function createOrdersModule(deps: OrdersModuleDeps): OrdersModule {
  const { db } = deps
  const repo = createOrderRepo(db)
  const access = createOrderAccess(deps.config.sessionSecret)
  const payments = deps.payments ?? NO_PAYMENTS
  const pricing = createOrderPricing({
    repo,
    cart: deps.cart,
    countries: deps.countries,
    paypalAvailable: () => payments.available(),
  })
  // The outbox reads orders through the service below (built after it; called only later).
  const outbox = createOrderOutbox({
    db,
    documents: deps.documents ?? { renderPdf: unavailable, sendOrderMail: unavailable },
    enabled: deps.documents !== undefined,
    orderOf: async (orderId) => (await orders.orderForPayments(orderId))?.order,
    log: deps.log,
  })
  const placement = createOrderPlacement({
    db,
    repo,
    pricing,
    cart: deps.cart,
    accounts: deps.accounts,
    payments,
    access,
    countries: deps.countries,
    wakeOutbox: () => outbox.wake(),
    afterCommit: deps.afterCommit,
    log: deps.log,
  })
  const orderPayments = createOrderPayments({
    db,
    repo,
    readOrder: (orderId) => orders.orderForPayments(orderId),
    wakeOutbox: () => outbox.wake(),
    paypalAvailable: () => payments.available(),
    accounts: {
      termsOfPaymentDays: async (userId) => (await deps.accounts.account(userId))?.termsOfPaymentDays ?? 10,
    },
    answerFor: (row) => placement.answerFor(row),
  })
  const orders = createOrdersService({
    repo,
    access,
    pricing,
    placement,
    payments: orderPayments,
    cart: deps.cart,
    bankDetails: deps.config.bankDetails,
  })
  const routes = createOrdersRoutes({
    orders,
    idempotency: createIdempotencyStore(db),
    context: deps.context,
    sessionUser: deps.sessionUser,
    isVerifiedCompany: async (userId) => (await deps.accounts.account(userId))?.isVerifiedCompany ?? false,
    documents: deps.documents,
  })
  const staffRoutes = deps.staff && staffOrdersRoutes(deps, deps.staff, () => outbox.wake())
  return {
    async plugin(app) {
      // Mails queued before a crash or a restart go out at start-up, then every 30 s and after each commit.
      app.addHook('onReady', async () => outbox.start())
      app.addHook('onClose', async () => outbox.stop())
      await app.register(routes)
      if (staffRoutes !== undefined) await app.register(staffRoutes)
    },
    service: {
      ...orderPayments.port,
      changeStatus: orderPayments.changeStatus,
      pricedConfigurations: createOrderPricedConfigurations(db),
    },
    outbox,
  }
}

/** The back office's routes (issue 17, decision 0105) over the module's own tables. */
function staffOrdersRoutes(deps: OrdersModuleDeps, staff: StaffOrdersAuth, wakeOutbox: () => void) {
  const service = createStaffOrdersService({
    db: deps.db,
    repo: createOrderRepo(deps.db),
    staffRepo: createStaffOrdersRepo(deps.db),
    bankDetails: deps.config.bankDetails,
    wakeOutbox,
    verifyCompany: staff.verifyCompany,
    uploadedFile: (id) => staff.uploadedFile?.(id) ?? Promise.resolve(undefined),
    isVerifiedCompany: async (userId) => (await deps.accounts.account(userId))?.isVerifiedCompany ?? false,
    wallThicknessPicture: (id, params) =>
      staff.wallThicknessPicture?.(id, params) ?? Promise.resolve(undefined),
  })
  return createStaffOrdersRoutes({ staff: service, requireStaff: staff.requireStaff })
}

function unavailable(): Promise<never> {
  return Promise.reject(new Error('the order-documents module is not wired'))
}
