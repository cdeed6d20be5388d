import { createActor, type InspectionEvent, type Observer, type Snapshot } from 'xstate'
import { notificationsMachine } from '#machines/notifications/notifications.machine.ts'
import { type Input as UploadInput } from '#machines/upload/upload.machine.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type SessionUser } from '#shared/contracts/auth.contract.ts'
import {
  CREATE_NEW_UPLOAD_DELAY_MS,
  DEMO_ANALYZING_DELAY_MS,
  NOTIFICATION_DEFAULT_MS,
  PRICE_LOADING_FLAG_CLEAR_MS,
  PRICING_INVALID_DEBOUNCE_MS,
  type Locale,
  TASK_POLL_INTERVAL_MS,
  TASK_POLL_MAX_TRIES,
} from '#shared/domain/limits.ts'
import { createApiClient, type UploadTransport } from '#client/actors/api-client.ts'
import { createSessionGuard, refreshSessionCall } from '#client/actors/api-session.ts'
import { analysisAssetUrl } from '#client/actors/api-paths.ts'
import { createCookieConsentActors } from '#client/actors/cookie-consent.actors.ts'
import { createAccountFormsLogic } from '#client/actors/account-forms.actors.ts'
import { createOrderFlowActors } from '#client/actors/order-flow.actors.ts'
import { createDownloadLogic } from '#client/actors/download.actors.ts'
import { createCitySuggestionLogic, createLookUpCity } from '#client/actors/postal-lookup.actors.ts'
import { keepAndRestoreConfiguration } from '#client/actors/configure-restore.ts'
import { reloadOnLanguageChange } from '#client/actors/print-modes.actors.ts'
import { accountEventOf, createPreferencesActors } from '#client/actors/preferences.actors.ts'
import { createPreviewStores } from '#client/actors/preview-store.ts'
import { createSessionActors } from '#client/actors/session.actors.ts'
import { createLoginActors } from '#client/actors/login.actors.ts'
import { type TagManager } from '#client/actors/tag-manager.ts'
import { type ContentSnapshots, createContentActors } from '#client/actors/content-actors.ts'
import { createRegistrationLogic } from '#client/actors/register.actors.ts'
import { createOrdersLogic } from '#client/actors/orders.actors.ts'
import { type NoticesConfig, noticesConfig } from '#client/features/notices/notices-config.ts'
import { withoutDisabledNotices } from '#client/features/notices/notice-filter.ts'
import { COOKIE_CHOICE_STORAGE_KEY } from '#shared/contracts/cookie-choice.contract.ts'
import { PREFERENCES_STORAGE_KEY } from '#shared/contracts/preferences.contract.ts'
import { WELCOME_SEEN_STORAGE_KEY } from '#client/features/notices/welcome-notice.ts'
import { type AppActors } from './app-actors.tsx'
import { followConfiguration, followUpload } from './order-flow-children.ts'
import { startOrderFlow } from './start-order-flow.ts'

/** The browser edges the app actors use; main.tsx passes the real ones, stories and tests fakes. */
export type AppActorDeps = {
  storage: Storage
  fetch: typeof fetch
  /** The multipart upload with progress (XHR in the browser). */
  upload: UploadTransport
  /** The active locale (the language header of every API call). */
  locale: () => Locale
  /** Called with a listener that runs when the language changes (the catalogue is reloaded then). */
  onLocaleChange?: (listener: () => void) => void
  /** The white label's API key (`VITE_API_KEY`); none: the default white label. */
  apiKey?: string | undefined
  tagManager: TagManager
  reloadPage: () => void
  scrollToTopAndGoHome: () => void
  /** The configure view lives on the home page: navigate there without scrolling. */
  showConfigure: () => void
  /** The cart page, after "add to cart". */
  showCart: () => void
  /** The session could not be refreshed after a 401/403: the login page, returning to `returnTo`. */
  redirectToLogin: (returnTo: string) => void
  /** A page of this site (path without locale prefix, maybe with a search) in the current language: after login. */
  showPage: (path: string) => void
  /** The current path (where the login page returns to). */
  currentPath: () => string
  /** Clicks the visible file input (the upload's create-new button). */
  openFilePicker: () => void
  /** The URL hash asks for the cookie dialog (`#cookie-consent`). */
  hashRequestsCookieDialog: boolean
  isOutdatedBrowser: boolean
  /** NOTIFICATION_DEFAULT_MS unless a story wants notifications to stay. */
  notificationDurationMs?: number
  /** The upload's limits; the shop's constants unless a test wants them small. */
  uploadInput?: UploadInput
  /** The dev-only inspector (Stately and the local page); undefined in production. */
  inspect?: Observer<InspectionEvent>
  /** Start actors in a given state (persisted snapshots; stories take them from the path models). */
  snapshots?: Partial<Record<AppActorName, Snapshot<unknown>>>
  /** The tab's storage: the configuration survives a reload in it (issue 14, item 3); none in stories and tests. */
  sessionStorage?: Storage
  /** Start with a file being configured (stories and tests). */
  configuration?: { file: AnalysisFile; configure?: Snapshot<unknown>; pricing?: Snapshot<unknown> }
  /** Start the content actors (CMS navigation and page, newsletter and contact forms) in given states. */
  contentSnapshots?: ContentSnapshots
  /** The notices to show; this build's `VITE_NOTICE_*` configuration by default. */
  notices?: NoticesConfig
}

