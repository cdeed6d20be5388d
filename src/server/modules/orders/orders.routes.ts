import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { SessionUser } from '#shared/contracts/auth.contract.ts'
import {
  CHECKOUT_PATH,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  LEGACY_PROFILE_ORDERS_PATH,
  LEGACY_TRACK_ORDER_PATH,
  ORDER_PATH,
  ORDER_PAYMENT_DETAILS_PATH,
  ORDER_PDF_PATH,
  ORDER_PREVIEW_PATH,
  OrderAccessQuerySchema,
  OrderParamsSchema,
  OrderPreviewRequestSchema,
  OrderPreviewResponseSchema,
  OrderResponseSchema,
  ReorderResponseSchema,
  UpdateOrderPaymentRequestSchema,
  USER_ORDERS_PATH,
  UserOrdersResponseSchema,
  VALIDATE_DISCOUNT_PATH,
  ValidateDiscountRequestSchema,
  ValidateDiscountResponseSchema,
} from '#shared/contracts/checkout.contract.ts'
import { attachmentDisposition } from '#shared/contracts/content-disposition.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { RequestContextResolver } from '#server/http/request-context.ts'
import { JSON_CONTENT_TYPE, parseResponse } from '#server/http/respond.ts'
import {
  fingerprintOf,
  type IdempotencyStore,
  parseIdempotencyKey,
} from '#server/modules/orders/idempotency.ts'
import type { OrderDocuments } from '#server/modules/orders/order-ports.ts'
import type { Shopper } from '#server/modules/orders/order-pricing.ts'
import { orderNotFound, type OrdersService, type Viewer } from '#server/modules/orders/orders.service.ts'

/**
 * `/api/checkout/order…` and the two legacy reads (issue 16; checkout.contract.ts). Inputs are strict; a malformed
 * order id is the same 404 as an unknown one. State changes are behind the app's same-origin guard (decision 0076).
 */

export interface OrdersRoutesDeps {
  orders: OrdersService
  idempotency: IdempotencyStore
  context: RequestContextResolver
  sessionUser(request: FastifyRequest): Promise<SessionUser | undefined>
  /** Verified companies count as business customers whatever the request says. */
  isVerifiedCompany(userId: string): Promise<boolean>
  documents: OrderDocuments | undefined
}

/**
 * Tracking by number and e-mail is guessable input: a tight limit per address. Placement keeps the app-wide limit:
 * a retry storm of one cart is answered by the cart's lock and the idempotency key, not refused.
 */
const TRACKING_PER_MINUTE = 10

const TrackOrderQuerySchema = z.object({
  orderNumber: z.string().trim().min(1).max(30),
  email: z.string().trim().min(3).max(254),
})

function orderParams(request: FastifyRequest): { orderId: string } {
  const parsed = OrderParamsSchema.safeParse(request.params)
  if (!parsed.success) throw orderNotFound()
  return parsed.data
}

function sendJson(reply: FastifyReply, status: number, body: string, replayed = false): FastifyReply {
  if (replayed) reply.header('idempotent-replayed', 'true')
  return reply.code(status).type(JSON_CONTENT_TYPE).send(body)
}

/** Who a request speaks for: the shopper placing or previewing an order, the viewer of one, a signed-in user. */
interface RequestIdentity {
  shopperOf(request: FastifyRequest, isBusinessCustomer: boolean): Promise<Shopper>
  viewerOf(request: FastifyRequest): Promise<Viewer>
  signedIn(request: FastifyRequest): Promise<SessionUser>
}

function requestIdentity(deps: OrdersRoutesDeps): RequestIdentity {
  async function shopperOf(request: FastifyRequest, isBusinessCustomer: boolean): Promise<Shopper> {
    const { locale } = await deps.context(request)
    const user = await deps.sessionUser(request)
    const verified = user === undefined ? false : await deps.isVerifiedCompany(user.id)
    return { userId: user?.id ?? null, isBusinessCustomer: isBusinessCustomer || verified, locale }
  }

  async function viewerOf(request: FastifyRequest): Promise<Viewer> {
    const query = OrderAccessQuerySchema.safeParse(request.query)
    const user = await deps.sessionUser(request)
    return { userId: user?.id ?? null, token: query.success ? query.data.access : undefined }
  }

  async function signedIn(request: FastifyRequest): Promise<SessionUser> {
    const user = await deps.sessionUser(request)
    if (user === undefined) throw new AppError(ErrorCode.Unauthorized, 'Sign in first')
    return user
  }

  return { shopperOf, viewerOf, signedIn }
}

