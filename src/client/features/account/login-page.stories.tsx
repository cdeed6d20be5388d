import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type LoginStoryState } from '#client/testing/account-story-states.ts'
import { type AppStoryParameters, onMobile } from '#client/testing/story-app.tsx'
import { LoginForm } from './login-page.tsx'

/**
 * The login form (spec part 2 §2, §4, §5, §8) in each state of the login machine. After a successful sign-in the
 * page is left at once (`signedIn` shows nothing of its own), so it has no story.
 */
const meta = {
  title: 'Account/Login',
  component: LoginForm,
} satisfies Meta<typeof LoginForm>

export default meta
type Story = StoryObj<typeof meta>

const inState = (login: LoginStoryState): Story => ({
  parameters: { app: { states: { login } } } satisfies AppStoryParameters,
})

/** Empty: the button is disabled. */
export const Empty = inState('editing:empty')
export const Filled = inState('editing:filled')
export const Submitting = inState('submitting')
/** 401: 'Username and password don't match.' */
export const WrongCredentials = inState('failed:wrongCredentials')
/** 429: the wait the server asked for. */
export const Throttled = inState('failed:throttled')
/** Any other failure: the generic warning. */
export const Failed = inState('failed:failed')
export const WrongCredentialsEnglish: Story = { ...WrongCredentials, globals: { locale: 'en' } }
export const ThrottledFrench: Story = { ...Throttled, globals: { locale: 'fr' } }
export const FilledMobile: Story = { ...Filled, ...onMobile }

const screen = (parameters: AppStoryParameters): Story => ({ parameters: { fullApp: true, ...parameters } })

/** /login: the form with the links to /reset-password and /register. */
export const ScreenLogin = screen({ path: '/login', app: { states: { session: 'loggedOut' } } })
/** Sent here by the guard of /profile-update: after login the shopper returns there. */
export const ScreenLoginWithReturnTarget = screen({
  path: '/login?returnTo=%2Fprofile-update',
  app: { states: { session: 'loggedOut' } },
})
/** The session is still being checked: a status instead of the form. */
export const ScreenSessionChecking = screen({ path: '/login', app: { states: { session: 'checking' } } })
export const ScreenLoginMobile: Story = { ...ScreenLogin, ...onMobile }
