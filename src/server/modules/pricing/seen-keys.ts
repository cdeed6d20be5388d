/** The marker of an empty slot: keys are never negative. */
const EMPTY = -1

export interface SeenKeys {
  has(key: number): boolean
  /** Records a key; when it already holds `maxKeys` keys, it forgets them all first. */
  add(key: number): void
  readonly size: number
}

/**
 * A set of body keys (keyOf in pricing-answer-cache.ts: integers from 0 to 2³⁰ − 1) holding at most `maxKeys`, which
 * starts again empty when full: the memory of first sightings of the answer cache and the body parser. One table
 * allocated once, open addressing at a load of at most one half. A `Set` grew its hash table as it filled and got a
 * new one after every clear; under a stream of new configurations those tables outlived the young generation and were
 * most of what a request still promoted to the old generation (issue 18, decision 0144).
 */
export function createSeenKeys(maxKeys: number): SeenKeys {
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError('maxKeys must be a positive integer')
  const capacity = 2 ** Math.ceil(Math.log2(maxKeys * 2))
  const mask = capacity - 1
  const table = new Int32Array(capacity).fill(EMPTY)
  let count = 0

  // Linear probing: the key's slot, or the empty slot where it would go (there is always one: count ≤ capacity / 2).
  const slotOf = (key: number): number => {
    let slot = key & mask
    while (table[slot] !== EMPTY && table[slot] !== key) slot = (slot + 1) & mask
    return slot
  }

  return {
    has: (key) => table[slotOf(key)] === key,
    add(key) {
      let slot = slotOf(key)
      if (table[slot] === key) return
      if (count >= maxKeys) {
        table.fill(EMPTY)
        count = 0
        slot = slotOf(key)
      }
      table[slot] = key
      count++
    },
    get size() {
      return count
    },
  }
}