export type AppActorName =
  | 'orderProcess'
  | 'cookieConsent'
  | 'notifications'
  | 'preferences'
  | 'session'
  | 'login'
  | 'cart'
  | 'printModes'
  | 'upload'

export const SHOP_UPLOAD_INPUT: UploadInput = {
  maxPolls: TASK_POLL_MAX_TRIES,
  pollIntervalMs: TASK_POLL_INTERVAL_MS,
  createNewDelayMs: CREATE_NEW_UPLOAD_DELAY_MS,
  demoDelayMs: DEMO_ANALYZING_DELAY_MS,
}

const PRICING_INPUT = {
  debounceMs: PRICING_INVALID_DEBOUNCE_MS,
  loadingFlagClearMs: PRICE_LOADING_FLAG_CLEAR_MS,
}

/** What a placed order leaves in local storage (part 2 §4): the cookie choice, the preferences, the welcome notice. */
const KEEP_AFTER_ORDER = [COOKIE_CHOICE_STORAGE_KEY, PREFERENCES_STORAGE_KEY, WELCOME_SEEN_STORAGE_KEY]

/** The options of an app actor: the inspector and the snapshot to start in, if any. */
type ActorOptions = (name: AppActorName) => object

/** Where the app actors' stop functions are kept, for {@link stopAppActors}. */
const stoppers = new WeakMap<AppActors, () => void>()

/**
 * The session and login actors (not started yet) and the API client whose calls refresh the session on a 401/403
 * (docs/decisions/0088).
 */
function createSessionAndApi(
  deps: AppActorDeps,
  notifications: AppActors['notifications'],
  options: ActorOptions,
  onUserChanged: (user: SessionUser | null) => void,
) {
  const session = createActor(
    createSessionActors({ fetch: deps.fetch, notifications, onUserChanged }),
    options('session'),
  )
  const login = createActor(createLoginActors({ ...deps, session }), options('login'))
  const api = createApiClient({
    fetch: deps.fetch,
    upload: deps.upload,
    locale: deps.locale,
    apiKey: deps.apiKey,
    withSession: createSessionGuard({
      refresh: refreshSessionCall(deps.fetch),
      redirectToLogin: deps.redirectToLogin,
      notifySessionExpired: () => session.send({ type: 'session.expired' }),
      returnTo: deps.currentPath,
    }),
  })
  return { session, login, api }
}

/** The notifications and the cookie consent: the shell's actors, which need no API (not started yet). */
function createShellActors(deps: AppActorDeps, options: ActorOptions) {
  const notifications = createActor(notificationsMachine, {
    ...options('notifications'),
    input: { defaultDurationMs: deps.notificationDurationMs ?? NOTIFICATION_DEFAULT_MS },
  })
  const cookieConsent = createActor(
    createCookieConsentActors({
      storage: deps.storage,
      tagManager: deps.tagManager,
      reloadPage: deps.reloadPage,
    }),
    {
      ...options('cookieConsent'),
      input: { hashRequestsDialog: deps.hashRequestsCookieDialog, isOutdatedBrowser: deps.isOutdatedBrowser },
    },
  )
  return { notifications, cookieConsent }
}

/** What the order flow reads from the actors started before it. */
type OrderFlowEdges = Pick<AppActors, 'api' | 'notifications' | 'session' | 'preferences' | 'previews'> & {
  notices: NoticesConfig
}

