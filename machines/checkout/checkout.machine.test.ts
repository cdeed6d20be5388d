import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { CheckoutResponse, OrderPreviewResponse } from '#shared/contracts/checkout.contract.ts'
import {
  AT_ID,
  belowMinimumPreview,
  checkoutDiscount,
  drawingsSetup,
  existingPaypalSetup,
  existingQuoteSetup,
  filledGuestSetup,
  foreignGuestSetup,
  guestSetup,
  memberSetup,
  ORDER_ID,
  placedOrder,
  placedPaypal,
  previewResponse,
} from './checkout.fixtures.ts'
import {
  type CheckoutSetup,
  formHint,
  formIssues,
  paymentOptions,
  selectedPaymentMethod,
} from './checkout-form.ts'
import { checkoutMachine, type PlaceOrderInput } from './checkout.machine.ts'

type Answer<T> = () => Promise<T>

const start = (
  setup: CheckoutSetup,
  options: { place?: Answer<CheckoutResponse>[]; preview?: Answer<OrderPreviewResponse>[] } = {},
) => {
  const placed: PlaceOrderInput[] = []
  const previews: unknown[] = []
  const loads: { orderId: string | null; access: string | null }[] = []
  const place = [...(options.place ?? [])]
  const preview = [...(options.preview ?? [])]
  const actions = {
    showLogin: vi.fn(),
    showReview: vi.fn(),
    showOrderComplete: vi.fn(),
    showOrderFailed: vi.fn(),
    goToProvider: vi.fn(),
    notifyFailed: vi.fn(),
    storeDraft: vi.fn(),
    clearDraft: vi.fn(),
  }
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        loadCheckout: fromPromise(async ({ input }) => {
          loads.push(input)
          return setup
        }),
        loadPreview: fromPromise(async ({ input }) => {
          previews.push(input.request)
          return (preview.shift() ?? (async () => previewResponse))()
        }),
        placeOrder: fromPromise(async ({ input }) => {
          placed.push(input)
          return (place.shift() ?? (async () => placedOrder))()
        }),
      },
      actions: {
        showLogin: (_, params) => actions.showLogin(params),
        showReview: (_, params) => actions.showReview(params),
        showOrderComplete: (_, params) => actions.showOrderComplete(params),
        showOrderFailed: () => actions.showOrderFailed(),
        goToProvider: (_, params) => actions.goToProvider(params),
        notifyFailed: () => actions.notifyFailed(),
        storeDraft: (_, params) => actions.storeDraft(params),
        clearDraft: () => actions.clearDraft(),
      },
    }),
  ).start()
  return { actor, placed, previews, loads, actions }
}

type Actor = ReturnType<typeof start>['actor']
const settled = (actor: Actor, tag: Parameters<ReturnType<Actor['getSnapshot']>['hasTag']>[0]) =>
  waitFor(actor, (snapshot) => snapshot.hasTag(tag))

async function toReview(actor: Actor) {
  actor.send({ type: 'checkout.open', orderId: null, step: 'details' })
  await settled(actor, 'payment-details')
  actor.send({ type: 'checkout.next' })
  await waitFor(actor, (snapshot) => snapshot.matches({ active: { review: 'ready' } }))
}