function registerPlacement(app: FastifyInstance, deps: OrdersRoutesDeps, who: RequestIdentity): void {
  const { orders } = deps
  app.post(VALIDATE_DISCOUNT_PATH, async (request) => {
    const { code } = ValidateDiscountRequestSchema.parse(request.body)
    const user = await deps.sessionUser(request)
    const discount = await orders.validateDiscount(code, user !== undefined)
    return parseResponse(ValidateDiscountResponseSchema, { discount })
  })

  app.post(ORDER_PREVIEW_PATH, async (request) => {
    const body = OrderPreviewRequestSchema.parse(request.body)
    const shopper = await who.shopperOf(request, body.isBusinessCustomer)
    return parseResponse(OrderPreviewResponseSchema, await orders.preview(body, shopper))
  })

  app.post(CHECKOUT_PATH, async (request, reply) => {
    const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER])
    const body = CheckoutRequestSchema.parse(request.body)
    const shopper = await who.shopperOf(request, body.isBusinessCustomer)
    const scope = shopper.userId === null ? 'guest' : `user:${shopper.userId}`
    const claim = await deps.idempotency.claim(scope, key, fingerprintOf(request.body))
    if (claim.kind === 'replay') return sendJson(reply, claim.answer.status, claim.answer.body, true)
    if (claim.kind === 'busy') {
      // The same body is in flight, or its process died after the commit: a committed order is the answer.
      const existing = await orders.existingOrder(body.cartId)
      if (existing === undefined)
        throw new AppError(ErrorCode.OrderInProgress, 'A request with this Idempotency-Key is still running')
      return sendJson(reply, 200, JSON.stringify(parseResponse(CheckoutResponseSchema, existing)))
    }
    let text: string
    try {
      text = JSON.stringify(parseResponse(CheckoutResponseSchema, await orders.place(body, shopper)))
    } catch (error) {
      // Not cached: a refused or failed request may be sent again with the same key (decision 0094).
      await deps.idempotency.release(scope, key)
      throw error
    }
    await deps.idempotency.complete(scope, key, { status: 200, body: text })
    return sendJson(reply, 200, text)
  })
}

function registerReads(app: FastifyInstance, deps: OrdersRoutesDeps, who: RequestIdentity): void {
  const { orders } = deps
  app.get(USER_ORDERS_PATH, async (request) => {
    const user = await who.signedIn(request)
    return parseResponse(UserOrdersResponseSchema, { orders: await orders.userOrders(user.id) })
  })

  app.get(ORDER_PATH.replace('{orderId}', ':orderId'), async (request) => {
    const { orderId } = orderParams(request)
    return parseResponse(OrderResponseSchema, {
      order: await orders.order(orderId, await who.viewerOf(request)),
    })
  })

  app.get(ORDER_PDF_PATH.replace('{orderId}', ':orderId'), async (request, reply) => {
    const { orderId } = orderParams(request)
    const { order } = await orders.pdfOf(orderId, await who.viewerOf(request))
    if (deps.documents === undefined)
      throw new AppError(ErrorCode.ServiceUnavailable, 'Order documents are not available')
    const pdf = await deps.documents.renderPdf(order)
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(`${order.orderNumber}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf))
  })

  app.get(LEGACY_PROFILE_ORDERS_PATH, async (request) => {
    const user = await who.signedIn(request)
    return parseResponse(UserOrdersResponseSchema, { orders: await orders.userOrders(user.id) })
  })

  app.get(
    LEGACY_TRACK_ORDER_PATH,
    { config: { rateLimit: { max: TRACKING_PER_MINUTE, timeWindow: 60_000 } } },
    async (request) => {
      const parsed = TrackOrderQuerySchema.safeParse(request.query)
      if (!parsed.success) throw orderNotFound()
      const order = await orders.trackOrder(parsed.data.orderNumber, parsed.data.email)
      return parseResponse(OrderResponseSchema, { order })
    },
  )
}

function registerChanges(app: FastifyInstance, deps: OrdersRoutesDeps, who: RequestIdentity): void {
  const { orders } = deps
  app.post(ORDER_PATH.replace('{orderId}', ':orderId'), async (request) => {
    const { orderId } = orderParams(request)
    const user = await who.signedIn(request)
    const shopper = await who.shopperOf(request, user.isBusinessCustomer)
    return parseResponse(ReorderResponseSchema, await orders.reorder(orderId, shopper))
  })

  app.put(ORDER_PAYMENT_DETAILS_PATH.replace('{orderId}', ':orderId'), async (request) => {
    const { orderId } = orderParams(request)
    const body = UpdateOrderPaymentRequestSchema.parse(request.body)
    const answer = await orders.updatePayment(orderId, await who.viewerOf(request), {
      method: body.billingPaymentMethod,
      expectedTotalCents: body.expectedTotalCents,
    })
    return parseResponse(CheckoutResponseSchema, answer)
  })
}

export function createOrdersRoutes(deps: OrdersRoutesDeps): FastifyPluginAsync {
  const who = requestIdentity(deps)
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })
    registerPlacement(app, deps, who)
    registerReads(app, deps, who)
    registerChanges(app, deps, who)
  }
}
