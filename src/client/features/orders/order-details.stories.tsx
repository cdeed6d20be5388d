import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { ORDER_ID, paidOrder } from '#machines/order-details/order-details.fixtures.ts'
import { type orderDetailsMachine } from '#machines/order-details/order-details.machine.ts'
import {
  orderDetailsGuestPathModel,
  orderDetailsPathModel,
} from '#machines/order-details/order-details.paths.ts'
import { ORDER_PATH } from '#shared/contracts/checkout.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { OrderDetailsView } from './order-details-page.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { notFoundAnswer, storyApiFetch } from './order-story-states.ts'

type Snap = SnapshotFrom<typeof orderDetailsMachine>

const idleWith = (s: Snap, pick: (order: NonNullable<Snap['context']['order']>) => boolean) =>
  s.matches({ loaded: 'idle' }) && s.context.order !== null && pick(s.context.order)
const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  paid: (s: Snap) => idleWith(s, (order) => order.actions.reorder),
  reorderConfirm: (s: Snap) => s.hasTag('reorder-confirm') && !s.hasTag('busy'),
  reordering: (s: Snap) => s.hasTag('busy'),
  repairInfo: (s: Snap) => s.hasTag('repair-info'),
  payNow: (s: Snap) => idleWith(s, (order) => order.actions.payNow),
  quote: (s: Snap) => idleWith(s, (order) => order.isQuote),
  legacy: (s: Snap) => idleWith(s, (order) => order.legacyOrder),
  notFound: (s: Snap) => s.hasTag('not-found'),
} as const
type OrderDetailsStoryState = keyof typeof STATES

function OrderDetailsInState({
  state,
  isTracking = false,
}: {
  state: OrderDetailsStoryState
  isTracking?: boolean
}) {
  const { orders } = useAppActors()
  const snapshot = reachedState(
    'order details',
    [orderDetailsPathModel, orderDetailsGuestPathModel],
    STATES[state],
  )
  // The input is the path model's; the snapshot restores the state with its context.
  const actor = useActorRef(orders.orderDetails, { snapshot, input: orderDetailsPathModel.input })
  return <OrderDetailsView actor={actor} isTracking={isTracking} />
}

/** `/order-details/{orderId}` and `/track-order` (spec part 2 §2 "Order details / tracking", §8) in each state. */
const meta = {
  title: 'Orders/Order details',
  component: OrderDetailsInState,
  args: { state: 'paid' },
} satisfies Meta<typeof OrderDetailsInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
/** Part 2 §8: loading failed, the generic error with a retry. */
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
/** A paid order with a reference number: 'Re Order' and the repaired-file hint. */
export const Paid: Story = { args: { state: 'paid' } }
export const ReorderConfirm: Story = { args: { state: 'reorderConfirm' } }
export const Reordering: Story = { args: { state: 'reordering' } }
export const RepairInfo: Story = { args: { state: 'repairInfo' } }
/** An open PayPal order: 'Pay now'. */
export const PayNow: Story = { args: { state: 'payNow' } }
/** A quote: titled as a quote, 'Order now'. */
export const Quote: Story = { args: { state: 'quote' } }
/** An order of the former system: status 'Offen', no actions. */
export const Legacy: Story = { args: { state: 'legacy' } }
/** `/track-order` while the legacy endpoint answers. */
export const TrackingLoading: Story = { args: { state: 'loading', isTracking: true } }
/** `/track-order`: nothing found for that number and e-mail, the form again. */
export const TrackingNotFound: Story = { args: { state: 'notFound', isTracking: true } }
/** `/track-order` found the order: the same details. */
export const TrackingFound: Story = { args: { state: 'legacy', isTracking: true } }
/** Re-ordered: 'Bestellung wurde erneut aufgegeben' with the e-mail note (the snackbar on the new order). */
export const Reordered: Story = {
  args: { state: 'paid' },
  render: (args) => (
    <>
      <OrderDetailsInState {...args} />
      <Snackbar />
    </>
  ),
  parameters: {
    app: { notification: { kind: 'success', message: 'reorder-success' } },
  } satisfies AppStoryParameters,
}
export const PaidEnglish: Story = { ...Paid, globals: { locale: 'en' } }
export const QuoteFrench: Story = { ...Quote, globals: { locale: 'fr' } }
export const LegacyEnglish: Story = { ...Legacy, globals: { locale: 'en' } }
export const PaidMobile: Story = { ...Paid, ...onMobile }

const orderPath = ORDER_PATH.replace('{orderId}', ORDER_ID)
const screen = (parameters: AppStoryParameters): Story => ({ parameters: { fullApp: true, ...parameters } })

/** The real route, read by a signed-in owner. */
export const ScreenOrderDetails = screen({
  path: `/order-details/${ORDER_ID}`,
  app: {
    states: { session: 'loggedIn' },
    fetch: storyApiFetch({ [orderPath]: { status: 200, body: { order: paidOrder } } }),
  },
})
/** Another customer's order id: the not-available page. */
export const ScreenOrderDetailsNotAvailable = screen({
  path: `/order-details/${ORDER_ID}`,
  app: { states: { session: 'loggedIn' }, fetch: storyApiFetch({ [orderPath]: notFoundAnswer }) },
})
/** `/track-order` without a query: the form for order number and e-mail. */
export const ScreenTrackOrderForm = screen({ path: '/track-order' })