describe('checkoutMachine: payment details', () => {
  it('shows every method, the refused ones with their reason, and forces prepaid for a foreign customer', async () => {
    const { actor } = start(foreignGuestSetup)
    actor.send({ type: 'checkout.open', orderId: null, step: 'details' })
    await settled(actor, 'payment-details')
    const context = actor.getSnapshot().context
    expect(paymentOptions(context)).toEqual([
      { method: 'prepaid', refusal: null },
      { method: 'paypal', refusal: null },
      { method: 'billing', refusal: 'login_required' },
      { method: 'quote', refusal: 'login_required' },
    ])
    actor.send({ type: 'checkout.choosePaymentMethod', method: 'billing' })
    expect(selectedPaymentMethod(actor.getSnapshot().context)).toBe('prepaid')
  })

  it('labels invoice "only for customers from Germany" for a member abroad; drawings leave only the quote', async () => {
    const { actor } = start(memberSetup)
    actor.send({ type: 'checkout.open', orderId: null, step: 'details' })
    await settled(actor, 'payment-details')
    actor.send({ type: 'checkout.changeAddress', part: 'billing', field: 'countryId', value: AT_ID })
    expect(paymentOptions(actor.getSnapshot().context)).toContainEqual({
      method: 'billing',
      refusal: 'only_germany',
    })

    const withDrawings = start(drawingsSetup).actor
    withDrawings.send({ type: 'checkout.open', orderId: null, step: 'details' })
    await settled(withDrawings, 'payment-details')
    const context = withDrawings.getSnapshot().context
    expect(
      paymentOptions(context)
        .filter((option) => option.refusal === 'drawings_attached')
        .map((o) => o.method),
    ).toEqual(['prepaid', 'paypal', 'billing'])
    expect(selectedPaymentMethod(context)).toBe('quote')
  })

  it('does not show PayPal when it is not configured', async () => {
    const { actor } = start({ ...guestSetup, paypalAvailable: false })
    actor.send({ type: 'checkout.open', orderId: null, step: 'details' })
    await settled(actor, 'payment-details')
    expect(paymentOptions(actor.getSnapshot().context).map((option) => option.method)).not.toContain('paypal')
  })

  it('keeps Next from going on with a hint, shows every issue on a refused Next, and stores each change', async () => {
    const { actor, actions } = start(guestSetup)
    actor.send({ type: 'checkout.open', orderId: null, step: 'details' })
    await settled(actor, 'payment-details')
    expect(formHint(actor.getSnapshot().context)).toBe('required_missing')
    actor.send({ type: 'checkout.next' })
    expect(actor.getSnapshot().hasTag('payment-details')).toBe(true)
    expect(actor.getSnapshot().context.showIssues).toBe(true)
    expect(formIssues(actor.getSnapshot().context).billing.firstname).toBe('required')

    const fill = {
      firstname: 'Max',
      lastname: 'Muster',
      street: 'Ring 2',
      postalCode: '5066',
      city: 'Köln',
    } as const
    for (const [field, value] of Object.entries(fill))
      actor.send({
        type: 'checkout.changeAddress',
        part: 'billing',
        field: field as keyof typeof fill,
        value,
      })
    actor.send({ type: 'checkout.changeCustomer', field: 'email', value: 'max@example' })
    expect(actor.getSnapshot().context.showIssues).toBe(false)
    expect(formHint(actor.getSnapshot().context)).toBe('fields_invalid')
    expect(formIssues(actor.getSnapshot().context).billing.postalCode).toBe('invalid_postal_code')
    actor.send({ type: 'checkout.changeAddress', part: 'billing', field: 'postalCode', value: '50667' })
    actor.send({ type: 'checkout.changeCustomer', field: 'email', value: 'max@example.com' })
    expect(formHint(actor.getSnapshot().context)).toBeNull()
    expect(actions.storeDraft).toHaveBeenLastCalledWith({
      draft: expect.objectContaining({ email: 'max@example.com' }),
    })
  })

  it('sends a guest who asks for a quote to the login, returning to the payment details', async () => {
    const { actor, actions } = start(guestSetup)
    actor.send({ type: 'checkout.open', orderId: null, step: 'details', quote: true })
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(actions.showLogin).toHaveBeenCalledWith({ returnTo: '/payment-details?quote=1' })
  })

  it("preselects the quote for a member's 'Get a quote' and prefills the account's data", async () => {
    const { actor } = start(memberSetup)
    actor.send({ type: 'checkout.open', orderId: null, step: 'details', quote: true })
    await settled(actor, 'payment-details')
    const context = actor.getSnapshot().context
    expect(selectedPaymentMethod(context)).toBe('quote')
    expect(context.draft.billing.firstname).toBe('Erika')
    expect(formHint(context)).toBeNull()
  })
})

describe('checkoutMachine: review and placing', () => {
  it('loads the preview with the discount id and places with one key; a retry after no answer reuses it', async () => {
    const { actor, placed, previews } = start(filledGuestSetup, {
      place: [async () => Promise.reject(new Error('network down')), async () => placedOrder],
    })
    actor.send({ type: 'checkout.discountChanged', discount: checkoutDiscount })
    await toReview(actor)
    expect(previews[0]).toMatchObject({ discountId: checkoutDiscount._id, cartId: filledGuestSetup.cartId })
    expect(actor.getSnapshot().can({ type: 'checkout.place' })).toBe(false) // terms first
    actor.send({ type: 'checkout.setTerms', accepted: true })
    actor.send({ type: 'checkout.place' })
    await waitFor(actor, (snapshot) => snapshot.context.notice === 'place_retry')
    actor.send({ type: 'checkout.place' })
    await settled(actor, 'complete')
    expect(placed).toHaveLength(2)
    const [first, second] = placed
    expect(first?.kind === 'new' && first.idempotencyKey).toBeTruthy()
    expect(second).toEqual(first)
    expect(first).toMatchObject({ request: { expectedTotalCents: previewResponse.amounts.total.totalCents } })
  })

  it('uses a new key for the next order and after a changed order', async () => {
    const { actor, placed } = start(filledGuestSetup)
    await toReview(actor)
    actor.send({ type: 'checkout.setTerms', accepted: true })
    actor.send({ type: 'checkout.place' })
    await settled(actor, 'complete')
    await toReview(actor)
    actor.send({ type: 'checkout.setTerms', accepted: true })
    actor.send({ type: 'checkout.place' })
    await settled(actor, 'complete')
    const keys = placed.map((input) => (input.kind === 'new' ? input.idempotencyKey : null))
    expect(new Set(keys).size).toBe(2)
  })

  it('goes back to the review with the new totals and a message on 409 cart_changed', async () => {
    const { actor, placed } = start(filledGuestSetup, {
      place: [async () => Promise.reject({ code: 'cart_changed', status: 409 })],
      preview: [async () => previewResponse, async () => belowMinimumPreview],
    })
    await toReview(actor)
    actor.send({ type: 'checkout.setTerms', accepted: true })
    actor.send({ type: 'checkout.place' })
    await waitFor(
      actor,
      (snapshot) => snapshot.matches({ active: { review: 'ready' } }) && placed.length === 1,
    )
    const context = actor.getSnapshot().context
    expect(context.notice).toBe('cart_changed')
    expect(context.preview?.amounts.belowMinimum).toBe(true)
    expect(context.idempotencyKey).toBeNull()
  })

  it('fails to /order-failed with the generic warning on a refusal', async () => {
    const { actor, actions } = start(filledGuestSetup, {
      place: [async () => Promise.reject({ code: 'payment_failed', status: 422 })],
    })
    await toReview(actor)
    actor.send({ type: 'checkout.setTerms', accepted: true })
    actor.send({ type: 'checkout.place' })
    await settled(actor, 'failed')
    expect(actions.notifyFailed).toHaveBeenCalledOnce()
    expect(actions.showOrderFailed).toHaveBeenCalledOnce()
  })

  it('leaves for the provider with PayPal and forgets the draft', async () => {
    const { actor, actions } = start(filledGuestSetup, { place: [async () => placedPaypal] })
    await toReview(actor)
    actor.send({ type: 'checkout.setTerms', accepted: true })
    actor.send({ type: 'checkout.place' })
    await settled(actor, 'redirecting')
    expect(actions.goToProvider).toHaveBeenCalledWith({ approveUrl: placedPaypal.payment?.approveUrl })
    expect(actions.clearDraft).toHaveBeenCalledOnce()
  })

  it('tells the order flow that the order was placed', async () => {
    const flow = vi.fn()
    const { actor } = start(filledGuestSetup)
    const system = actor.system as unknown as { get: (id: string) => unknown }
    const get = system.get.bind(system)
    vi.spyOn(system, 'get').mockImplementation((id) => (id === 'orderFlow' ? { send: flow } : get(id)))
    await toReview(actor)
    actor.send({ type: 'checkout.setTerms', accepted: true })
    actor.send({ type: 'checkout.place' })
    await settled(actor, 'complete')
    expect(flow).toHaveBeenCalledWith({ type: 'checkout.completed', orderId: ORDER_ID })
  })
})

