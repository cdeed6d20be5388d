/** Keys whose values never leave the app unmasked (`sessionId` of inspection events is an actor id, not a secret). */
const SECRET_KEY =
  /pass(word|wort)?|token|secret|api[-_]?key|authorization|cookie[-_]?value|iban|credit[-_]?card/i
const MAX_DEPTH = 10

/** Turns any value into plain JSON: functions and actor refs dropped or named, cycles cut, secrets masked. */
export function toInspectableJson(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return value
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined
  if (typeof value === 'bigint') return value.toString()
  if (depth >= MAX_DEPTH) return '[…]'
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Error) return { name: value.name, message: value.message }
  if (typeof value !== 'object') return String(value)
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  // An actor ref: name it by its session instead of walking into its system.
  if ('sessionId' in value && 'send' in value && typeof value.sessionId === 'string') {
    return { actorRef: value.sessionId }
  }
  if (typeof Blob !== 'undefined' && value instanceof Blob)
    return `[${value.constructor.name} ${value.size} bytes]`
  if (Array.isArray(value)) return value.map((item) => toInspectableJson(item, depth + 1, seen) ?? null)
  if (value instanceof Map) return toInspectableJson(Object.fromEntries(value), depth, seen)
  if (value instanceof Set) return toInspectableJson([...value], depth, seen)
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) && item !== null && item !== undefined && item !== '') {
      result[key] = '***'
      continue
    }
    const converted = toInspectableJson(item, depth + 1, seen)
    if (converted !== undefined) result[key] = converted
  }
  return result
}

type SnapshotLike = {
  status?: unknown
  value?: unknown
  context?: unknown
  output?: unknown
  error?: unknown
}

/** Keeps what an inspector shows of a snapshot (not the machine definition it carries). */
function pickSnapshot(snapshot: unknown): SnapshotLike | undefined {
  if (typeof snapshot !== 'object' || snapshot === null) return undefined
  const { status, value, context, output, error } = snapshot as SnapshotLike
  return { status, value, context, output, error }
}

/**
 * The `serialize` option for `@statelyai/inspect`: plain JSON with secrets masked. Events are posted to another
 * window or channel, so nothing that looks like a password or token may leave unmasked.
 */
export function serializeInspectionEvent<T extends object>(event: T): T {
  const withPickedSnapshot =
    'snapshot' in event
      ? { ...event, snapshot: pickSnapshot((event as { snapshot: unknown }).snapshot) }
      : event
  return toInspectableJson(withPickedSnapshot) as T
}
