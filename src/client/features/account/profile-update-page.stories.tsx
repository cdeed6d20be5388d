import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { type SnapshotFrom } from 'xstate'
import { isBusinessProfile, type profileFormMachine } from '#machines/profile-form/profile-form.machine.ts'
import {
  profileFormBusinessPathModel,
  profileFormPathModel,
} from '#machines/profile-form/profile-form.paths.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { ProfileUpdateView } from './profile-update-page.tsx'
import { reachedState } from '#client/testing/reached-state.ts'

type Snap = SnapshotFrom<typeof profileFormMachine>

const editing = (s: Snap) => s.hasTag('form') && !s.hasTag('busy') && s.context.error === null
const STATES = {
  loading: (s: Snap) => s.hasTag('loading'),
  loadFailed: (s: Snap) => s.hasTag('load-failed'),
  loaded: (s: Snap) => editing(s) && s.can({ type: 'profile.save' }) && !s.context.draft.shippingDiffers,
  missingRequired: (s: Snap) => editing(s) && s.context.draft.billing.firstname === '',
  shippingDiffers: (s: Snap) => editing(s) && s.context.draft.shippingDiffers,
  saving: (s: Snap) => s.hasTag('busy'),
  saveFailed: (s: Snap) => s.hasTag('form') && s.context.error !== null,
  business: (s: Snap) => editing(s) && isBusinessProfile(s.context) && !s.can({ type: 'profile.save' }),
  newAccount: (s: Snap) => editing(s) && s.context.details?.billingInformation === null,
} as const
type ProfileStoryState = keyof typeof STATES

function ProfileUpdateInState({ state }: { state: ProfileStoryState }) {
  const { accountForms } = useAppActors()
  const snapshot = reachedState(
    'profile form',
    [profileFormPathModel, profileFormBusinessPathModel],
    STATES[state],
  )
  const actor = useActorRef(accountForms.profileForm, { snapshot })
  return <ProfileUpdateView actor={actor} />
}

/** `/profile-update` (spec part 2 §2, §3, §5, §8) in each state of the profile form machine. */
const meta = {
  title: 'Account/Customer data',
  component: ProfileUpdateInState,
  args: { state: 'loaded' },
} satisfies Meta<typeof ProfileUpdateInState>

export default meta
type Story = StoryObj<typeof meta>

export const Loading: Story = { args: { state: 'loading' } }
export const LoadFailed: Story = { args: { state: 'loadFailed' } }
export const Loaded: Story = { args: { state: 'loaded' } }
/** A required field emptied: save disabled with the hint about the fields marked *. */
export const MissingRequired: Story = { args: { state: 'missingRequired' } }
export const ShippingDiffers: Story = { args: { state: 'shippingDiffers' } }
export const Saving: Story = { args: { state: 'saving' } }
/** The save failed: the generic warning, the draft kept. */
export const SaveFailed: Story = { args: { state: 'saveFailed' } }
/** A business customer without a company: company required. */
export const BusinessWithoutCompany: Story = { args: { state: 'business' } }
export const NewAccountWithoutAddress: Story = { args: { state: 'newAccount' } }
/** Saved: 'Speichern erfolgreich' / 'Ihre Daten wurden gespeichert'. */
export const SavedNotification: Story = {
  args: { state: 'loaded' },
  render: (args) => (
    <>
      <ProfileUpdateInState {...args} />
      <Snackbar />
    </>
  ),
  parameters: {
    app: { notification: { kind: 'success', message: 'account-save-success' } },
  } satisfies AppStoryParameters,
}
export const LoadedMobile: Story = { ...Loaded, ...onMobile }
export const MissingRequiredEnglish: Story = { ...MissingRequired, globals: { locale: 'en' } }
export const BusinessFrench: Story = { ...BusinessWithoutCompany, globals: { locale: 'fr' } }
