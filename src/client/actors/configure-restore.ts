import { type ActorRefFrom, type Subscription } from 'xstate'
import { z } from 'zod'
import { type configureMachine } from '#machines/configure/configure.machine.ts'
import { type orderFlowMachine } from '#machines/order-flow/order-flow.machine.ts'
import { SYSTEM_IDS } from '#machines/order-flow/system-ids.ts'
import { AnalysisFileSchema } from '#shared/contracts/analysis.contract.ts'
import { UNITS_OF_LENGTH } from '#shared/domain/limits.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'
import { CONFIGURATION_STORAGE_KEY } from './configuration-storage-key.ts'
import { notify, type NotificationsRef } from './notify.ts'

type OrderFlowActor = ActorRefFrom<typeof orderFlowMachine>
type ConfigureActor = ActorRefFrom<typeof configureMachine>

export { CONFIGURATION_STORAGE_KEY } from './configuration-storage-key.ts'

/** What a reload restores: the object's id (the file is read again from the server) and the shopper's choices. */
const StoredConfigurationSchema = z.object({
  objectId: z.string().min(1),
  name: z.string(),
  unit: z.enum(UNITS_OF_LENGTH),
  scale: z.number().min(0),
  quantity: z.number().int().min(1),
  printModeId: z.string().nullable(),
  surfaceFinishId: z.string().nullable(),
  colorId: z.string().nullable(),
  acknowledgedRepairInfo: z.boolean(),
})
export type StoredConfiguration = z.infer<typeof StoredConfigurationSchema>

type ConfigureContext = ReturnType<ConfigureActor['getSnapshot']>['context']

/** The restored choices the configure child has not been given yet (it takes them on step 1). */
export type PendingChoices = { current: StoredConfiguration | null }

const choicesOf = (stored: StoredConfiguration) => ({
  printModeId: stored.printModeId,
  surfaceFinishId: stored.surfaceFinishId,
  colorId: stored.colorId,
  quantity: stored.quantity,
})

export const storedConfigurationOf = (context: ConfigureContext): StoredConfiguration => ({
  objectId: context.file._id,
  name: context.name,
  unit: context.unit,
  scale: context.scale,
  quantity: context.quantity,
  printModeId: context.printModeId,
  surfaceFinishId: context.surfaceFinishId,
  colorId: context.colorId,
  acknowledgedRepairInfo: context.acknowledgedRepairInfo,
})

export function readStoredConfiguration(storage: Storage): StoredConfiguration | null {
  try {
    const parsed = StoredConfigurationSchema.safeParse(
      JSON.parse(storage.getItem(CONFIGURATION_STORAGE_KEY) ?? 'null'),
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Writes the configuration to the tab's storage on every change of the configure child, and forgets it once the
 * configuration ends (added to the cart, left, or replaced by a new file). Returns the unsubscribe.
 */
export function keepConfigurationPerTab(
  flow: OrderFlowActor,
  storage: Storage,
  pending: PendingChoices = { current: null },
): () => void {
  let followed: ConfigureActor | undefined
  let childSubscription: Subscription | undefined
  const write = (context: ConfigureContext) => {
    const now = storedConfigurationOf(context)
    // Choices of a restore not yet given back (the child is still on basics) stay stored for the next reload.
    const waiting = pending.current?.objectId === now.objectId ? pending.current : null
    const value = waiting ? { ...now, ...choicesOf(waiting) } : now
    try {
      storage.setItem(CONFIGURATION_STORAGE_KEY, JSON.stringify(value))
    } catch {
      // A full or disabled storage only costs the restore after a reload.
    }
  }
  const follow = () => {
    const configure = flow.system.get(SYSTEM_IDS.configure) as ConfigureActor | undefined
    if (configure === followed) return
    childSubscription?.unsubscribe()
    // A configuration that ended (not one that is being restored at boot, when there never was one) is forgotten.
    if (followed !== undefined && configure === undefined) storage.removeItem(CONFIGURATION_STORAGE_KEY)
    followed = configure
    childSubscription = configure?.subscribe((snapshot) => {
      if (snapshot.status === 'active') write(snapshot.context)
    })
    if (configure) write(configure.getSnapshot().context)
  }
  const subscription = flow.subscribe(follow)
  follow()
  return () => {
    subscription.unsubscribe()
    childSubscription?.unsubscribe()
  }
}

/**
 * After a reload: reads the stored configuration's object from the server, configures it again and gives the
 * configure child the stored choices through its own events (its guards decide, as for a shopper). The sub-step comes
 * from the URL (use-configure-history). When the object is gone, the shopper is told what was lost.
 */
export type RestoreDeps = {
  flow: OrderFlowActor
  api: ApiClient
  storage: Storage
  notifications: NotificationsRef
  pending?: PendingChoices
}

export async function restoreConfiguration(deps: RestoreDeps): Promise<boolean> {
  const stored = readStoredConfiguration(deps.storage)
  if (stored === null) return false
  let file
  try {
    file = await deps.api.get(apiPaths.file(stored.objectId), AnalysisFileSchema)
  } catch {
    deps.storage.removeItem(CONFIGURATION_STORAGE_KEY)
    notify(deps.notifications, 'configuration-lost')
    return false
  }
  // The shopper started something else while the file was being read: that wins.
  if (deps.flow.getSnapshot().context.file !== null || !deps.flow.getSnapshot().matches('waiting'))
    return false
  const pending = deps.pending ?? { current: null }
  pending.current = stored
  deps.flow.send({ type: 'orderFlow.restore', file })
  const configure = deps.flow.system.get(SYSTEM_IDS.configure) as ConfigureActor | undefined
  if (!configure) return false
  replayBasics(configure, stored)
  replayChoicesOnceChoosing(configure, stored, pending)
  return true
}

/**
 * Keeps the order flow's configuration in the tab's storage and restores it once at start (decision 0101).
 * Returns the stop function.
 */
export function keepAndRestoreConfiguration(deps: Omit<RestoreDeps, 'pending'>): () => void {
  const pending: PendingChoices = { current: null }
  const stop = keepConfigurationPerTab(deps.flow, deps.storage, pending)
  void restoreConfiguration({ ...deps, pending })
  return stop
}

function replayBasics(configure: ConfigureActor, stored: StoredConfiguration): void {
  configure.send({ type: 'configure.setName', name: stored.name })
  configure.send({ type: 'configure.setUnit', unit: stored.unit })
  configure.send({ type: 'configure.setScale', scale: stored.scale === 0 ? null : stored.scale })
  if (stored.acknowledgedRepairInfo && !configure.getSnapshot().context.acknowledgedRepairInfo)
    configure.send({ type: 'configure.toggleRepairAgreement' })
}

/** Print mode, finish, colour and quantity are chosen on steps 1 and 2: given when the child first gets there. */
function replayChoicesOnceChoosing(
  configure: ConfigureActor,
  stored: StoredConfiguration,
  pending: PendingChoices,
): void {
  const give = () => {
    pending.current = null
    if (stored.printModeId !== null)
      configure.send({
        type: 'configure.selectPrintMode',
        printModeId: stored.printModeId,
        firstFinishId: stored.surfaceFinishId,
        firstColorId: stored.colorId,
      })
    configure.send({ type: 'configure.setQuantity', quantity: stored.quantity })
  }
  const isChoosing = () => configure.getSnapshot().matches({ editing: 'choosing' })
  if (isChoosing()) return give()
  const subscription = configure.subscribe(() => {
    if (configure.getSnapshot().status !== 'active') {
      pending.current = null
      return subscription.unsubscribe()
    }
    if (!isChoosing()) return
    subscription.unsubscribe()
    give()
  })
}
