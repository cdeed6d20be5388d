import { type Meta, type StoryObj } from '@storybook/react-vite'
import { onMobile } from '#client/testing/story-app.tsx'
import { SiteFooter } from './site-footer.tsx'

const meta = {
  title: 'Shell/Footer',
  component: SiteFooter,
} satisfies Meta<typeof SiteFooter>

export default meta
type Story = StoryObj<typeof meta>

export const Desktop: Story = {}
export const Mobile: Story = { ...onMobile }
export const French: Story = { globals: { locale: 'fr' } }