/** Starts the order flow (upload, configure, pricing, cart, checkout) with the client implementations. */
function startShopOrderFlow(deps: AppActorDeps, edges: OrderFlowEdges) {
  const { api, notifications, session, preferences, previews, notices } = edges
  return startOrderFlow({
    logic: createOrderFlowActors({
      api,
      storage: deps.storage,
      notifications,
      flowNotifications: withoutDisabledNotices(notifications, notices),
      previews,
      scrollToTopAndGoHome: deps.scrollToTopAndGoHome,
      openFilePicker: deps.openFilePicker,
      showConfigure: deps.showConfigure,
      showCart: deps.showCart,
      checkout: {
        tabStorage: deps.sessionStorage,
        loggedIn: () => session.getSnapshot().context.user !== null,
        isBusinessCustomer: () => preferences.getSnapshot().context.isBusinessCustomer.value,
        showPage: deps.showPage,
      },
      keepAfterOrder: KEEP_AFTER_ORDER,
      dismissNotice: (message) => {
        if (notifications.getSnapshot().context.current?.message === message)
          notifications.send({ type: 'notify.dismiss' })
      },
    }),
    input: { upload: deps.uploadInput ?? SHOP_UPLOAD_INPUT, pricing: PRICING_INPUT },
    inspect: deps.inspect,
    snapshots: deps.snapshots,
    configuration: deps.configuration,
  })
}

/** Creates and starts the app-level actors with the client implementations of their edges. */
export function createAppActors(deps: AppActorDeps): AppActors {
  const options: ActorOptions = (name) => ({
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
    ...(deps.snapshots?.[name] ? { snapshot: deps.snapshots[name] } : {}),
  })
  const { notifications, cookieConsent } = createShellActors(deps, options)
  // The session tells the preferences about its user (they follow the account, issue 15); it only runs once started.
  const { session, login, api } = createSessionAndApi(deps, notifications, options, (user) =>
    preferences.send(accountEventOf(user)),
  )
  const preferences = createActor(
    createPreferencesActors({ storage: deps.storage, api, notifications }),
    options('preferences'),
  )
  const notices = deps.notices ?? noticesConfig
  const content = createContentActors({
    api,
    notifications,
    locale: deps.locale,
    storage: deps.storage,
    goHome: deps.scrollToTopAndGoHome,
    notices,
    snapshots: deps.contentSnapshots,
    inspect: deps.inspect,
  })

  for (const actor of [notifications, cookieConsent, preferences, session, login]) actor.start()
  const previews = createPreviewStores()
  const orderFlow = startShopOrderFlow(deps, { api, notifications, session, preferences, previews, notices })
  const { orderProcess, cart, printModes } = orderFlow.children
  const loadModel = (file: AnalysisFile, signal: AbortSignal) =>
    api.binary(analysisAssetUrl(file.files['3mf']), { signal })
  if (deps.onLocaleChange) reloadOnLanguageChange(printModes, deps.locale, deps.onLocaleChange)
  const cartFollower = followCartForLogin(cart, login)
  const stopKeepingConfiguration = deps.sessionStorage
    ? keepAndRestoreConfiguration({ flow: orderFlow.actor, api, storage: deps.sessionStorage, notifications })
    : () => {}

  const actors: AppActors = {
    notifications,
    orderProcess,
    cookieConsent,
    preferences,
    session,
    login,
    cart,
    printModes,
    checkout: orderFlow.children.checkout,
    voucher: orderFlow.children.voucher,
    api,
    citySuggestion: createCitySuggestionLogic(createLookUpCity(api)),
    download: createDownloadLogic(api),
    orderFlow: orderFlow.actor,
    upload: followUpload(orderFlow.actor),
    configuration: followConfiguration(orderFlow.actor, { previews, loadModel }),
    previews,
    loadModel,
    reloadPage: deps.reloadPage,
    content: content.actors,
    accountForms: createAccountFormsLogic({
      api,
      notifications,
      logout: () => session.send({ type: 'session.logout' }),
    }),
    registration: createRegistrationLogic(api),
    orders: createOrdersLogic({ api, notifications, showPage: deps.showPage, orderFlow: orderFlow.actor }),
  }
  stoppers.set(actors, () => {
    orderFlow.actor.stop()
    content.stop()
    cartFollower.unsubscribe()
    stopKeepingConfiguration()
    for (const actor of [notifications, cookieConsent, preferences, session, login]) actor.stop()
  })
  return actors
}

/** The login form continues the checkout after login when the cart has items: it follows the cart's item count. */
function followCartForLogin(cart: AppActors['cart'], login: AppActors['login']) {
  let hasItems: boolean | null = null
  const update = () => {
    const next = cart.getSnapshot().context.items.length > 0
    if (next === hasItems) return
    hasItems = next
    login.send({ type: 'login.cartChanged', hasItems: next })
  }
  update()
  return cart.subscribe(update)
}

/** Stops every app actor (stories and tests, when their view unmounts). */
export function stopAppActors(actors: AppActors): void {
  stoppers.get(actors)?.()
}

/** IE 11 (Trident) is the outdated browser the spec warns about. */
export function isOutdatedUserAgent(userAgent: string): boolean {
  return /Trident\/|MSIE /.test(userAgent)
}
