import { describe, expect, it } from 'vitest'
import { createCartReadCache } from '#server/modules/cart/cart-read-cache.ts'

const answer = (version: string, json: string, catalogueRevision = 1) => ({
  version,
  catalogueRevision,
  json,
})

describe('cart read cache', () => {
  it('answers only for the catalogue revision and language it was computed for', () => {
    const cache = createCartReadCache()
    cache.put('cart-a', 'de', answer('v1', '{"de":1}'))
    expect(cache.get('cart-a', 'de', 1)).toEqual({ version: 'v1', json: '{"de":1}' })
    expect(cache.get('cart-a', 'de', 2)).toBeUndefined()
    expect(cache.get('cart-a', 'en', 1)).toBeUndefined()
    expect(cache.get('cart-b', 'de', 1)).toBeUndefined()
  })

  it('keeps the languages of one cart version together and drops them all for a new version', () => {
    const cache = createCartReadCache()
    cache.put('cart-a', 'de', answer('v1', 'de-1'))
    cache.put('cart-a', 'en', answer('v1', 'en-1'))
    expect(cache.get('cart-a', 'de', 1)?.json).toBe('de-1')
    cache.put('cart-a', 'en', answer('v2', 'en-2'))
    expect(cache.get('cart-a', 'de', 1)).toBeUndefined()
    expect(cache.get('cart-a', 'en', 1)).toEqual({ version: 'v2', json: 'en-2' })
    expect(cache.chars).toBe(4)
  })

  it('forgets a cart on request', () => {
    const cache = createCartReadCache()
    cache.put('cart-a', 'de', answer('v1', 'xyz'))
    cache.forget('cart-a')
    expect(cache.get('cart-a', 'de', 1)).toBeUndefined()
    expect(cache.chars).toBe(0)
  })

  it('stays within its character budget by dropping the least recently used carts', () => {
    const cache = createCartReadCache(10)
    cache.put('a', 'de', answer('v', 'aaaa'))
    cache.put('b', 'de', answer('v', 'bbbb'))
    expect(cache.get('a', 'de', 1)?.json).toBe('aaaa')
    cache.put('c', 'de', answer('v', 'cccc'))
    expect(cache.get('b', 'de', 1)).toBeUndefined()
    expect(cache.get('a', 'de', 1)?.json).toBe('aaaa')
    expect(cache.get('c', 'de', 1)?.json).toBe('cccc')
    expect(cache.chars).toBe(8)
    cache.put('huge', 'de', answer('v', 'x'.repeat(11)))
    expect(cache.get('huge', 'de', 1)).toBeUndefined()
    expect(cache.chars).toBe(8)
  })
})
