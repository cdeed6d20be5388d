/**
 * The city suggestion's server side (spec part 2 §5, issue 16, docs/decisions/0099): the shop asks a public
 * postal-code service (POSTAL_LOOKUP_URL) so the browser never talks to a third party. Only the country code and the
 * postal code leave the shop (no address, no IP address, no cookie). Every failure (timeout, error status, garbage,
 * an answer too large) is "no city": the shopper types it. Answers are cached, unknown places for a shorter time.
 */

export interface PostalLookupOptions {
  /** A template with `{country}` and `{code}` (`https://api.zippopotam.us/{country}/{code}`) or a base URL that
   * gets `/{country}/{code}` appended; undefined or empty: no lookup at all. */
  url: string | undefined
  timeoutMs?: number
  maxBytes?: number
  /** How long a found city is kept. */
  foundTtlMs?: number
  /** How long "no city" is kept (an outage should not hide cities for a day). */
  missingTtlMs?: number
  maxEntries?: number
  fetch?: typeof globalThis.fetch
  now?: () => number
}

export const POSTAL_LOOKUP_TIMEOUT_MS = 2_000
export const POSTAL_LOOKUP_MAX_BYTES = 16_384
const DAY_MS = 24 * 60 * 60 * 1_000
const MISSING_TTL_MS = 10 * 60 * 1_000
const MAX_ENTRIES = 5_000
/** A place name as it may go into the city field (the address's city field holds at most 100). */
const MAX_CITY_LENGTH = 100

/** A map kept in least-recently-used order, each entry with its own expiry. */
function createTtlLru<V>(maxEntries: number, now: () => number) {
  const entries = new Map<string, { value: V; expiresAt: number }>()
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      entries.delete(key)
      if (entry.expiresAt <= now()) return undefined
      entries.set(key, entry)
      return entry.value
    },
    set(key: string, value: V, ttlMs: number): void {
      entries.delete(key)
      entries.set(key, { value, expiresAt: now() + ttlMs })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        entries.delete(oldest)
      }
    },
    get size() {
      return entries.size
    },
  }
}

/** The lookup URL for a country and postal code, both percent-encoded. */
export function postalLookupUrlOf(template: string, countryCode: string, postalCode: string): string {
  const country = encodeURIComponent(countryCode.toLowerCase())
  const code = encodeURIComponent(postalCode)
  if (template.includes('{country}') || template.includes('{code}'))
    return template.replaceAll('{country}', country).replaceAll('{code}', code)
  return `${template.replace(/\/+$/, '')}/${country}/${code}`
}

/** The first place name of a zippopotam.us-shaped answer (`{ places: [{ 'place name': … }] }`), else null. */
export function firstPlaceName(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('places' in body)) return null
  const { places } = body
  if (!Array.isArray(places)) return null
  const first: unknown = places[0]
  if (typeof first !== 'object' || first === null || !('place name' in first)) return null
  const name = first['place name']
  if (typeof name !== 'string') return null
  // One line of printable text: an answer is shown in a form field.
  const clean = name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim()
  return clean === '' || clean.length > MAX_CITY_LENGTH ? null : clean
}

/** Reads at most `maxBytes` of the body; null when it is longer. */
async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) return null
  const reader = response.body?.getReader()
  if (reader === undefined) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function createPostalLookup(options: PostalLookupOptions) {
  const doFetch = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? POSTAL_LOOKUP_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? POSTAL_LOOKUP_MAX_BYTES
  const cache = createTtlLru<string | null>(options.maxEntries ?? MAX_ENTRIES, now)
  // Shoppers typing the same postal code at once share one call.
  const inFlight = new Map<string, Promise<string | null>>()
  const template = options.url?.trim() || undefined

  /** One call to the service; any failure is null. */
  async function ask(url: string): Promise<string | null> {
    try {
      const response = await doFetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        // Covers the body too: a service that trickles its answer is cut off as well.
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) {
        await response.body?.cancel()
        return null
      }
      const text = await readLimited(response, maxBytes)
      return text === null ? null : firstPlaceName(JSON.parse(text))
    } catch {
      return null
    }
  }

  return {
    /** Whether a lookup service is configured at all. */
    enabled: template !== undefined,
    /** The first place name for a postal code of a country; null when unknown, switched off or unreachable. */
    async cityOf(countryCode: string, postalCode: string): Promise<string | null> {
      if (template === undefined) return null
      const key = `${countryCode.toUpperCase()}:${postalCode.toUpperCase()}`
      const cached = cache.get(key)
      if (cached !== undefined) return cached
      const running = inFlight.get(key)
      if (running) return running
      const call = ask(postalLookupUrlOf(template, countryCode, postalCode)).then((city) => {
        cache.set(
          key,
          city,
          city === null ? (options.missingTtlMs ?? MISSING_TTL_MS) : (options.foundTtlMs ?? DAY_MS),
        )
        return city
      })
      inFlight.set(key, call)
      try {
        return await call
      } finally {
        inFlight.delete(key)
      }
    },
  }
}
export type PostalLookup = ReturnType<typeof createPostalLookup>
