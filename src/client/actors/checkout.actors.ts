import { type AnyActorRef, assign, fromPromise, waitFor } from 'xstate'
import { checkoutMachine, type PageTarget } from '#machines/checkout/checkout.machine.ts'
import type { CheckoutSetup, PaymentDetailsDraft } from '#machines/checkout/checkout-form.ts'
import { SYSTEM_IDS } from '#machines/order-flow/system-ids.ts'
import { UserDetailsSchema, USER_DETAILS_PATH } from '#shared/contracts/account.contract.ts'
import type { Cart } from '#shared/contracts/cart.contract.ts'
import {
  CHECKOUT_PATH,
  CheckoutResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  ORDER_PAYMENT_DETAILS_PATH,
  ORDER_PREVIEW_PATH,
  OrderPreviewResponseSchema,
  OrderResponseSchema,
  PAYMENT_AVAILABILITY_PATH,
  PAYMENT_DETAILS_STORAGE_KEY,
  PaymentAvailabilitySchema,
} from '#shared/contracts/checkout.contract.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import { type ApiClient } from './api-client.ts'
import { notify, type NotificationsRef } from './notify.ts'
import { ACCESS_PARAM, orderUrl } from './orders.actors.ts'

export type CheckoutDeps = {
  api: ApiClient
  notifications: NotificationsRef
  /** This tab's storage: the payment-details draft survives a reload (not other tabs). */
  tabStorage?: Storage | undefined
  /** A user is logged in (the session's answer). */
  loggedIn: () => boolean
  /** The customer-type preference. */
  isBusinessCustomer: () => boolean
  /** Overrides the server's answer on PayPal (stories, tests); by default the page asks the server. */
  paypalAvailable?: boolean
  /** A page of this site (path without locale prefix, maybe with a search) in the current language. */
  showPage: (path: string) => void
  /** Leaves the shop for the payment provider's approval page (default: `location.assign`). */
  leaveFor?: (url: string) => void
  /** A fresh idempotency key per placement attempt. */
  newKey?: () => string
}

/** A draft kept by this tab, if it still has the shape the form holds (an older build's draft is dropped). */
function readDraft(storage: Storage | undefined): PaymentDetailsDraft | null {
  try {
    const raw = storage?.getItem(PAYMENT_DETAILS_STORAGE_KEY)
    if (!raw) return null
    const draft = JSON.parse(raw) as Partial<PaymentDetailsDraft> | null
    const ok =
      typeof draft?.email === 'string' &&
      typeof draft.billing?.countryId === 'string' &&
      typeof draft.shipping?.countryId === 'string' &&
      typeof draft.paymentMethod === 'string'
    return ok ? (draft as PaymentDetailsDraft) : null
  } catch {
    return null
  }
}

/** The cart as the order flow's cart child has it once it has loaded (a reload on the checkout waits for it). */
async function cartOf(system: { get(id: string): AnyActorRef | undefined }): Promise<Cart | null> {
  const cart = system.get(SYSTEM_IDS.cart)
  if (!cart) return null
  const snapshot = await waitFor(
    cart,
    (s: { hasTag(tag: string): boolean }) => s.hasTag('ready') || s.hasTag('error'),
  )
  const context = (snapshot as { context: { cartId: string | null; items: Cart['items'] } }).context
  return context.cartId === null ? null : { _id: context.cartId, items: context.items }
}

/** Whether PayPal is configured on the server; without it placement would be refused (part 2 §4). */
async function paypalOffered(deps: CheckoutDeps, signal: AbortSignal): Promise<boolean> {
  if (deps.paypalAvailable !== undefined) return deps.paypalAvailable
  const answer = await deps.api.get(PAYMENT_AVAILABILITY_PATH, PaymentAvailabilitySchema, { signal })
  return answer.paypal
}

/** A checkout page, for an existing order with its id and a guest's access token (decision 0100). */
const pathWithOrder = (page: string, target: PageTarget) =>
  target.orderId === null
    ? `/${page}`
    : `/${page}/${encodeURIComponent(target.orderId)}${accessSearch(target.access)}`

