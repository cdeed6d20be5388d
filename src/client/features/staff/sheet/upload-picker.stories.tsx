import { type Meta, type StoryObj } from '@storybook/react-vite'
import { onMobile } from '#client/testing/story-app.tsx'
import { type PickerStoryState, usePickerInState } from './upload-picker-story-state.ts'
import { UploadPicker } from './upload-picker.tsx'

function UploadPickerInState({ state }: { state: PickerStoryState }) {
  const picker = usePickerInState(state)
  return (
    <section className="staff-panel">
      <UploadPicker picker={picker} onPick={() => {}} />
    </section>
  )
}

/** The sheet editor's object picker (issue 17, decision 0114) in each state of its machine. */
const meta = {
  title: 'Staff/Upload picker',
  component: UploadPickerInState,
  args: { state: 'list' },
} satisfies Meta<typeof UploadPickerInState>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = { args: { state: 'closed' } }
export const Loading: Story = { args: { state: 'loading' } }
/** The newest analysed uploads with size, volume and triangle count. */
export const List: Story = { args: { state: 'list' } }
export const LastPage: Story = { args: { state: 'lastPage' } }
export const Empty: Story = { args: { state: 'empty' } }
/** A file-name search that finds nothing. */
export const NoMatch: Story = { args: { state: 'noMatch' } }
export const LoadFailed: Story = { args: { state: 'failed' } }
export const ListEnglish: Story = { ...List, globals: { locale: 'en' } }
export const NoMatchFrench: Story = { ...NoMatch, globals: { locale: 'fr' } }
export const ListMobile: Story = { ...List, ...onMobile }
