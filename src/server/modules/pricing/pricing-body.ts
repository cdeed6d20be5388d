import { keyOf } from '#server/modules/pricing/pricing-answer-cache.ts'
import { shareValidParams } from '#server/modules/pricing/pricing-request.ts'
import { createSeenKeys } from '#server/modules/pricing/seen-keys.ts'

/**
 * JSON.parse for pricing bodies, reusing the parsed `params` of bodies seen before (issue 18, decision 0112).
 *
 * A configure view sends the same 30 or so configurations again and again with another scale, unit or quantity:
 * the `params` array is about nine tenths of the body, and parsing it, checking it and resolving it against the
 * catalogue was most of what a new configuration cost besides HTTP. The body is read as two texts, the head (every
 * field but `params`) and the `params` value; a `params` text seen before gives back the array parsed then, frozen
 * and marked as checked (pricing-request.ts), so the service can reuse its resolution too.
 *
 * The result is always exactly `JSON.parse(text)` (but shared and frozen `params`), or undefined when this cannot
 * tell it cheaply and the caller parses the whole text as before:
 * - The caller only passes text with no backslash (isPlainJsonText), so no string holds a `"`: every `"params":` in
 *   valid JSON is then a key, and the first one is found by indexOf.
 * - The head is parsed as the text before the value plus `0}`. When that is valid JSON, the value stood at the top
 *   level (one `}` closes it) and nothing else follows it; when the value's text is valid JSON too, the whole text is
 *   valid and JSON.parse of it is the head with that value in its place (same keys, same order). Any other text
 *   (invalid JSON, `params` nested or not last, another spelling) is undefined here.
 */

const PARAMS_KEY = '"params":'
const CLOSE_BRACE = 0x7d

export interface PricingBodyParserOptions {
  /** Parsed `params` kept, least recently stored first out; default 256. */
  maxEntries?: number
  /** First sightings remembered before the memory of them starts again; default 4,096. */
  maxSeen?: number
}

interface Entry {
  readonly text: string
  readonly params: readonly unknown[]
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function createPricingBodyParser(options: PricingBodyParserOptions = {}) {
  const maxEntries = options.maxEntries ?? 256
  const maxSeen = options.maxSeen ?? 4_096
  const entries = new Map<number, Entry>()
  // As the answer cache (decision 0072): kept only at the second sighting, so a stream of params never sent
  // twice stores nothing that outlives the young generation.
  const seen = createSeenKeys(maxSeen)

  /** The parsed `params` of the body's characters `from`-`to` (hashed in the body itself, see keyOf). */
  function paramsOf(body: string, from: number, to: number): unknown {
    const key = keyOf(body, from, to)
    const text = body.slice(from, to)
    const entry = entries.get(key)
    if (entry !== undefined && entry.text === text) return entry.params
    const parsed = tryParse(text)
    if (!Array.isArray(parsed)) return parsed
    if (entry === undefined && !seen.has(key)) {
      seen.add(key)
      return parsed
    }
    // Only a valid array is shared (frozen, marked checked); an invalid one goes on to the contract's 400.
    if (!shareValidParams(parsed)) return parsed
    entries.delete(key)
    entries.set(key, { text, params: parsed })
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    return parsed
  }

  return {
    /** JSON.parse(text) when it can tell cheaply (see above), else undefined. `text` must hold no backslash. */
    parse(text: string): unknown {
      const at = text.indexOf(PARAMS_KEY)
      if (at < 0 || text.charCodeAt(text.length - 1) !== CLOSE_BRACE) return undefined
      const valueAt = at + PARAMS_KEY.length
      const head = tryParse(`${text.slice(0, valueAt)}0}`)
      if (typeof head !== 'object' || head === null) return undefined
      const params = paramsOf(text, valueAt, text.length - 1)
      if (params === undefined) return undefined
      ;(head as Record<string, unknown>).params = params
      return head
    },
    get size() {
      return entries.size
    },
  }
}
export type PricingBodyParser = ReturnType<typeof createPricingBodyParser>
