import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffOrderDetailMachine } from '#machines/staff-order-detail/staff-order-detail.machine.ts'
import {
  staffOrderDetailCompletedPathModel,
  staffOrderDetailPathModel,
  staffOrderDetailPrintabilityPathModel,
  staffOrderDetailStatusPathModel,
  staffOrderDetailVerifiedPathModel,
} from '#machines/staff-order-detail/staff-order-detail.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { STAFF_ORDER_ID } from '#machines/staff-order-detail/staff-order-detail.fixtures.ts'
import { OrderDetailView } from './order-detail-view.tsx'
import { storyOrderDetail } from './staff-orders-story-logic.ts'
import './staff-orders.css'

type Snap = SnapshotFrom<typeof staffOrderDetailMachine>
const idle = (s: Snap) => s.matches({ ready: 'idle' })

const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  ready: (s: Snap) =>
    idle(s) &&
    s.context.done === null &&
    s.context.failure === null &&
    s.context.target === null &&
    s.context.detail?.isVerifiedCompany === false,
  verifiedBefore: (s: Snap) =>
    idle(s) && s.context.done === null && s.context.detail?.isVerifiedCompany === true,
  noteTooLong: (s: Snap) => idle(s) && s.context.note.length > 1000,
  confirmStatus: (s: Snap) => s.hasTag('confirm-status') && s.context.note !== '',
  changingStatus: (s: Snap) => s.matches({ ready: 'changingStatus' }),
  statusRefused: (s: Snap) => idle(s) && s.context.failure?.action === 'status',
  statusChanged: (s: Snap) => idle(s) && s.context.done === 'status',
  markedPaid: (s: Snap) => idle(s) && s.context.done === 'paid',
  companyVerified: (s: Snap) => idle(s) && s.context.done === 'company',
  printabilityFilled: (s: Snap) =>
    idle(s) &&
    s.context.noteLineId !== null &&
    s.context.printabilityMessage !== '' &&
    s.context.done === null,
  printabilitySent: (s: Snap) =>
    idle(s) && s.context.done === 'printability' && s.context.pictureAttached === true,
  printabilitySentWithoutPicture: (s: Snap) =>
    idle(s) && s.context.done === 'printability' && s.context.pictureAttached === false,
  printabilityFailed: (s: Snap) => idle(s) && s.context.failure?.action === 'printability',
  completed: (s: Snap) => idle(s) && s.context.detail?.order.orderStatus === 'ORDER_COMPLETED',
} as const
type OrderDetailStoryState = keyof typeof STATES

function OrderDetailInState({ state }: { state: OrderDetailStoryState }) {
  const snapshot = reachedState(
    'order detail',
    [
      staffOrderDetailPathModel,
      staffOrderDetailStatusPathModel,
      staffOrderDetailPrintabilityPathModel,
      staffOrderDetailCompletedPathModel,
      staffOrderDetailVerifiedPathModel,
    ],
    STATES[state],
  )
  const actor = useActorRef(storyOrderDetail, { snapshot, input: { orderId: STAFF_ORDER_ID } })
  return <OrderDetailView actor={actor} />
}

/** One order of the back office (issue 17) in each state of its machine. */
const meta = {
  title: 'Staff/Order detail',
  component: OrderDetailInState,
  args: { state: 'ready' },
} satisfies Meta<typeof OrderDetailInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
/** A fresh prepaid order of a business customer: status change, mark paid and verify offered. */
export const Ready: Story = { args: { state: 'ready' } }
export const NoteTooLong: Story = { args: { state: 'noteTooLong' } }
export const ConfirmStatus: Story = { args: { state: 'confirmStatus' } }
export const ChangingStatus: Story = { args: { state: 'changingStatus' } }
export const StatusRefused: Story = { args: { state: 'statusRefused' } }
export const StatusChanged: Story = { args: { state: 'statusChanged' } }
export const MarkedPaid: Story = { args: { state: 'markedPaid' } }
export const CompanyVerified: Story = { args: { state: 'companyVerified' } }
/** The company was verified before (the detail answer says so): the badge, no button. */
export const VerifiedBefore: Story = { args: { state: 'verifiedBefore' } }
export const PrintabilityFilled: Story = { args: { state: 'printabilityFilled' } }
export const PrintabilitySent: Story = { args: { state: 'printabilitySent' } }
/** The object has no wall-thickness analysis: the mail went without the picture, and the answer says so. */
export const PrintabilitySentWithoutPicture: Story = { args: { state: 'printabilitySentWithoutPicture' } }
export const PrintabilityFailed: Story = { args: { state: 'printabilityFailed' } }
/** A completed guest order: nothing more to change. */
export const Completed: Story = { args: { state: 'completed' } }
export const ReadyEnglish: Story = { ...Ready, globals: { locale: 'en' } }
export const ReadyFrench: Story = { ...Ready, globals: { locale: 'fr' } }
export const ReadyMobile: Story = { ...Ready, ...onMobile }
