import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type FakeStates } from '#client/testing/fake-app-actors.ts'
import { type AppStoryParameters, onMobile, onTablet } from '#client/testing/story-app.tsx'
import { type UploadStoryState } from '#client/testing/story-states.ts'
import { UploadHero } from './upload-hero.tsx'

/** The upload hero in every state of the upload machine (desktop; mobile and tablet show the hero image). */
const meta = {
  title: 'Upload/Hero',
  component: UploadHero,
  parameters: { path: '/' } satisfies AppStoryParameters,
} satisfies Meta<typeof UploadHero>

export default meta
type Story = StoryObj<typeof meta>

/** The upload in `upload`, with the order process where that upload leaves it. */
const inState = (upload: UploadStoryState, orderProcess: FakeStates['orderProcess'] = 'upload'): Story => ({
  parameters: { app: { states: { upload, orderProcess } } } satisfies AppStoryParameters,
})

export const NoOrder = inState('idle', 'noOrderOngoing')
export const UploadOpen = inState('idle', 'upload')
export const RejectedTooLarge = inState('rejected:file_too_large', 'noOrderOngoing')
export const RejectedUnsupportedType = inState('rejected:unsupported_file_type', 'noOrderOngoing')
export const FailedUploadTooLarge = inState('failed:payload_too_large', 'noOrderOngoing')
export const FailedAnalysisUnsupported = inState('failed:unsupported_file_type', 'noOrderOngoing')
export const FailedAnalysisTimeout = inState('failed:analysis_timeout', 'noOrderOngoing')
export const FailedAnalysisTooComplex = inState('failed:analysis_too_complex', 'noOrderOngoing')
export const FailedServer = inState('failed:internal_error', 'noOrderOngoing')
export const OpeningPicker = inState('openingPicker')
export const UploadingStarted = inState('uploading')
export const UploadingProgress = inState('uploading:progress')
export const DemoAnalyzing = inState('demo:waiting')
export const DemoLoading = inState('demo:loading')
export const AnalysisStarting = inState('analyzing:polling:none')
export const AnalysisRunning = inState('analyzing:waiting:starting-analysis')
export const AnalysisPolling = inState('analyzing:polling:starting-analysis')
export const AnalysisRepairing = inState('analyzing:waiting:repairing-file:repair')
export const AnalysisCompleted = inState('analyzing:fetchingFile:analysis-completed')
export const UploadingEnglish: Story = { ...inState('uploading:progress'), globals: { locale: 'en' } }
export const RepairingFrench: Story = {
  ...inState('analyzing:waiting:repairing-file:repair'),
  globals: { locale: 'fr' },
}
export const RejectedEnglish: Story = {
  ...inState('rejected:unsupported_file_type', 'noOrderOngoing'),
  globals: { locale: 'en' },
}
/** Mobile and tablet: no upload in the hero, the hero image while no order is in progress. */
export const MobileNoOrder: Story = { ...inState('idle', 'noOrderOngoing'), ...onMobile }
export const TabletNoOrder: Story = { ...inState('idle', 'noOrderOngoing'), ...onTablet }
/** Scrolled past the threshold: the hero is sticky, its background paused, the sticky footer shows. */
export const Sticky: Story = {
  ...inState('idle', 'noOrderOngoing'),
  decorators: [
    (Story) => (
      <div style={{ minHeight: '250vh' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    // The router renders the story after its first load: wait for the hero, then scroll past the threshold.
    await canvas.findByRole('heading', { level: 1 })
    window.scrollTo({ top: 600 })
    window.dispatchEvent(new Event('scroll'))
    await canvas.findByText('Bereit für Ihr nächstes Bauteil?')
  },
}
