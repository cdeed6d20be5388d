import { type Meta, type StoryObj } from '@storybook/react-vite'
import { onMobile } from '#client/testing/story-app.tsx'
import { ChunkLoadFailed } from './chunk-load-boundary.tsx'

/** A lazy chunk could not be loaded (after a deploy, or offline): the message and the reload instead of a crash. */
const meta = {
  title: 'Shell/Chunk load failed',
  component: ChunkLoadFailed,
  args: { part: 'model' },
} satisfies Meta<typeof ChunkLoadFailed>

export default meta
type Story = StoryObj<typeof meta>

export const Model3dView: Story = { args: { part: 'model' } }
export const Configuration: Story = { args: { part: 'configure' } }
export const Model3dViewEnglish: Story = { args: { part: 'model' }, globals: { locale: 'en' } }
export const ConfigurationFrenchMobile: Story = {
  args: { part: 'configure' },
  ...onMobile,
  globals: { ...onMobile.globals, locale: 'fr' },
}
