import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type AppStoryParameters, onMobile, onTablet } from '#client/testing/story-app.tsx'
import { type UploadStoryState } from '#client/testing/story-states.ts'
import { OrderPanel } from './order-panel.tsx'

/** The mobile and tablet order panel: the header's upload button opened it (order process in `upload`). */
const meta = {
  title: 'Upload/Order panel (mobile)',
  component: OrderPanel,
  parameters: { path: '/' } satisfies AppStoryParameters,
} satisfies Meta<typeof OrderPanel>

export default meta
type Story = StoryObj<typeof meta>

const inState = (upload: UploadStoryState): Story => ({
  ...onMobile,
  parameters: { app: { states: { upload, orderProcess: 'upload' } } } satisfies AppStoryParameters,
})

export const ChooseFile = inState('idle')
export const Uploading = inState('uploading:progress')
export const DemoAnalyzing = inState('demo:waiting')
export const Repairing = inState('analyzing:waiting:repairing-file:repair')
export const RejectedTooLarge = inState('rejected:file_too_large')
export const RejectedUnsupportedType = inState('rejected:unsupported_file_type')
export const TabletAnalyzing: Story = { ...inState('analyzing:waiting:starting-analysis'), ...onTablet }
export const EnglishUploading: Story = { ...inState('uploading:progress'), globals: { locale: 'en' } }
