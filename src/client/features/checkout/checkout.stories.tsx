import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { fromPromise, type Snapshot, type SnapshotFrom } from 'xstate'
import { formHint, paymentOptions } from '#machines/checkout/checkout-form.ts'
import {
  type CheckoutSetup,
  checkoutMachine,
  type PlaceOrderInput,
} from '#machines/checkout/checkout.machine.ts'
import type {
  CheckoutResponse,
  OrderPreviewRequestInput,
  OrderPreviewResponse,
} from '#shared/contracts/checkout.contract.ts'
import {
  checkoutFormPathModel,
  checkoutGuestPathModel,
  checkoutMemberPathModel,
  checkoutStoryPathModel,
  serializeCheckoutContext,
} from '#machines/checkout/checkout.paths.ts'
import { type PathModel, stableStringify, statesOf } from '#tests/graph/path-testing.ts'
import { PaymentDetailsView } from './payment-details-page.tsx'
import { RedirectingPage } from './redirecting-page.tsx'
import { ReviewOrderView } from './review-order-page.tsx'

type Snap = SnapshotFrom<typeof checkoutMachine>
type Model = PathModel<typeof checkoutMachine>

/** The persisted snapshot of the first state one of the models reaches that `matches` picks. */
function reachedState(models: readonly Model[], matches: (snapshot: Snap) => boolean): Snapshot<unknown> {
  const key = (snapshot: Snap) => {
    // The models' own node identity (the whole context grows with every attempt's key).
    return stableStringify({ value: snapshot.value, context: serializeCheckoutContext(snapshot.context) })
  }
  for (const model of models) {
    const found = statesOf(model, { key }).find(({ snapshot }) => matches(snapshot))
    if (found) return found.persisted
  }
  throw new Error('checkout story: no reachable state matches')
}

/** Calls that never answer: a story stays in the state it was started in. */
const never = () => new Promise<never>(() => {})
const storyLogic = checkoutMachine.provide({
  actors: {
    loadCheckout: fromPromise<CheckoutSetup, { orderId: string | null; access: string | null }>(never),
    loadPreview: fromPromise<OrderPreviewResponse, { request: OrderPreviewRequestInput }>(never),
    placeOrder: fromPromise<CheckoutResponse, PlaceOrderInput>(never),
  },
})

const country = (s: Snap) => s.context.draft.billing.countryId
const details = (s: Snap) => s.hasTag('payment-details') && !s.hasTag('read-only')
const review = (s: Snap) => s.matches({ active: { review: 'ready' } })
const STATES = {
  loading: [[checkoutGuestPathModel], (s: Snap) => s.hasTag('loading')],
  empty: [
    [checkoutFormPathModel],
    (s: Snap) => details(s) && formHint(s.context) === 'required_missing' && !s.context.showIssues,
  ],
  invalid: [[checkoutFormPathModel], (s: Snap) => details(s) && s.context.showIssues],
  filled: [[checkoutGuestPathModel], (s: Snap) => details(s) && formHint(s.context) === null],
  guestQuoteDisabled: [
    [checkoutGuestPathModel],
    (s: Snap) =>
      details(s) && paymentOptions(s.context).some((o) => o.method === 'quote' && o.refusal !== null),
  ],
  foreignCustomer: [
    [checkoutStoryPathModel],
    (s: Snap) => details(s) && country(s) !== s.context.setup?.countries[0]?._id,
  ],
  drawingsAttached: [
    [checkoutStoryPathModel],
    (s: Snap) => details(s) && s.context.setup?.hasDrawings === true,
  ],
  existingOrder: [[checkoutMemberPathModel], (s: Snap) => s.hasTag('read-only')],
  reviewLoading: [
    [checkoutGuestPathModel],
    (s: Snap) => s.hasTag('preview-loading') && s.context.notice === null,
  ],
  reviewLoaded: [
    [checkoutGuestPathModel],
    (s: Snap) => review(s) && s.context.termsAccepted && s.context.notice === null,
  ],
  termsUnchecked: [
    [checkoutGuestPathModel],
    (s: Snap) => review(s) && !s.context.termsAccepted && s.context.notice === null,
  ],
  belowMinimum: [
    [checkoutStoryPathModel],
    (s: Snap) => review(s) && s.context.preview?.amounts.belowMinimum === true,
  ],
  placing: [[checkoutGuestPathModel], (s: Snap) => s.hasTag('placing')],
  cartChanged: [[checkoutGuestPathModel], (s: Snap) => review(s) && s.context.notice === 'cart_changed'],
  previewFailed: [[checkoutGuestPathModel], (s: Snap) => s.hasTag('preview-failed')],
} as const satisfies Record<string, readonly [readonly Model[], (s: Snap) => boolean]>
type CheckoutStoryState = keyof typeof STATES

function CheckoutInState({ state }: { state: CheckoutStoryState }) {
  const [models, matches] = STATES[state]
  const actor = useActorRef(storyLogic, { snapshot: reachedState(models, matches) })
  const isReview = actor.getSnapshot().hasTag('review')
  return isReview ? <ReviewOrderView actor={actor} /> : <PaymentDetailsView actor={actor} />
}

/** `/payment-details` and `/review-order` (spec part 2 §2) in the checkout machine's states. */
const meta = {
  title: 'Checkout/Payment details and review',
  component: CheckoutInState,
  args: { state: 'filled' },
} satisfies Meta<typeof CheckoutInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const Empty: Story = { args: { state: 'empty' } }
/** Next pressed with missing fields: the summary, every issue at its field, the hint at the button. */
export const InvalidWithHints: Story = { args: { state: 'invalid' } }
export const Filled: Story = { args: { state: 'filled' } }
/** A guest: invoice and quote disabled, 'nur für Mitglieder'. */
export const GuestQuoteDisabled: Story = { args: { state: 'guestQuoteDisabled' } }
/** Billing address in Austria: prepaid forced. */
export const ForeignCustomer: Story = { args: { state: 'foreignCustomer' } }
/** Drawings attached: only the quote remains. */
export const DrawingsAttached: Story = { args: { state: 'drawingsAttached' } }
/** `/payment-details/{orderId}` of a quote: read-only, prepaid preselected. */
export const ExistingOrder: Story = { args: { state: 'existingOrder' } }
export const ReviewLoading: Story = { args: { state: 'reviewLoading' } }
export const ReviewLoaded: Story = { args: { state: 'reviewLoaded' } }
export const TermsUnchecked: Story = { args: { state: 'termsUnchecked' } }
export const BelowMinimum: Story = { args: { state: 'belowMinimum' } }
export const Placing: Story = { args: { state: 'placing' } }
/** 409 cart_changed: back on the review with the new totals and the message. */
export const CartChanged: Story = { args: { state: 'cartChanged' } }
export const ReviewFailed: Story = { args: { state: 'previewFailed' } }

/** `/redirecting`: before the browser leaves for the payment provider. */
export const Redirecting: StoryObj<typeof RedirectingPage> = {
  render: () => <RedirectingPage />,
}
