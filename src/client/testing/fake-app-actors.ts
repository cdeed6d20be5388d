import { type AnyStateMachine, type Snapshot, type SnapshotFrom } from 'xstate'
import {
  cookieConsentHashPathModel,
  cookieConsentPathModel,
} from '#machines/cookie-consent/cookie-consent.paths.ts'
import { type Notification } from '#machines/notifications/notifications.machine.ts'
import { notificationsPathModel } from '#machines/notifications/notifications.paths.ts'
import { orderProcessPathModel } from '#machines/order-process/order-process.paths.ts'
import { type preferencesMachine } from '#machines/preferences/preferences.machine.ts'
import { preferencesPathModel } from '#machines/preferences/preferences.paths.ts'
import { sessionPathModel } from '#machines/session/session.paths.ts'
import { type PathModel, type ReachableState, stateName, statesOf } from '#tests/graph/path-testing.ts'
import { DEFAULT_LOCALE } from '#shared/domain/limits.ts'
import { i18n } from '#client/i18n/i18n.ts'
import { isLocale } from '#client/i18n/locales.ts'
import { type CartItem } from '#shared/contracts/cart.contract.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type Input as UploadInput } from '#machines/upload/upload.machine.ts'
import { type UploadRequest, type UploadTransport } from '#client/actors/api-client.ts'
import { type TagManager } from '#client/actors/tag-manager.ts'
import { type AppActors } from '#client/app/app-actors.tsx'
import { type AppActorName, createAppActors } from '#client/app/create-app-actors.ts'
import { type NoticesConfig } from '#client/features/notices/notices-config.ts'
import { type ContentStoryOptions, contentSnapshots } from './content-story-states.ts'
import { createMemoryStorage } from './memory-storage.ts'
import { LOGIN_STORY_STATES, loginSnapshot, sessionStateName } from './account-story-states.ts'
import { cartItems as plainCartItems } from './shop-fixtures.ts'
import {
  CART_STORY_STATES,
  cartSnapshot,
  configureSnapshot,
  type ConfigureStoryState,
  PRINT_MODES_STORY_STATES,
  printModesSnapshot,
  type PricingStoryState,
  pricingSnapshot,
  UPLOAD_STORY_STATES,
  uploadSnapshot,
} from './story-states.ts'

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

/**
 * `ready:private`, `ready:business`, `ready:private:attachments` (the attachment disclaimer accepted) …, with
 * `:account` while a user is logged in and `:saving` while the account stores the customer type.
 */
export function preferencesStateName(snapshot: SnapshotFrom<typeof preferencesMachine>): string {
  if (!snapshot.matches('ready')) return stateName(snapshot.value)
  const { isBusinessCustomer, acceptAttachmentDisclaimer, accountKnown } = snapshot.context
  const saving = snapshot.matches({ ready: 'saving' }) ? ':saving' : ''
  return `ready:${isBusinessCustomer.value ? 'business' : 'private'}${acceptAttachmentDisclaimer.value ? ':attachments' : ''}${accountKnown ? ':account' : ''}${saving}`
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
  session: ['checking', 'loggedIn', 'loggedIn:business', 'loggingOut', 'loggedOut'],
  login: LOGIN_STORY_STATES,
  preferences: [
    'loading',
    'ready:private',
    'ready:business',
    'ready:private:attachments',
    'ready:business:attachments',
    'ready:private:account',
    'ready:business:account',
    'ready:private:attachments:account',
    'ready:business:attachments:account',
    'ready:private:account:saving',
    'ready:business:account:saving',
    'ready:private:attachments:account:saving',
    'ready:business:attachments:account:saving',
  ],
  notifications: ['idle', 'showing'],
  cart: CART_STORY_STATES,
  printModes: PRINT_MODES_STORY_STATES,
  upload: UPLOAD_STORY_STATES,
} as const satisfies Record<AppActorName, readonly string[]>

export type FakeStates = { [K in AppActorName]?: (typeof FAKE_STATES)[K][number] }

/** The machine state each actor starts in when nothing is restored. */
const INITIAL_STATES = {
  orderProcess: 'noOrderOngoing',
  cookieConsent: 'loading',
  session: 'checking',
  login: 'editing:empty',
  preferences: 'loading',
  notifications: 'idle',
  cart: 'loading',
  printModes: 'loading',
  upload: 'idle',
} as const satisfies Record<AppActorName, string>

/**
 * The persisted snapshot of a reachable state, or undefined for the initial state (the actor then starts fresh from
 * its input and runs its real start-up, e.g. loading the cookie choice from the fake storage).
 */
