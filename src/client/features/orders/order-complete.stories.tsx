import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type orderCompleteMachine } from '#machines/order-complete/order-complete.machine.ts'
import {
  orderCompletePathModel,
  orderCompleteReturnPathModel,
  orderCompleteWithoutOrderPathModel,
  orderFailedPathModel,
  orderFailedPlainPathModel,
} from '#machines/order-complete/order-complete.paths.ts'
import { ORDER_ID, receivedOrder } from '#machines/order-details/order-details.fixtures.ts'
import { ORDER_PATH } from '#shared/contracts/checkout.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { type OrderCompletePage, OrderCompleteView } from './order-complete-page.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { notFoundAnswer, storyApiFetch } from './order-story-states.ts'

type Snap = SnapshotFrom<typeof orderCompleteMachine>

const MODELS = [
  orderCompletePathModel,
  orderCompleteReturnPathModel,
  orderFailedPathModel,
  orderFailedPlainPathModel,
  orderCompleteWithoutOrderPathModel,
]

const loadedWith = (s: Snap, method: string, isQuote = false) =>
  s.matches('loaded') && s.context.order?.paymentMethod === method && s.context.order.isQuote === isQuote
const STATES = {
  loading: (s: Snap) => s.matches('loading'),
  prepaid: (s: Snap) => loadedWith(s, 'prepaid') && !s.context.returned,
  invoice: (s: Snap) => loadedWith(s, 'billing'),
  quote: (s: Snap) => loadedWith(s, 'quote', true),
  paypalPaid: (s: Snap) => loadedWith(s, 'paypal') && s.context.order?.paymentStatus === 'PAYMENT_RECEIVED',
  paymentConfirming: (s: Snap) => s.hasTag('payment-confirming'),
  paymentUnconfirmed: (s: Snap) => s.hasTag('payment-unconfirmed'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  failedWithOrder: (s: Snap) => s.hasTag('order-failed') && s.context.orderId !== null,
  failedWithoutOrder: (s: Snap) => s.hasTag('order-failed') && s.context.orderId === null,
  noOrder: (s: Snap) => s.hasTag('no-order'),
} as const
type OrderCompleteStoryState = keyof typeof STATES

function OrderCompleteInState({ state, page }: { state: OrderCompleteStoryState; page: OrderCompletePage }) {
  const { orders } = useAppActors()
  const snapshot = reachedState('order complete', MODELS, STATES[state])
  // The input is the path model's; the snapshot restores the state with its context.
  const actor = useActorRef(orders.orderComplete, { snapshot, input: orderCompletePathModel.input })
  return <OrderCompleteView actor={actor} page={page} />
}

/** `/order-complete`, `/quote-generated`, `/order-failed` (spec part 2 §2, §4, §8) in each state of the machine. */
const meta = {
  title: 'Orders/Order complete',
  component: OrderCompleteInState,
  args: { state: 'prepaid', page: 'complete' },
} satisfies Meta<typeof OrderCompleteInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
/** Prepaid with a voucher and the small-order surcharge: the bank details to transfer to. */
export const Prepaid: Story = { args: { state: 'prepaid' } }
/** Invoice of a business customer: net amounts, due in 10 days. */
export const Invoice: Story = { args: { state: 'invoice' } }
/** Back from PayPal: the server captured and says PAYMENT_RECEIVED. */
export const PayPalPaid: Story = { args: { state: 'paypalPaid' } }
/** Back from PayPal, the payment still pending: read again a few times. */
export const PaymentConfirming: Story = { args: { state: 'paymentConfirming' } }
/** Still pending after the last read: what happens next (a mail), never "paid". */
export const PaymentUnconfirmed: Story = { args: { state: 'paymentUnconfirmed' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const WithoutOrder: Story = { args: { state: 'noOrder' } }
/** `/quote-generated`: the quote's number, its PDF and how to order it. */
export const QuoteGenerated: Story = { args: { state: 'quote', page: 'quote' } }
/** `/order-failed` from the provider's cancel URL: the generic warning and the way to the order. */
export const OrderFailed: Story = { args: { state: 'failedWithOrder', page: 'failed' } }
export const OrderFailedWithoutOrder: Story = { args: { state: 'failedWithoutOrder', page: 'failed' } }
export const PrepaidEnglish: Story = { ...Prepaid, globals: { locale: 'en' } }
export const QuoteFrench: Story = { ...QuoteGenerated, globals: { locale: 'fr' } }
export const PrepaidMobile: Story = { ...Prepaid, ...onMobile }

const orderPath = ORDER_PATH.replace('{orderId}', ORDER_ID)
const screen = (parameters: AppStoryParameters): Story => ({ parameters: { fullApp: true, ...parameters } })

/** The real route with the order answered by the API. */
export const ScreenOrderComplete = screen({
  path: `/order-complete/${ORDER_ID}?access=${'a'.repeat(43)}`,
  app: { fetch: storyApiFetch({ [orderPath]: { status: 200, body: { order: receivedOrder } } }) },
})
/** Another customer's order (404): the not-available page. */
export const ScreenOrderNotAvailable = screen({
  path: `/order-complete/${ORDER_ID}`,
  app: { fetch: storyApiFetch({ [orderPath]: notFoundAnswer }) },
})
