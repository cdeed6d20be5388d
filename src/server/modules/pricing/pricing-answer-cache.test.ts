import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createPricingAnswerCache,
  keyOf,
  type PricingAnswerCache,
  type PricingAnswerOffer,
} from '#server/modules/pricing/pricing-answer-cache.ts'
import type { PricingBasis } from '#server/modules/pricing/pricing.service.ts'

// The container never looks into a basis; the routes check it with PricingService.isCurrent.
const basis = {} as unknown as PricingBasis
const answer = (json: string, whiteLabelId = 'standard'): PricingAnswerOffer => ({
  whiteLabelId,
  basis,
  json,
})

/** Offers an answer twice: the first offer only marks the body as seen. */
function store(cache: PricingAnswerCache, body: string, stored: PricingAnswerOffer): void {
  const key = cache.keyOf(body)
  cache.offer(key, body, stored)
  cache.offer(key, body, stored)
}
const lookUp = (cache: PricingAnswerCache, body: string, whiteLabelId = 'standard') =>
  cache.get(cache.keyOf(body), whiteLabelId, body)?.json.toString()

describe('pricing answer cache', () => {
  it('stores an answer the second time its body is offered', () => {
    const cache = createPricingAnswerCache()
    const key = cache.keyOf('{"a":1}')
    cache.offer(key, '{"a":1}', answer('one'))
    expect(lookUp(cache, '{"a":1}')).toBeUndefined()
    cache.offer(key, '{"a":1}', answer('one'))
    expect(lookUp(cache, '{"a":1}')).toBe('one')
  })

  it('finds an answer by the exact body and white label only', () => {
    const cache = createPricingAnswerCache()
    store(cache, '{"a":1}', answer('one'))
    expect(lookUp(cache, '{"a":1}')).toBe('one')
    expect(lookUp(cache, '{"a": 1}')).toBeUndefined()
    expect(lookUp(cache, '{"a":1}', 'partner')).toBeUndefined()
    cache.offer(cache.keyOf('{"a":1}'), '{"a":1}', answer('partner one', 'partner'))
    expect(lookUp(cache, '{"a":1}', 'partner')).toBe('partner one')
    expect(cache.size).toBe(1)
  })

  it('tells apart long bodies that differ anywhere, even where the key does not look', () => {
    const cache = createPricingAnswerCache()
    const long = (digit: string, at: number) => {
      const chars = Array.from({ length: 4_000 }, () => 'x')
      chars[at] = digit
      return chars.join('')
    }
    // Position 1000 is not one of the sampled ones (256 + 7k): both bodies get one key and take turns.
    const [first, second] = [long('1', 1_000), long('2', 1_000)]
    expect(cache.keyOf(first)).toBe(cache.keyOf(second))
    store(cache, first, answer('first'))
    expect(lookUp(cache, second)).toBeUndefined()
    store(cache, second, answer('second'))
    expect(lookUp(cache, second)).toBe('second')
    expect(lookUp(cache, first)).toBeUndefined()
    // The head, the tail and the length are always in the key.
    expect(cache.keyOf(long('1', 10))).not.toBe(cache.keyOf(long('2', 10)))
    expect(cache.keyOf(long('1', 3_990))).not.toBe(cache.keyOf(long('2', 3_990)))
    expect(cache.keyOf(first)).not.toBe(cache.keyOf(`${first}x`))
  })

  it('keys a range of a text as it keys the text of that range alone', () => {
    const ranged = fc
      .string({ maxLength: 1_200 })
      .chain((text) =>
        fc
          .tuple(fc.nat({ max: text.length }), fc.nat({ max: text.length }))
          .map(([a, b]) => ({ text, from: Math.min(a, b), to: Math.max(a, b) })),
      )
    fc.assert(
      fc.property(ranged, ({ text, from, to }) => {
        expect(keyOf(text, from, to)).toBe(keyOf(text.slice(from, to)))
      }),
    )
    expect(keyOf('{"params":[1,2]}', 10, 15)).toBe(keyOf('[1,2]'))
  })

  it('drops the least recently used answer beyond the entry limit', () => {
    const cache = createPricingAnswerCache({ maxEntries: 2 })
    store(cache, 'a', answer('A'))
    store(cache, 'b', answer('B'))
    expect(lookUp(cache, 'a')).toBe('A') // a is now more recent than b
    store(cache, 'c', answer('C'))
    expect(lookUp(cache, 'b')).toBeUndefined()
    expect(lookUp(cache, 'a')).toBe('A')
    expect(lookUp(cache, 'c')).toBe('C')
    expect(cache.size).toBe(2)
  })

  it('keeps bodies and answers within the byte limit, and never stores one larger than it', () => {
    // Each entry costs 2 bytes per character of its body and the answer's bytes: 2 × 1 + 4 = 6.
    const cache = createPricingAnswerCache({ maxBytes: 15 })
    store(cache, 'a', answer('1234'))
    store(cache, 'b', answer('1234'))
    expect(cache.bytes).toBe(12)
    store(cache, 'c', answer('1234'))
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBe(12)
    expect(lookUp(cache, 'a')).toBeUndefined()
    store(cache, 'huge', answer('x'.repeat(30)))
    expect(lookUp(cache, 'huge')).toBeUndefined()
    expect(cache.size).toBe(2)
  })

  it('stores the UTF-8 bytes of the offered text and counts them, not its characters', () => {
    const cache = createPricingAnswerCache()
    store(cache, 'a', answer('"€"'))
    expect(lookUp(cache, 'a')).toBe('"€"')
    expect(cache.bytes).toBe(2 * 1 + 5)
  })

  it('replaces an answer for the same body without counting it twice', () => {
    const cache = createPricingAnswerCache()
    store(cache, 'a', answer('old'))
    cache.offer(cache.keyOf('a'), 'a', answer('new!'))
    expect(cache.size).toBe(1)
    expect(cache.bytes).toBe(2 * 1 + 4)
    expect(lookUp(cache, 'a')).toBe('new!')
  })

  it('forgets first sightings beyond its memory of them, so a stream of new bodies stores nothing', () => {
    const cache = createPricingAnswerCache({ maxSeen: 3 })
    for (let round = 0; round < 2; round++) {
      for (const body of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
        cache.offer(cache.keyOf(body), body, answer(body))
    }
    // Each body came back after more than 3 others: always a first sighting again.
    expect(cache.size).toBe(0)
  })
})
