import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffOrderListMachine } from '#machines/staff-order-list/staff-order-list.machine.ts'
import {
  staffOrderListFilterPathModel,
  staffOrderListPathModel,
} from '#machines/staff-order-list/staff-order-list.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { EMPTY_STAFF_ORDER_FILTER } from '#shared/contracts/staff-orders.contract.ts'
import { OrderListView } from './order-list-view.tsx'
import { storyOrderList } from './staff-orders-story-logic.ts'
import './staff-orders.css'

type Snap = SnapshotFrom<typeof staffOrderListMachine>

const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  list: (s: Snap) => s.hasTag('list') && s.context.draft.from === '',
  empty: (s: Snap) => s.hasTag('empty'),
  reversedRange: (s: Snap) =>
    s.hasTag('list') && s.context.draft.to !== '' && s.context.draft.from > s.context.draft.to,
} as const
type OrderListStoryState = keyof typeof STATES

function OrderListInState({ state }: { state: OrderListStoryState }) {
  const snapshot = reachedState(
    'order list',
    [staffOrderListPathModel, staffOrderListFilterPathModel],
    STATES[state],
  )
  const actor = useActorRef(storyOrderList, {
    snapshot,
    input: { filter: EMPTY_STAFF_ORDER_FILTER, page: 1 },
  })
  return <OrderListView actor={actor} />
}

/** The back office's order list (issue 17) in each state of its machine. */
const meta = {
  title: 'Staff/Order list',
  component: OrderListInState,
  args: { state: 'list' },
} satisfies Meta<typeof OrderListInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const List: Story = { args: { state: 'list' } }
export const Empty: Story = { args: { state: 'empty' } }
/** A date range ending before it starts: refused at the field. */
export const ReversedRange: Story = { args: { state: 'reversedRange' } }
export const ListEnglish: Story = { ...List, globals: { locale: 'en' } }
export const ListFrench: Story = { ...List, globals: { locale: 'fr' } }
export const ListMobile: Story = { ...List, ...onMobile }
