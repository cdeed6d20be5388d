/** The channel the app posts inspection events on and the local inspector page (`/__inspector`) listens to. */
export const INSPECTOR_CHANNEL = 'schichtwerk-inspector'

/** Local-storage key that turns inspection on without `?inspect` (`local` = only the local page). */
export const INSPECT_STORAGE_KEY = 'schichtwerk:inspect'

/** What goes over the channel: inspection events from the app, a hello (replay request) from the page. */
export type InspectorMessage = { kind: 'inspection'; event: InspectedEvent } | { kind: 'hello' }

/** An inspection event after serialisation: plain JSON, secrets masked. */
export type InspectedEvent = {
  type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot'
  sessionId: string
  name?: string
  parentId?: string | undefined
  sourceId?: string | undefined
  createdAt: string
  event?: { type: string; [key: string]: unknown }
  snapshot?: { status?: string; value?: unknown; context?: unknown; error?: unknown }
}
