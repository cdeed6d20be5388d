import { createActor, type InspectionEvent, type Observer, type Snapshot } from 'xstate'
import { notificationsMachine } from '#machines/notifications/notifications.machine.ts'
import { NOTIFICATION_DEFAULT_MS } from '#shared/domain/limits.ts'
import { createCookieConsentActors } from '#client/actors/cookie-consent.actors.ts'
import { createOrderProcessActors } from '#client/actors/order-process.actors.ts'
import { createPreferencesActors } from '#client/actors/preferences.actors.ts'
import { createSessionActors } from '#client/actors/session.actors.ts'
import { type TagManager } from '#client/actors/tag-manager.ts'
import { type AppActors, type CartSummary, EMPTY_CART_SUMMARY } from './app-actors.tsx'

/** The browser edges the app actors use; main.tsx passes the real ones, stories and tests fakes. */
export type AppActorDeps = {
  storage: Storage
  fetch: typeof fetch
  tagManager: TagManager
  reloadPage: () => void
  scrollToTopAndGoHome: () => void
  leaveAccountPages: () => void
  /** The URL hash asks for the cookie dialog (`#cookie-consent`). */
  hashRequestsCookieDialog: boolean
  isOutdatedBrowser: boolean
  /** NOTIFICATION_DEFAULT_MS unless a story wants notifications to stay. */
  notificationDurationMs?: number
  /** The dev-only inspector (Stately and the local page); undefined in production. */
  inspect?: Observer<InspectionEvent>
  /** Start actors in a given state (persisted snapshots; stories take them from the path models). */
  snapshots?: Partial<Record<AppActorName, Snapshot<unknown>>>
  cartSummary?: CartSummary
}

export type AppActorName = Exclude<keyof AppActors, 'cartSummary'>

/** Creates and starts the app-level actors with the client implementations of their edges. */
export function createAppActors(deps: AppActorDeps): AppActors {
  const options = (name: AppActorName) => ({
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
    ...(deps.snapshots?.[name] ? { snapshot: deps.snapshots[name] } : {}),
  })
  const notifications = createActor(notificationsMachine, {
    ...options('notifications'),
    input: { defaultDurationMs: deps.notificationDurationMs ?? NOTIFICATION_DEFAULT_MS },
  })
  const orderProcess = createActor(
    createOrderProcessActors({ notifications, scrollToTopAndGoHome: deps.scrollToTopAndGoHome }),
    options('orderProcess'),
  )
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
  const preferences = createActor(createPreferencesActors({ storage: deps.storage }), options('preferences'))
  const session = createActor(
    createSessionActors({ fetch: deps.fetch, notifications, leaveAccountPages: deps.leaveAccountPages }),
    options('session'),
  )
  for (const actor of [notifications, orderProcess, cookieConsent, preferences, session]) actor.start()
  return {
    notifications,
    orderProcess,
    cookieConsent,
    preferences,
    session,
    cartSummary: deps.cartSummary ?? EMPTY_CART_SUMMARY,
  }
}

/** Stops every app actor (stories and tests, when their view unmounts). */
export function stopAppActors(actors: AppActors): void {
  for (const actor of [
    actors.notifications,
    actors.orderProcess,
    actors.cookieConsent,
    actors.preferences,
    actors.session,
  ]) {
    actor.stop()
  }
}

/** IE 11 (Trident) is the outdated browser the spec warns about. */
export function isOutdatedUserAgent(userAgent: string): boolean {
  return /Trident\/|MSIE /.test(userAgent)
}
