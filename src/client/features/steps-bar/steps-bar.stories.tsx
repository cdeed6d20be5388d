import { type Meta, type StoryObj } from '@storybook/react-vite'
import type { FAKE_STATES } from '#client/testing/fake-app-actors.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { StepsBar } from './steps-bar.tsx'

const meta = {
  title: 'Shell/Steps bar',
  component: StepsBar,
} satisfies Meta<typeof StepsBar>

export default meta
type Story = StoryObj<typeof meta>

type OrderState = (typeof FAKE_STATES.orderProcess)[number]
const inState = (orderProcess: OrderState): Story => ({
  parameters: { app: { states: { orderProcess } } } satisfies AppStoryParameters,
})

// One story per order-process state: the active step is what the machine's tags say.
export const NoOrderOngoing = inState('noOrderOngoing')
export const Upload = inState('upload')
export const ConfigureModel = inState('configureModel')
export const ViewCart = inState('viewCart')
export const ProvideCustomerDetails = inState('provideCustomerDetails')
export const ReviewOrder = inState('reviewOrder')
export const OrderCompleted = inState('orderCompleted')
export const ConfigureModelMobile: Story = { ...inState('configureModel'), ...onMobile }
