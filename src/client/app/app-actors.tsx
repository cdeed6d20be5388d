import { createContext, type ReactNode, use } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type cookieConsentMachine } from '#machines/cookie-consent/cookie-consent.machine.ts'
import { type notificationsMachine } from '#machines/notifications/notifications.machine.ts'
import { type orderProcessMachine } from '#machines/order-process/order-process.machine.ts'
import { type preferencesMachine } from '#machines/preferences/preferences.machine.ts'
import { type sessionMachine } from '#machines/session/session.machine.ts'

/** What the header shows of the cart until the cart machine exists. */
export type CartSummary = { itemCount: number }
export const EMPTY_CART_SUMMARY: CartSummary = { itemCount: 0 }

/** The app-level actors, created once at boot (or by a story or test with fakes) and shared by every view. */
export type AppActors = {
  orderProcess: ActorRefFrom<typeof orderProcessMachine>
  cookieConsent: ActorRefFrom<typeof cookieConsentMachine>
  notifications: ActorRefFrom<typeof notificationsMachine>
  preferences: ActorRefFrom<typeof preferencesMachine>
  session: ActorRefFrom<typeof sessionMachine>
  /** Replaced by the cart machine's summary in a later issue. */
  cartSummary: CartSummary
}

const AppActorsContext = createContext<AppActors | null>(null)

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext value={actors}>{children}</AppActorsContext>
}

/** The app-level actors; views select from their snapshots and send them events. */
export function useAppActors(): AppActors {
  const actors = use(AppActorsContext)
  if (!actors) throw new Error('useAppActors must be used inside <AppActorsProvider>')
  return actors
}
