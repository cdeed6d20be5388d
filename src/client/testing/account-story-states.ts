import { type Snapshot, type SnapshotFrom } from 'xstate'
import { type loginMachine } from '#machines/login/login.machine.ts'
import { loginPathModel } from '#machines/login/login.paths.ts'
import { type sessionMachine } from '#machines/session/session.machine.ts'
import { stableStringify, stateName, statesOf } from '#tests/graph/path-testing.ts'

/**
 * Named states of the session and login machines for stories and DOM tests: each one a state the machine's path model
 * reaches (`statesOf`), picked by a name a story asks for.
 */

/** `checking`, `loggedIn` (a private customer), `loggedIn:business`, `loggingOut`, `loggedOut`. */
export function sessionStateName(snapshot: SnapshotFrom<typeof sessionMachine>): string {
  const name = stateName(snapshot.value)
  return name === 'loggedIn' && snapshot.context.user?.isBusinessCustomer ? `${name}:business` : name
}

export const LOGIN_STORY_STATES = [
  'editing:empty',
  'editing:filled',
  'submitting',
  'failed:wrongCredentials',
  'failed:throttled',
  'failed:failed',
  'signedIn',
] as const
export type LoginStoryState = (typeof LOGIN_STORY_STATES)[number]

/** The form empty or filled (both fields usable), sending, refused for each reason, or done. */
export function loginStateName(snapshot: SnapshotFrom<typeof loginMachine>): string {
  const { context } = snapshot
  if (snapshot.hasTag('signed-in')) return 'signedIn'
  if (snapshot.hasTag('busy')) return 'submitting'
  if (context.failure) return `failed:${context.failure.kind}`
  if (context.username === '' && context.password === '') return 'editing:empty'
  return context.username.trim() !== '' && context.password !== '' ? 'editing:filled' : 'editing:partly'
}

let loginStates: Map<string, Snapshot<unknown>> | null = null

/** The persisted login snapshot for a story state (undefined for the initial, empty form). */
export function loginSnapshot(name: LoginStoryState): Snapshot<unknown> | undefined {
  if (name === 'editing:empty') return undefined
  if (!loginStates) {
    // Traverse finely (state and context), then name: keyed by name alone the traversal would merge what differs.
    const reached = statesOf(loginPathModel, {
      key: (snapshot) => stableStringify({ value: snapshot.value, context: snapshot.context }),
    })
    loginStates = new Map()
    for (const state of reached) {
      const label = loginStateName(state.snapshot)
      if (!loginStates.has(label)) loginStates.set(label, state.persisted)
    }
  }
  const found = loginStates.get(name)
  if (!found)
    throw new Error(`login: no reachable state '${name}' (known: ${[...loginStates.keys()].join(', ')})`)
  return found
}