describe('checkoutMachine: existing-order mode', () => {
  it('shows a quote read-only with prepaid preselected, terms locked, and updates the order', async () => {
    const { actor, placed, previews } = start(existingQuoteSetup)
    actor.send({ type: 'checkout.open', orderId: ORDER_ID, step: 'details' })
    await settled(actor, 'read-only')
    const snapshot = actor.getSnapshot()
    expect(selectedPaymentMethod(snapshot.context)).toBe('prepaid')
    expect(paymentOptions(snapshot.context).map((option) => option.method)).not.toContain('quote')
    expect(snapshot.can({ type: 'checkout.changeCustomer', field: 'email', value: 'x@example.com' })).toBe(
      false,
    )
    actor.send({ type: 'checkout.next' })
    await waitFor(actor, (s) => s.matches({ active: { review: 'ready' } }))
    expect(actor.getSnapshot().context.termsAccepted).toBe(true)
    expect(actor.getSnapshot().can({ type: 'checkout.setTerms', accepted: false })).toBe(false)
    actor.send({ type: 'checkout.place' })
    await settled(actor, 'complete')
    expect(previews).toEqual([])
    expect(placed[0]).toEqual({
      kind: 'existing',
      orderId: ORDER_ID,
      access: null,
      request: { billingPaymentMethod: 'prepaid', termsAccepted: true, expectedTotalCents: 5700 },
    })
  })

  it("keeps a guest's access token: the order is read, shown and updated with it (pay now, decision 0100)", async () => {
    const { actor, placed, loads, actions } = start(existingPaypalSetup)
    actor.send({ type: 'checkout.open', orderId: ORDER_ID, step: 'details', access: 'guest-token' })
    await settled(actor, 'read-only')
    expect(loads).toEqual([{ orderId: ORDER_ID, access: 'guest-token' }])
    actor.send({ type: 'checkout.next' })
    expect(actions.showReview).toHaveBeenCalledWith({ orderId: ORDER_ID, access: 'guest-token' })
    await waitFor(actor, (s) => s.matches({ active: { review: 'ready' } }))
    actor.send({ type: 'checkout.place' })
    await waitFor(actor, () => placed.length === 1)
    expect(placed[0]).toMatchObject({ kind: 'existing', orderId: ORDER_ID, access: 'guest-token' })
  })

  it('drops an access token for the cart checkout (no order to read with it)', async () => {
    const { actor, loads } = start(guestSetup)
    actor.send({ type: 'checkout.open', orderId: null, step: 'details', access: 'stray' })
    await settled(actor, 'payment-details')
    expect(loads).toEqual([{ orderId: null, access: null }])
  })

  it('offers only PayPal for a PayPal order', async () => {
    const { actor } = start(existingPaypalSetup)
    actor.send({ type: 'checkout.open', orderId: ORDER_ID, step: 'details' })
    await settled(actor, 'read-only')
    expect(paymentOptions(actor.getSnapshot().context)).toEqual([{ method: 'paypal', refusal: null }])
  })
})
