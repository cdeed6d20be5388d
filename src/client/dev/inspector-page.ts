import { INSPECTOR_CHANNEL, type InspectedEvent, type InspectorMessage } from './inspection-protocol.ts'
import './inspector-page.css'

/**
 * The offline inspector page (development only, `/__inspector`): receives the app's inspection events over a
 * BroadcastChannel and lists every actor with its live state value, context and event log.
 */
type ActorView = {
  sessionId: string
  name: string
  parentId: string | undefined
  status: string
  value: unknown
  context: unknown
  log: string[]
}

const LOG_LIMIT = 200
const actors = new Map<string, ActorView>()
const root = document.getElementById('inspector')

function actorFor(sessionId: string): ActorView {
  let actor = actors.get(sessionId)
  if (!actor) {
    actor = {
      sessionId,
      name: sessionId,
      parentId: undefined,
      status: 'active',
      value: undefined,
      context: undefined,
      log: [],
    }
    actors.set(sessionId, actor)
  }
  return actor
}

function time(createdAt: string): string {
  const date = new Date(Number(createdAt))
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString()
}

function apply(event: InspectedEvent): void {
  const actor = actorFor(event.sessionId)
  if (event.type === '@xstate.actor') {
    actor.name = event.name ?? actor.name
    actor.parentId = event.parentId
  }
  if (event.snapshot) {
    actor.status = event.snapshot.status ?? actor.status
    actor.value = event.snapshot.value
    actor.context = event.snapshot.context
  }
  if (event.type === '@xstate.event' && event.event) {
    const { type, ...payload } = event.event
    const detail = Object.keys(payload).length > 0 ? ` ${JSON.stringify(payload)}` : ''
    const from = event.sourceId ? ` ← ${actors.get(event.sourceId)?.name ?? event.sourceId}` : ''
    actor.log.unshift(`${time(event.createdAt)} ${type}${detail}${from}`)
    actor.log.length = Math.min(actor.log.length, LOG_LIMIT)
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function render(): void {
  if (!root) return
  const header = element('header')
  header.append(
    element('h1', 'Schichtwerk · local actor inspector'),
    element(
      'p',
      `${actors.size} actors · open the app with ?inspect=local (or ?inspect for Stately as well)`,
    ),
  )
  const main = element('main')
  for (const actor of actors.values()) {
    const card = element('section', undefined, 'actor')
    card.dataset.status = actor.status
    const parent = actor.parentId ? ` · child of ${actors.get(actor.parentId)?.name ?? actor.parentId}` : ''
    card.append(
      element('h2', actor.name),
      element('div', `${actor.sessionId} · ${actor.status}${parent}`, 'meta'),
      element('div', `state: ${JSON.stringify(actor.value)}`, 'value'),
      element('pre', JSON.stringify(actor.context, null, 2) ?? 'undefined'),
    )
    const log = element('ol', undefined, 'log')
    log.reversed = true
    for (const line of actor.log) log.append(element('li', line))
    card.append(log)
    main.append(card)
  }
  root.replaceChildren(header, main)
}

let frame = 0
function scheduleRender(): void {
  if (frame) return
  frame = requestAnimationFrame(() => {
    frame = 0
    render()
  })
}

const channel = new BroadcastChannel(INSPECTOR_CHANNEL)
channel.addEventListener('message', (message: MessageEvent<InspectorMessage>) => {
  if (message.data.kind !== 'inspection') return
  apply(message.data.event)
  scheduleRender()
})
// Ask a running app to replay what happened before this page opened.
channel.postMessage({ kind: 'hello' } satisfies InspectorMessage)
render()
