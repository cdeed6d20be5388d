import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { NotAvailablePage } from './not-available-page.tsx'

const meta = {
  title: 'Pages/Not available',
  component: NotAvailablePage,
  args: { status: 404 },
} satisfies Meta<typeof NotAvailablePage>

export default meta
type Story = StoryObj<typeof meta>

export const ClientError404: Story = { args: { status: 404 } }
export const Gone410: Story = { args: { status: 410 } }
export const ServerError500: Story = { args: { status: 500 } }
export const ServiceUnavailable503English: Story = { args: { status: 503 }, globals: { locale: 'en' } }
export const WithoutStatus: Story = { args: { status: undefined } }
/** The whole route: the `status` search param picks the wording. */
export const RouteWithServerError: Story = {
  parameters: { fullApp: true, path: '/not-available?status=502' } satisfies AppStoryParameters,
}
export const RouteWithClientErrorMobileFrench: Story = {
  ...onMobile,
  globals: { ...onMobile.globals, locale: 'fr' },
  parameters: { fullApp: true, path: '/not-available?status=404' } satisfies AppStoryParameters,
}
