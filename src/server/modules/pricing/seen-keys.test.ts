import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSeenKeys } from '#server/modules/pricing/seen-keys.ts'

const MAX_KEY = 2 ** 30 - 1

describe('createSeenKeys', () => {
  it('knows the keys it was given, 0 and the largest key included', () => {
    const seen = createSeenKeys(8)
    for (const key of [0, 1, 9, MAX_KEY]) seen.add(key)
    for (const key of [0, 1, 9, MAX_KEY]) expect(seen.has(key)).toBe(true)
    expect(seen.has(2)).toBe(false)
    expect(seen.size).toBe(4)
  })

  it('counts a key added twice once', () => {
    const seen = createSeenKeys(4)
    seen.add(5)
    seen.add(5)
    expect(seen.size).toBe(1)
  })

  it('keeps keys that share a slot apart', () => {
    // Capacity 16 for 8 keys: 3, 19 and 35 all start at slot 3.
    const seen = createSeenKeys(8)
    for (const key of [3, 19, 35]) seen.add(key)
    for (const key of [3, 19, 35]) expect(seen.has(key)).toBe(true)
    expect(seen.has(51)).toBe(false)
  })

  it('forgets everything and starts again with the key that finds it full', () => {
    const seen = createSeenKeys(3)
    for (const key of [10, 20, 30]) seen.add(key)
    seen.add(40)
    expect([10, 20, 30].map((key) => seen.has(key))).toEqual([false, false, false])
    expect(seen.has(40)).toBe(true)
    expect(seen.size).toBe(1)
  })

  it('answers as a Set that is cleared when it holds maxKeys keys, for any sequence of keys', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: MAX_KEY })), {
          maxLength: 200,
        }),
        (maxKeys, keys) => {
          const seen = createSeenKeys(maxKeys)
          const model = new Set<number>()
          for (const key of keys) {
            expect(seen.has(key)).toBe(model.has(key))
            if (!model.has(key)) {
              if (model.size >= maxKeys) model.clear()
              model.add(key)
            }
            seen.add(key)
            expect(seen.size).toBe(model.size)
          }
        },
      ),
    )
  })

  it('refuses a size that is not a positive integer', () => {
    expect(() => createSeenKeys(0)).toThrow(RangeError)
    expect(() => createSeenKeys(2.5)).toThrow(RangeError)
  })
})
