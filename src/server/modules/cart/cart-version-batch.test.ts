import { describe, expect, it } from 'vitest'
import { createCartVersionBatch } from '#server/modules/cart/cart-version-batch.ts'

/** A version source that records every lookup it was asked for. */
function recordingSource(versions: Record<string, string>) {
  const lookups: string[][] = []
  const load = async (ids: readonly string[]) => {
    lookups.push([...ids])
    return new Map(ids.flatMap((id) => (versions[id] === undefined ? [] : [[id, versions[id]] as const])))
  }
  return { lookups, load }
}

describe('cart version batch', () => {
  it('answers the reads of one event-loop turn with one lookup', async () => {
    const source = recordingSource({ a: '1', b: '2' })
    const batch = createCartVersionBatch(source.load)
    const answers = await Promise.all([batch.version('a'), batch.version('b'), batch.version('a')])
    expect(answers).toEqual(['1', '2', '1'])
    expect(source.lookups).toEqual([['a', 'b']])
  })

  it('answers undefined for a cart that does not exist', async () => {
    const batch = createCartVersionBatch(recordingSource({}).load)
    expect(await batch.version('gone')).toBeUndefined()
  })

  it('never answers a read from a lookup that started before it', async () => {
    const source = recordingSource({ a: '1' })
    const batch = createCartVersionBatch(source.load)
    const first = batch.version('a')
    await new Promise((resolve) => setImmediate(resolve))
    // The first lookup is running: a read arriving now waits for a lookup of its own.
    const second = batch.version('a')
    expect(await first).toBe('1')
    expect(await second).toBe('1')
    expect(source.lookups).toEqual([['a'], ['a']])
  })

  it('splits more carts than a statement takes over several lookups', async () => {
    const source = recordingSource({ a: '1', b: '2', c: '3' })
    const batch = createCartVersionBatch(source.load, 2)
    expect(await Promise.all(['a', 'b', 'c'].map((id) => batch.version(id)))).toEqual(['1', '2', '3'])
    expect(source.lookups).toEqual([['a', 'b'], ['c']])
  })

  it('fails the reads of a failed lookup and serves the next ones', async () => {
    let fail = true
    const batch = createCartVersionBatch(async (ids) => {
      if (fail) throw new Error('database gone')
      return new Map(ids.map((id) => [id, 'v']))
    })
    await expect(batch.version('a')).rejects.toThrow('database gone')
    fail = false
    expect(await batch.version('a')).toBe('v')
  })
})
