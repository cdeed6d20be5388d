import { createContext, type ReactNode, use } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type cartMachine } from '#machines/cart/cart.machine.ts'
import { type cookieConsentMachine } from '#machines/cookie-consent/cookie-consent.machine.ts'
import { type notificationsMachine } from '#machines/notifications/notifications.machine.ts'
import { type orderProcessMachine } from '#machines/order-process/order-process.machine.ts'
import { type preferencesMachine } from '#machines/preferences/preferences.machine.ts'
import { type sessionMachine } from '#machines/session/session.machine.ts'
import { type uploadMachine } from '#machines/upload/upload.machine.ts'
import { type printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import { type ContentActors } from '#client/actors/content-actors.ts'
import { type ConfigureSession } from './configure-session.ts'
import { type Slot } from './slot.ts'

export type UploadActor = ActorRefFrom<typeof uploadMachine>

/** The app-level actors, created once at boot (or by a story or test with fakes) and shared by every view. */
export type AppActors = {
  orderProcess: ActorRefFrom<typeof orderProcessMachine>
  cookieConsent: ActorRefFrom<typeof cookieConsentMachine>
  notifications: ActorRefFrom<typeof notificationsMachine>
  preferences: ActorRefFrom<typeof preferencesMachine>
  session: ActorRefFrom<typeof sessionMachine>
  cart: ActorRefFrom<typeof cartMachine>
  /** The print-mode catalogue, loaded once (and again when the language changes). */
  printModes: ActorRefFrom<typeof printModesMachine>
  /** The upload of the next 3D file: a fresh actor after each finished upload. */
  upload: Slot<UploadActor>
  /** The uploaded file being configured (configure and pricing actors), or null. */
  configuration: Slot<ConfigureSession | null>
  /** Reloads the page (the upload hero's close icon). */
  reloadPage: () => void
  /** CMS navigation and pages, the newsletter, contact and VAT-ID forms, the notices (issue 6). */
  content: ContentActors
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