function persistedState(
  name: AppActorName,
  state: string,
  isOutdatedBrowser: boolean,
  cartItems: CartItem[],
): Snapshot<unknown> | undefined {
  if (state === INITIAL_STATES[name]) return undefined
  if (name === 'cart') return cartSnapshot(state, cartItems)
  if (name === 'printModes') return printModesSnapshot(state as (typeof PRINT_MODES_STORY_STATES)[number])
  if (name === 'upload') return uploadSnapshot(state)
  if (name === 'login') return loginSnapshot(state as (typeof LOGIN_STORY_STATES)[number])
  const states =
    name === 'orderProcess'
      ? reachableStates(orderProcessPathModel)
      : name === 'cookieConsent'
        ? // The outdated-browser model reaches the warning states; the other one is a current browser.
          reachableStates(isOutdatedBrowser ? cookieConsentPathModel : cookieConsentHashPathModel)
        : name === 'session'
          ? reachableStates(sessionPathModel, sessionStateName)
          : name === 'preferences'
            ? reachableStates(preferencesPathModel, preferencesStateName)
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
  fetched: string[]
  /** Multipart uploads sent (they never answer unless `upload` is given). */
  uploads: UploadRequest[]
  openedFilePicker: number
  /** `cart`, `configure`, `login?returnTo=…`, a page after login (`/account`): where the app navigated. */
  navigations: string[]
}

export type FakeAppActorsOptions = {
  /** The state each actor starts in; by default the state a returning visitor sees (consent stored, logged out). */
  states?: FakeStates
  /** Plain items in a ready cart (the header's count); `cartItems` gives the items themselves. */
  cartItemCount?: number
  cartItems?: CartItem[]
  /** A file being configured: the configure machine's named state and the pricing state beside it. */
  configure?: { state: ConfigureStoryState; pricing?: PricingStoryState; file?: AnalysisFile }
  /** Default: a transport that never answers. */
  upload?: UploadTransport
  /** The white label's API key sent with every call (none by default). */
  apiKey?: string
  uploadInput?: UploadInput
  /** Shown right away (a snackbar story); it stays until dismissed unless `notificationDurationMs` is given. */
  notification?: Notification
  notificationDurationMs?: number
  storage?: Storage
  /** Default: a fetch that never answers. */
  fetch?: typeof fetch
  hashRequestsCookieDialog?: boolean
  isOutdatedBrowser?: boolean
  /** The CMS navigation (ready by default), CMS page, newsletter and contact form states. */
  content?: ContentStoryOptions
  /** The notices to show; by default this build's configuration. */
  notices?: NoticesConfig
}

const DEFAULT_STATES = {
  orderProcess: 'noOrderOngoing',
  cookieConsent: 'closed.idle',
  session: 'loggedOut',
  login: 'editing:empty',
  preferences: 'ready:private',
  notifications: 'idle',
  cart: 'ready',
  printModes: 'ready',
  upload: 'idle',
} as const satisfies Required<FakeStates>

/** An hour: long enough that a story's notification never disappears while someone looks at it. */
const STORY_NOTIFICATION_MS = 60 * 60 * 1_000

export function createFakeAppActors(options: FakeAppActorsOptions = {}): {
  actors: AppActors
  edges: FakeEdges
} {
  const states: Required<FakeStates> = {
    ...DEFAULT_STATES,
    // A file being configured: the order process is in its configure step unless the story says otherwise.
    ...(options.configure ? { orderProcess: 'configureModel' } : {}),
    ...options.states,
  }
  const items = options.cartItems ?? plainCartItems(options.cartItemCount ?? 0)
  const edges: FakeEdges = {
    storage: options.storage ?? createMemoryStorage(),
    reloads: 0,
    tagManagerEnabled: undefined,
    wentHome: 0,
    fetched: [],
    uploads: [],
    openedFilePicker: 0,
    navigations: [],
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
    const persisted = persistedState(name, states[name], options.isOutdatedBrowser ?? false, items)
    if (persisted) snapshots[name] = persisted
  }

  const uploadNever: UploadTransport = (request) => {
    edges.uploads.push(request)
    return new Promise(() => {})
  }
  const configure = options.configure && configureSnapshot(options.configure.state, options.configure.file)
  const pricing = options.configure?.pricing && pricingSnapshot(options.configure.pricing)

  const actors = createAppActors({
    storage: edges.storage,
    fetch: options.fetch ?? fetchNever,
    upload: options.upload ?? uploadNever,
    locale: () => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE),
    tagManager,
    reloadPage: () => {
      edges.reloads += 1
    },
    scrollToTopAndGoHome: () => {
      edges.wentHome += 1
    },
    showConfigure: () => edges.navigations.push('configure'),
    showCart: () => edges.navigations.push('cart'),
    redirectToLogin: (returnTo) => edges.navigations.push(`login?returnTo=${returnTo}`),
    showPage: (path) => edges.navigations.push(path),
    currentPath: () => '/',
    openFilePicker: () => {
      edges.openedFilePicker += 1
    },
    ...(options.uploadInput ? { uploadInput: options.uploadInput } : {}),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(configure
      ? {
          configuration: {
            file: configure.file,
            configure: configure.snapshot,
            ...(pricing ? { pricing } : {}),
          },
        }
      : {}),
    hashRequestsCookieDialog: options.hashRequestsCookieDialog ?? false,
    isOutdatedBrowser: options.isOutdatedBrowser ?? false,
    notificationDurationMs: options.notificationDurationMs ?? STORY_NOTIFICATION_MS,
    snapshots,
    contentSnapshots: contentSnapshots(
      options.content ?? {},
      isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE,
    ),
    ...(options.notices ? { notices: options.notices } : {}),
  })
  if (options.notification)
    actors.notifications.send({ type: 'notify.show', notification: options.notification })
  return { actors, edges }
}
