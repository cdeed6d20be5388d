import { createBrowserInspector, createInspector, type StatelyInspectionEvent } from '@statelyai/inspect'
import { type InspectionEvent, type Observer } from 'xstate'
import {
  INSPECT_STORAGE_KEY,
  INSPECTOR_CHANNEL,
  type InspectedEvent,
  type InspectorMessage,
} from './inspection-protocol.ts'
import { serializeInspectionEvent } from './serialize-inspection.ts'

const REPLAY_LIMIT = 1_000

/**
 * Forwards an actor's registration only once the actor starts. React StrictMode creates a second actor for
 * `useActorRef` that is never started; without this filter every such actor would show up twice.
 */
export function withoutUnstartedActors(target: Observer<InspectionEvent>): Observer<InspectionEvent> {
  const pending = new Map<string, InspectionEvent>()
  const started = new Set<string>()
  return {
    next(event) {
      const id = event.actorRef.sessionId
      if (event.type === '@xstate.actor') {
        pending.set(id, event)
        return
      }
      if (!started.has(id)) {
        started.add(id)
        const registration = pending.get(id)
        pending.delete(id)
        if (registration) target.next?.(registration)
      }
      target.next?.(event)
    },
  }
}

/** How inspection was asked for: `?inspect` (Stately + local page), `?inspect=local` (local page only), or off. */
export function inspectionMode(win: Window): 'off' | 'local' | 'stately' {
  const flag =
    new URLSearchParams(win.location.search).get('inspect') ?? win.localStorage.getItem(INSPECT_STORAGE_KEY)
  if (flag === null) return 'off'
  return flag === 'local' ? 'local' : 'stately'
}

/** Posts serialised inspection events to the local inspector page and replays them when a page says hello. */
function createLocalInspector(channel: BroadcastChannel) {
  const history: InspectedEvent[] = []
  channel.addEventListener('message', (message: MessageEvent<InspectorMessage>) => {
    if (message.data.kind !== 'hello') return
    for (const event of history) channel.postMessage({ kind: 'inspection', event } satisfies InspectorMessage)
  })
  return createInspector(
    {
      send(event: StatelyInspectionEvent) {
        const inspected = event as unknown as InspectedEvent
        history.push(inspected)
        if (history.length > REPLAY_LIMIT) history.shift()
        channel.postMessage({ kind: 'inspection', event: inspected } satisfies InspectorMessage)
      },
    },
    { serialize: serializeInspectionEvent },
  )
}

/**
 * Development only (main.tsx imports this behind `import.meta.env.DEV`, so production builds drop it): the observer
 * passed as `inspect` to every app actor, feeding Stately's browser inspector and the local `/__inspector` page.
 */
export function createDevInspection(win: Window): Observer<InspectionEvent> | undefined {
  const mode = inspectionMode(win)
  if (mode === 'off') return undefined
  const local = createLocalInspector(new BroadcastChannel(INSPECTOR_CHANNEL))
  const stately =
    mode === 'stately' ? createBrowserInspector({ serialize: serializeInspectionEvent }) : undefined
  return withoutUnstartedActors({
    next(event) {
      local.inspect.next?.(event)
      stately?.inspect.next?.(event)
    },
  })
}
