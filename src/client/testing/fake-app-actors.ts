import { type AnyStateMachine, type Snapshot } from 'xstate'
import {
  cookieConsentHashPathModel,
  cookieConsentPathModel,
} from '#machines/cookie-consent/cookie-consent.paths.ts'
import { type Notification } from '#machines/notifications/notifications.machine.ts'
import { notificationsPathModel } from '#machines/notifications/notifications.paths.ts'
import { orderProcessPathModel } from '#machines/order-process/order-process.paths.ts'
import { preferencesPathModel } from '#machines/preferences/preferences.paths.ts'
import { sessionPathModel } from '#machines/session/session.paths.ts'
import { type PathModel, type ReachableState, stateName, statesOf } from '#tests/graph/path-testing.ts'
import { type TagManager } from '#client/actors/tag-manager.ts'
import { type AppActors } from '#client/app/app-actors.tsx'
import { type AppActorName, createAppActors } from '#client/app/create-app-actors.ts'
import { createMemoryStorage } from './memory-storage.ts'

/**
 * Fake app actors for stories and DOM tests: the client implementations of every machine with fake edges (memory
 * storage, a fetch that never answers, recorded reloads and navigation), each actor started in a state that its path
 * model reaches (`statesOf`), so a story shows exactly what the machine can be in.
 */

const stateCache = new Map<PathModel<AnyStateMachine>, Map<string, ReachableState<AnyStateMachine>>>()

function reachableStates<TMachine extends AnyStateMachine>(
  model: PathModel<TMachine>,
  key?: (snapshot: ReachableState<TMachine>['snapshot']) => string,
): Map<string, ReachableState<AnyStateMachine>> {
  const erased = model as unknown as PathModel<AnyStateMachine>
  let states = stateCache.get(erased)
  if (!states) {
    const list = key ? statesOf(model, { key }) : statesOf(model)
    states = new Map(list.map((state) => [state.name, state as unknown as ReachableState<AnyStateMachine>]))
    stateCache.set(erased, states)
  }
  return states
}

/** The reachable state names of each app actor (what a story may ask for). */
export const FAKE_STATES = {
  orderProcess: [
    'noOrderOngoing',
    'upload',
    'configureModel',
    'viewCart',
    'provideCustomerDetails',
    'reviewOrder',
    'orderCompleted',
  ],
  cookieConsent: [
    'loading',
    'dialogOpen',
    'closed.idle',
    'closed.warningPending',
    'closed.warningShown',
    'revoked',
  ],
  session: ['checking', 'loggedIn', 'loggingOut', 'loggedOut'],
  preferences: ['loading', 'ready:private', 'ready:business'],
  notifications: ['idle', 'showing'],
} as const satisfies Record<AppActorName, readonly string[]>

export type FakeStates = { [K in AppActorName]?: (typeof FAKE_STATES)[K][number] }

/** The machine state each actor starts in when nothing is restored. */
const INITIAL_STATES = {
  orderProcess: 'noOrderOngoing',
  cookieConsent: 'loading',
  session: 'checking',
  preferences: 'loading',
  notifications: 'idle',
} as const satisfies Record<AppActorName, string>

/**
 * The persisted snapshot of a reachable state, or undefined for the initial state (the actor then starts fresh from
 * its input and runs its real start-up, e.g. loading the cookie choice from the fake storage).
 */
function persistedState(
  name: AppActorName,
  state: string,
  isOutdatedBrowser: boolean,
): Snapshot<unknown> | undefined {
  if (state === INITIAL_STATES[name]) return undefined
  const states =
    name === 'orderProcess'
      ? reachableStates(orderProcessPathModel)
      : name === 'cookieConsent'
        ? // The outdated-browser model reaches the warning states; the other one is a current browser.
          reachableStates(isOutdatedBrowser ? cookieConsentPathModel : cookieConsentHashPathModel)
        : name === 'session'
          ? reachableStates(sessionPathModel)
          : name === 'preferences'
            ? reachableStates(preferencesPathModel, (snapshot) =>
                snapshot.value === 'ready'
                  ? `ready:${snapshot.context.isBusinessCustomer.value ? 'business' : 'private'}`
                  : stateName(snapshot.value),
              )
            : reachableStates(notificationsPathModel)
  const found = states.get(state)
  if (!found)
    throw new Error(`fake ${name}: no reachable state '${state}' (known: ${[...states.keys()].join(', ')})`)
  return found.persisted
}

/** What fake edges recorded, for tests to assert on. */
export type FakeEdges = {
  storage: Storage
  reloads: number
  tagManagerEnabled: boolean | undefined
  wentHome: number
  leftAccountPages: number
  fetched: string[]
}

export type FakeAppActorsOptions = {
  /** The state each actor starts in; by default the state a returning visitor sees (consent stored, logged out). */
  states?: FakeStates
  cartItemCount?: number
  /** Shown right away (a snackbar story); it stays until dismissed unless `notificationDurationMs` is given. */
  notification?: Notification
  notificationDurationMs?: number
  storage?: Storage
  /** Default: a fetch that never answers. */
  fetch?: typeof fetch
  hashRequestsCookieDialog?: boolean
  isOutdatedBrowser?: boolean
}

const DEFAULT_STATES = {
  orderProcess: 'noOrderOngoing',
  cookieConsent: 'closed.idle',
  session: 'loggedOut',
  preferences: 'ready:private',
  notifications: 'idle',
} as const satisfies Required<FakeStates>

/** An hour: long enough that a story's notification never disappears while someone looks at it. */
const STORY_NOTIFICATION_MS = 60 * 60 * 1_000

export function createFakeAppActors(options: FakeAppActorsOptions = {}): {
  actors: AppActors
  edges: FakeEdges
} {
  const states = { ...DEFAULT_STATES, ...options.states }
  const edges: FakeEdges = {
    storage: options.storage ?? createMemoryStorage(),
    reloads: 0,
    tagManagerEnabled: undefined,
    wentHome: 0,
    leftAccountPages: 0,
    fetched: [],
  }
  const tagManager: TagManager = {
    setEnabled: (enabled) => {
      edges.tagManagerEnabled = enabled
    },
    isEnabled: () => edges.tagManagerEnabled === true,
  }
  const fetchNever: typeof fetch = (input) => {
    edges.fetched.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    return new Promise<Response>(() => {})
  }
  const snapshots: Partial<Record<AppActorName, Snapshot<unknown>>> = {}
  for (const name of Object.keys(states) as AppActorName[]) {
    const persisted = persistedState(name, states[name], options.isOutdatedBrowser ?? false)
    if (persisted) snapshots[name] = persisted
  }

  const actors = createAppActors({
    storage: edges.storage,
    fetch: options.fetch ?? fetchNever,
    tagManager,
    reloadPage: () => {
      edges.reloads += 1
    },
    scrollToTopAndGoHome: () => {
      edges.wentHome += 1
    },
    leaveAccountPages: () => {
      edges.leftAccountPages += 1
    },
    hashRequestsCookieDialog: options.hashRequestsCookieDialog ?? false,
    isOutdatedBrowser: options.isOutdatedBrowser ?? false,
    notificationDurationMs: options.notificationDurationMs ?? STORY_NOTIFICATION_MS,
    snapshots,
    cartSummary: { itemCount: options.cartItemCount ?? 0 },
  })
  if (options.notification)
    actors.notifications.send({ type: 'notify.show', notification: options.notification })
  return { actors, edges }
}
