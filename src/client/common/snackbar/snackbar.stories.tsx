import { type Meta, type StoryObj } from '@storybook/react-vite'
import {
  type NotificationKind,
  type NotificationMessage,
} from '#machines/notifications/notification-messages.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { Snackbar } from './snackbar.tsx'

const meta = {
  title: 'Shell/Snackbar',
  component: Snackbar,
} satisfies Meta<typeof Snackbar>

export default meta
type Story = StoryObj<typeof meta>

const showing = (kind: NotificationKind, message: NotificationMessage): Story => ({
  parameters: { app: { notification: { kind, message } } } satisfies AppStoryParameters,
})

export const Success = showing('success', 'logout-success')
export const Warning = showing('warning', 'upload-failed')
export const Danger = showing('danger', 'server-unreachable')
export const Info = showing('info', 'upload-repairing')
export const Empty: Story = {
  parameters: { app: { states: { notifications: 'idle' } } } satisfies AppStoryParameters,
}
export const WarningEnglish: Story = {
  ...showing('warning', 'newsletter-failure'),
  globals: { locale: 'en' },
}
export const SuccessFrench: Story = { ...showing('success', 'newsletter-success'), globals: { locale: 'fr' } }
export const DangerMobile: Story = { ...showing('danger', 'cart-item-move-failure'), ...onMobile }
