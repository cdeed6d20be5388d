import type { PricingBasis } from '#server/modules/pricing/pricing.service.ts'
import { createSeenKeys } from '#server/modules/pricing/seen-keys.ts'

/**
 * The answers of recent pricing requests, keyed by the request body's exact text and the white label
 * (docs/decisions/0072-pricing-answer-cache.md). The configure view asks the same question again and again (every
 * re-render, every step back to an earlier scale, quantity or colour), and an identical body asked of an unchanged
 * catalogue and analysis record has an identical answer. A hit answers with the stored JSON: no parse, no
 * evaluation, no serialisation. The caller must check `basis` before using a hit (PricingService.isCurrent).
 *
 * An answer is stored the second time its body is seen: a stream of bodies never asked before (a crawler, a
 * slider's every position) would otherwise keep the cache full of answers nobody asks for again, and each stored
 * answer outlives the young generation, which costs the garbage collector more than the answer saves.
 */

export interface CachedPricingAnswer {
  readonly whiteLabelId: string
  readonly basis: PricingBasis
  /**
   * The answer exactly as sent: its JSON text as UTF-8 bytes. Stored as bytes, so a hit is written as it is, without
   * measuring and encoding the text again on every request (issue 18).
   */
  readonly json: Buffer
}

/**
 * An answer offered to the cache: its JSON as the serialiser wrote it. It is encoded to bytes only when stored (at
 * its body's second sighting), so a stream of new configurations encodes nothing for the cache (decision 0139).
 */
export interface PricingAnswerOffer {
  readonly whiteLabelId: string
  readonly basis: PricingBasis
  readonly json: string
}

export interface PricingAnswerCacheOptions {
  /** Default 2,000 answers. */
  maxEntries?: number
  /** Bodies (2 bytes per character) and answers (their bytes); default 32 MiB. */
  maxBytes?: number
  /** How many first sightings are remembered before the memory of them starts again; default 16,384. */
  maxSeen?: number
}

export interface PricingAnswerCache {
  /** The key of a body (a 30-bit hash of a sample of its text); compute it once per request. */
  keyOf(body: string): number
  /** The answer stored for this body and white label, or undefined. A hit becomes the most recently used. */
  get(key: number, whiteLabelId: string, body: string): CachedPricingAnswer | undefined
  /**
   * Offers an answer: stored when its body was seen before (else remembered as seen), dropping the least recently
   * used answers beyond the limits.
   */
  offer(key: number, body: string, answer: PricingAnswerOffer): void
  readonly size: number
  readonly bytes: number
}

interface Entry {
  readonly body: string
  readonly answer: CachedPricingAnswer
  readonly cost: number
}

const KEY_HEAD = 256
const KEY_TAIL = 64
const KEY_STRIDE = 7

/**
 * A cheap number key for a body: FNV-1a over its length, its first 256 and last 64 characters and every 7th one in
 * between (the fields a configure view changes, scale, unit and quantity, come first in its requests). About 1 µs
 * for a 4 KB body, where hashing every character (or a Map keyed by the text) costs 6-7 µs. Different bodies may
 * share a key; the stored body decides, so they only take each other's place. The body parser (pricing-body.ts)
 * keys the `params` texts it keeps with it too, as the range `from`-`to` of the body: read from the body itself
 * (flat once the parser's indexOf has read it), a character costs less than half of a read through a slice of it
 * (a micro-benchmark of the bench's bodies: 1.6-2.7 µs against 3.8-4.7 µs a key, issue 18).
 */
export function keyOf(text: string, from = 0, to = text.length): number {
  let hash = 0x811c9dc5 ^ (to - from)
  const head = Math.min(to, from + KEY_HEAD)
  const tail = Math.max(head, to - KEY_TAIL)
  let index = from
  for (; index < head; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  for (; index < tail; index += KEY_STRIDE) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  for (index = tail; index < to; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  // 30 bits: a small integer to V8 (no heap number per key in the maps).
  return hash & 0x3fffffff
}

export function createPricingAnswerCache(options: PricingAnswerCacheOptions = {}): PricingAnswerCache {
  const maxEntries = options.maxEntries ?? 2_000
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024
  const maxSeen = options.maxSeen ?? 16_384
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used one.
  const entries = new Map<number, Entry>()
  const seen = createSeenKeys(maxSeen)
  let bytes = 0

  function remove(key: number, entry: Entry): void {
    entries.delete(key)
    bytes -= entry.cost
  }

  return {
    keyOf: (body) => keyOf(body),
    get(key, whiteLabelId, body) {
      const entry = entries.get(key)
      // One answer per body: two white labels pricing the same body take turns (rare: an upload belongs to one shop).
      if (entry === undefined || entry.body !== body || entry.answer.whiteLabelId !== whiteLabelId)
        return undefined
      entries.delete(key)
      entries.set(key, entry)
      return entry.answer
    },
    offer(key, body, offered) {
      const previous = entries.get(key)
      if (previous === undefined && !seen.has(key)) {
        seen.add(key)
        return
      }
      const answer: CachedPricingAnswer = { ...offered, json: Buffer.from(offered.json) }
      const cost = body.length * 2 + answer.json.length
      if (cost > maxBytes) return
      if (previous !== undefined) remove(key, previous)
      entries.set(key, { body, answer, cost })
      bytes += cost
      for (const [oldest, entry] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break
        remove(oldest, entry)
      }
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
  }
}
