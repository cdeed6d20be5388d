import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type ComponentProps } from 'react'
import { repairedTinyFile } from '#machines/upload/upload.fixtures.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { PreviewTabs } from './preview-tabs.tsx'
import { RepairDialog } from './repair-dialog.tsx'

type Tab = NonNullable<ComponentProps<typeof PreviewTabs>['initialTab']>

/** The preview tabs of the file being configured, opened on one tab. */
function Preview({ tab }: { tab: Tab }) {
  const session = useSlot(useAppActors().configuration)
  return session ? <PreviewTabs session={session} initialTab={tab} /> : null
}

const meta = {
  title: 'Configure/Preview tabs',
  component: Preview,
  args: { tab: 'model' },
  parameters: { path: '/' } satisfies AppStoryParameters,
} satisfies Meta<typeof Preview>

export default meta
type Story = StoryObj<typeof meta>

const app = (options: AppStoryParameters['app']) => ({ app: options }) satisfies AppStoryParameters

/** The 3D view (WebGL; headless Chromium renders it by software). */
export const Model: Story = {
  args: { tab: 'model' },
  parameters: app({ configure: { state: 'materials:pm-1' } }),
}
export const ModelInColour: Story = {
  args: { tab: 'model' },
  parameters: app({ configure: { state: 'finishes:pm-1', pricing: 'printable' } }),
}
/** Before a print mode is chosen: the analysis' front picture of that view. */
export const WallThicknessFrontPicture: Story = {
  args: { tab: 'wallThickness' },
  parameters: app({ configure: { state: 'basics' } }),
}
/** With a print mode: the histogram image for the scale, unit, direction and rotation. */
export const WallThicknessHistogram: Story = {
  args: { tab: 'wallThickness' },
  parameters: app({ configure: { state: 'materials:pm-1', pricing: 'printable' } }),
}
/** Measured while the wall thickness and pictures are computed (decision 0124 §2): "being calculated". */
export const WallThicknessBeingCalculated: Story = {
  args: { tab: 'wallThickness' },
  parameters: app({ configure: { state: 'basics:analysis-pending' } }),
}
/** A repaired model: no wall-thickness tab, the repair data instead. */
export const RepairData: Story = {
  args: { tab: 'repair' },
  parameters: app({ configure: { state: 'basics:repair' } }),
}
export const RepairDataMobile: Story = {
  ...onMobile,
  args: { tab: 'repair' },
  parameters: app({ configure: { state: 'basics:repair' } }),
}

const repairInfo = repairedTinyFile.repairInfo ?? {
  numberOfFlippedPolygons: 0,
  numberOfRemovedFlatOpenShells: 0,
  numberOfClosedOpenLoops: 0,
  numberOfMergedVertexPairs: 0,
  repairImages: {},
}

/** The repair report modal: the four counts, the repair pictures and the repaired file. */
export const RepairReport: StoryObj<typeof RepairDialog> = {
  render: () => <RepairDialog file={repairedTinyFile} repairInfo={repairInfo} onClose={() => {}} />,
}
export const RepairReportEnglish: StoryObj<typeof RepairDialog> = {
  ...RepairReport,
  globals: { locale: 'en' },
}
