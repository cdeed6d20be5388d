import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { type staffColorThumbnailMachine } from '#machines/staff-color-thumbnail/staff-color-thumbnail.machine.ts'
import { staffColorThumbnailPathModel } from '#machines/staff-color-thumbnail/staff-color-thumbnail.paths.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { reachedState } from '#client/testing/reached-state.ts'
import { storyColorThumbnail } from './catalogue-story-logic.ts'
import { ColorThumbnailView } from './color-thumbnail-view.tsx'

type Snap = SnapshotFrom<typeof staffColorThumbnailMachine>
const idle = (s: Snap) => !s.hasTag('busy')

const STATES = {
  swatch: (s: Snap) => s.matches('stored') && s.context.rejection === null && s.context.error === null,
  wrongType: (s: Snap) => s.context.rejection === 'wrong_type',
  tooLarge: (s: Snap) => s.context.rejection === 'too_large',
  preview: (s: Snap) => s.matches('previewing') && s.context.error === null,
  uploading: (s: Snap) => s.matches('uploading'),
  uploadRefused: (s: Snap) => s.matches('previewing') && s.context.error !== null,
  uploaded: (s: Snap) =>
    idle(s) && s.matches('stored') && s.context.thumbnailPath.startsWith('colors/uploads/'),
  removing: (s: Snap) => s.matches('removing'),
  removeFailed: (s: Snap) => s.matches('stored') && s.context.error !== null,
} as const
type ThumbnailStoryState = keyof typeof STATES

function ThumbnailInState({ state }: { state: ThumbnailStoryState }) {
  const snapshot = reachedState('colour thumbnail', [staffColorThumbnailPathModel], STATES[state])
  const actor = useActorRef(storyColorThumbnail, { snapshot, input: { colorId: '', thumbnailPath: '' } })
  return <ColorThumbnailView actor={actor} />
}

/** A colour's thumbnail (issue 17, decision 0106) in each state of its machine. */
const meta = {
  title: 'Staff/Colour thumbnail',
  component: ThumbnailInState,
  args: { state: 'swatch' },
} satisfies Meta<typeof ThumbnailInState>

export default meta
type Story = StoryObj<typeof meta>

export const Swatch: Story = { args: { state: 'swatch' } }
export const WrongType: Story = { args: { state: 'wrongType' } }
export const TooLarge: Story = { args: { state: 'tooLarge' } }
/** A picked picture shown before it is sent. */
export const Preview: Story = { args: { state: 'preview' } }
export const Uploading: Story = { args: { state: 'uploading' } }
export const UploadRefused: Story = { args: { state: 'uploadRefused' } }
export const Uploaded: Story = { args: { state: 'uploaded' } }
export const Removing: Story = { args: { state: 'removing' } }
export const RemoveFailed: Story = { args: { state: 'removeFailed' } }
export const PreviewEnglish: Story = { ...Preview, globals: { locale: 'en' } }
export const PreviewFrench: Story = { ...Preview, globals: { locale: 'fr' } }
export const PreviewMobile: Story = { ...Preview, ...onMobile }
