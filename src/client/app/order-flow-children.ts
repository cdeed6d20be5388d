import { type ActorRefFrom } from 'xstate'
import { type orderFlowMachine } from '#machines/order-flow/order-flow.machine.ts'
import { SYSTEM_IDS } from '#machines/order-flow/system-ids.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { type PreviewStores } from '#client/actors/preview-store.ts'
import { type Followable } from '#client/common/slot.ts'
import {
  type ConfigureActor,
  type ConfigureSession,
  type PricingActor,
  type UploadActor,
} from './app-actors.tsx'

type OrderFlowActor = ActorRefFrom<typeof orderFlowMachine>

/** Follows the order flow's snapshot: its children change with it. */
const subscribeTo = (flow: OrderFlowActor) => (listener: () => void) => {
  const subscription = flow.subscribe(() => listener())
  return () => subscription.unsubscribe()
}

/** The flow's current upload child, read from its system. */
export function followUpload(flow: OrderFlowActor): Followable<UploadActor> {
  return {
    get: () => {
      const upload = flow.system.get(SYSTEM_IDS.upload) as UploadActor | undefined
      if (!upload) throw new Error('orderFlow: no upload child')
      return upload
    },
    subscribe: subscribeTo(flow),
  }
}

/**
 * The flow's configure and pricing children as one view model, or null when nothing is configured. The same object
 * while the children stay (views follow it with `useSyncExternalStore`).
 */
export function followConfiguration(
  flow: OrderFlowActor,
  deps: {
    previews: PreviewStores
    loadModel: (file: AnalysisFile, signal: AbortSignal) => Promise<ArrayBuffer>
  },
): Followable<ConfigureSession | null> {
  let last: ConfigureSession | null = null
  const get = (): ConfigureSession | null => {
    const { file } = flow.getSnapshot().context
    const configure = flow.system.get(SYSTEM_IDS.configure) as ConfigureActor | undefined
    const pricing = flow.system.get(SYSTEM_IDS.pricing) as PricingActor | undefined
    if (!file || !configure || !pricing) return (last = null)
    if (last?.configure === configure && last.pricing === pricing) return last
    last = {
      id: configure.sessionId,
      file,
      configure,
      pricing,
      preview: deps.previews.forFile(file._id),
      loadModel: (signal) => deps.loadModel(file, signal),
    }
    return last
  }
  return { get, subscribe: subscribeTo(flow) }
}
