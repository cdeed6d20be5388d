import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { orderList } from '#machines/order-details/order-details.fixtures.ts'
import { type orderHistoryMachine } from '#machines/order-history/order-history.machine.ts'
import { orderHistoryPathModel } from '#machines/order-history/order-history.paths.ts'
import { USER_ORDERS_PATH } from '#shared/contracts/checkout.contract.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { OrderHistoryView } from './order-history.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { storyApiFetch } from './order-story-states.ts'

type Snap = SnapshotFrom<typeof orderHistoryMachine>

const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  empty: (s: Snap) => s.hasTag('loaded') && s.context.orders.length === 0,
  orders: (s: Snap) => s.hasTag('loaded') && s.context.orders.length > 0,
} as const
type OrderHistoryStoryState = keyof typeof STATES

function OrderHistoryInState({ state }: { state: OrderHistoryStoryState }) {
  const { orders } = useAppActors()
  const snapshot = reachedState('order history', [orderHistoryPathModel], STATES[state])
  const actor = useActorRef(orders.orderHistory, { snapshot })
  return (
    <section className="order-page" aria-labelledby="history-title">
      <h2 id="history-title">Bestellverlauf</h2>
      <OrderHistoryView actor={actor} />
    </section>
  )
}

/** The account's order history (spec part 2 §2 "Bestellverlauf", §3 "Order list entry") in each state. */
const meta = {
  title: 'Orders/Order history',
  component: OrderHistoryInState,
  args: { state: 'orders' },
} satisfies Meta<typeof OrderHistoryInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const Empty: Story = { args: { state: 'empty' } }
export const Orders: Story = { args: { state: 'orders' } }
export const OrdersEnglish: Story = { ...Orders, globals: { locale: 'en' } }
export const OrdersFrench: Story = { ...Orders, globals: { locale: 'fr' } }
export const OrdersMobile: Story = { ...Orders, ...onMobile }

/** `/account` with the orders the API lists, in the dashboard's slot. */
export const ScreenAccountWithOrders: Story = {
  parameters: {
    fullApp: true,
    path: '/account',
    app: {
      states: { session: 'loggedIn' },
      fetch: storyApiFetch({ [USER_ORDERS_PATH]: { status: 200, body: { orders: orderList } } }),
    },
  } satisfies AppStoryParameters,
}
