import { createContext, type ReactNode, use } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type cartMachine } from '#machines/cart/cart.machine.ts'
import { type cookieConsentMachine } from '#machines/cookie-consent/cookie-consent.machine.ts'
import { type notificationsMachine } from '#machines/notifications/notifications.machine.ts'
import { type orderProcessMachine } from '#machines/order-process/order-process.machine.ts'
import { type preferencesMachine } from '#machines/preferences/preferences.machine.ts'
import { type sessionMachine } from '#machines/session/session.machine.ts'
import { type loginMachine } from '#machines/login/login.machine.ts'
import { type uploadMachine } from '#machines/upload/upload.machine.ts'
import { type configureMachine } from '#machines/configure/configure.machine.ts'
import { type orderFlowMachine } from '#machines/order-flow/order-flow.machine.ts'
import { type checkoutMachine } from '#machines/checkout/checkout.machine.ts'
import { type pricingMachine } from '#machines/pricing/pricing.machine.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type PreviewStore, type PreviewStores } from '#client/actors/preview-store.ts'
import { type printModesMachine } from '#machines/print-modes/print-modes.machine.ts'
import { type ContentActors } from '#client/actors/content-actors.ts'
import { type AccountFormsLogic } from '#client/actors/account-forms.actors.ts'
import { type RegistrationLogic } from '#client/actors/register.actors.ts'
import { type OrdersLogic } from '#client/actors/orders.actors.ts'
import { type CitySuggestionLogic } from '#client/actors/postal-lookup.actors.ts'
import { type DownloadLogic } from '#client/actors/download.actors.ts'
import { type voucherMachine } from '#machines/voucher/voucher.machine.ts'
import { type Followable } from '#client/common/slot.ts'
import { type ApiClient } from '#client/actors/api-client.ts'

export type UploadActor = ActorRefFrom<typeof uploadMachine>
export type ConfigureActor = ActorRefFrom<typeof configureMachine>
export type PricingActor = ActorRefFrom<typeof pricingMachine>
export type { PreviewStore }

/** What the configure views read of the file being configured: the order flow's configure and pricing children. */
export type ConfigureSession = {
  /** Unique per configuration (a key for views): the configure child's session id. */
  id: string
  /** The file as uploaded (the configure context has the saved one). */
  file: AnalysisFile
  configure: ConfigureActor
  pricing: PricingActor
  preview: PreviewStore
  /** The (repaired) model as 3MF for the 3D preview: `GET /api/analytx{files['3mf']}`. */
  loadModel: (signal: AbortSignal) => Promise<ArrayBuffer>
}

/** The app-level actors, created once at boot (or by a story or test with fakes) and shared by every view. */
export type AppActors = {
  orderProcess: ActorRefFrom<typeof orderProcessMachine>
  cookieConsent: ActorRefFrom<typeof cookieConsentMachine>
  notifications: ActorRefFrom<typeof notificationsMachine>
  preferences: ActorRefFrom<typeof preferencesMachine>
  session: ActorRefFrom<typeof sessionMachine>
  /** The login form (`/login`), app-wide so that it can follow the cart; `login.open` starts it afresh. */
  login: ActorRefFrom<typeof loginMachine>
  cart: ActorRefFrom<typeof cartMachine>
  /** The print-mode catalogue, loaded once (and again when the language changes). */
  printModes: ActorRefFrom<typeof printModesMachine>
  /**
   * The shopper's order flow (docs/decisions/0080): the root of the system whose children are the order process,
   * cart, catalogue, upload, configure and pricing actors.
   */
  orderFlow: ActorRefFrom<typeof orderFlowMachine>
  /** The checkout (payment details, review, placing): the order flow's child (system id `checkout`, issue 16). */
  checkout: ActorRefFrom<typeof checkoutMachine>
  /** The flow's current upload child (a fresh one after each finished upload). */
  upload: Followable<UploadActor>
  /** The flow's configure and pricing children for the uploaded file, or null. */
  configuration: Followable<ConfigureSession | null>
  /** The 3D preview's pictures, per configured file. */
  previews: PreviewStores
  /** The (repaired) model of a file as 3MF. */
  loadModel: (file: AnalysisFile, signal: AbortSignal) => Promise<ArrayBuffer>
  /** Reloads the page (the upload hero's close icon). */
  reloadPage: () => void
  /** CMS navigation and pages, the newsletter, contact and VAT-ID forms, the notices (issue 6). */
  content: ContentActors
  /** The logic of the reset-password, e-mail change, password change and account forms (issue 15). */
  accountForms: AccountFormsLogic
  /** The register and opt-in machines with their calls; `/register` and `/optin/{id}` start one actor each. */
  registration: RegistrationLogic
  /** The order pages' logic (issue 16): order complete, order details, tracking, the account's order history. */
  orders: OrdersLogic
  /** The API client with the session guard: lazy chunks (the staff workspace, issue 17) build their actors on it. */
  api: ApiClient
  /** The review page's voucher: the order flow's child (system id `voucher`, issue 16). */
  voucher: ActorRefFrom<typeof voucherMachine>
  /** The address forms' city suggestion with the server's postal-code lookup; each fieldset starts its own actor. */
  citySuggestion: CitySuggestionLogic
  /** Download links (decision 0142): each link starts its own actor, which fetches before it saves. */
  download: DownloadLogic
}

const AppActorsContext = createContext<AppActors | null>(null)

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext value={actors}>{children}</AppActorsContext>
}

/** The app actors, or null outside the app (a component's own story): for views that also work without them. */
export function useOptionalAppActors(): AppActors | null {
  return use(AppActorsContext)
}

/** The app-level actors; views select from their snapshots and send them events. */
export function useAppActors(): AppActors {
  const actors = use(AppActorsContext)
  if (!actors) throw new Error('useAppActors must be used inside <AppActorsProvider>')
  return actors
}