const accessSearch = (access: string | null) =>
  access === null ? '' : `?${new URLSearchParams({ [ACCESS_PARAM]: access }).toString()}`

const orderPage = (page: string, params: { orderId: string; accessToken: string }) =>
  `/${page}/${encodeURIComponent(params.orderId)}?${new URLSearchParams({ access: params.accessToken }).toString()}`

/** The checkout's real edges: countries, account, cart, draft and existing order; preview and placement calls. */
export function createCheckoutActors(deps: CheckoutDeps) {
  const { api } = deps
  return checkoutMachine.provide({
    actors: {
      loadCheckout: fromPromise(async ({ input, system, signal }): Promise<CheckoutSetup> => {
        const [countries, user, cart, order, paypalAvailable] = await Promise.all([
          api.get(SHIPPING_COUNTRIES_PATH, GetShippingCountriesResponseSchema, { signal }),
          deps.loggedIn() ? api.get(USER_DETAILS_PATH, UserDetailsSchema, { signal }) : Promise.resolve(null),
          cartOf(system),
          input.orderId === null
            ? Promise.resolve(null)
            : api.get(orderUrl(input.orderId, input.access), OrderResponseSchema, { signal }),
          paypalOffered(deps, signal),
        ])
        const items = cart?.items ?? []
        return {
          countries: countries.shippingCountries,
          user,
          isBusinessCustomer: deps.isBusinessCustomer(),
          cartId: cart?._id ?? null,
          itemCount: items.length,
          hasDrawings: items.some((item) => item.attachments.length > 0),
          paypalAvailable,
          savedDraft: readDraft(deps.tabStorage),
          order: order?.order ?? null,
        }
      }),
      loadPreview: fromPromise(({ input, signal }) =>
        api.post(ORDER_PREVIEW_PATH, input.request, OrderPreviewResponseSchema, { signal }),
      ),
      placeOrder: fromPromise(({ input, signal }) =>
        input.kind === 'new'
          ? api.post(CHECKOUT_PATH, input.request, CheckoutResponseSchema, {
              signal,
              headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
            })
          : api.put(
              `${ORDER_PAYMENT_DETAILS_PATH.replace('{orderId}', encodeURIComponent(input.orderId))}${accessSearch(input.access)}`,
              input.request,
              CheckoutResponseSchema,
              { signal },
            ),
      ),
    },
    actions: {
      storeDraft: (_, params) =>
        deps.tabStorage?.setItem(PAYMENT_DETAILS_STORAGE_KEY, JSON.stringify(params.draft)),
      clearDraft: () => deps.tabStorage?.removeItem(PAYMENT_DETAILS_STORAGE_KEY),
      showPaymentDetails: (_, params) => deps.showPage(pathWithOrder('payment-details', params)),
      showReview: (_, params) => deps.showPage(pathWithOrder('review-order', params)),
      showLogin: (_, params) =>
        deps.showPage(`/login?${new URLSearchParams({ returnTo: params.returnTo }).toString()}`),
      showOrderComplete: (_, params) => deps.showPage(orderPage('order-complete', params)),
      showQuoteGenerated: (_, params) =>
        deps.showPage(
          `/quote-generated?${new URLSearchParams({ orderId: params.orderId, access: params.accessToken }).toString()}`,
        ),
      showOrderFailed: () => deps.showPage('/order-failed'),
      goToProvider: (_, params) => {
        deps.showPage('/redirecting')
        const leave = deps.leaveFor ?? ((url: string) => window.location.assign(url))
        leave(params.approveUrl)
      },
      notifyFailed: () => notify(deps.notifications, 'generic-warning'),
      newIdempotencyKey: assign(({ context }) => ({
        idempotencyKey: (deps.newKey ?? (() => crypto.randomUUID()))(),
        attempts: context.attempts + 1,
      })),
    },
  })
}
