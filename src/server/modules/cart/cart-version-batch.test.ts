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
    const lookups: string[][] = []
    const finish: (() => void)[] = []
    let version = '1'
    const batch = createCartVersionBatch((ids) => {
      lookups.push([...ids])
      const seen = version
      return new Promise((resolve) => finish.push(() => resolve(new Map(ids.map((id) => [id, seen])))))
    })
    const first = batch.version('a')
    await new Promise((resolve) => setImmediate(resolve))
    expect(lookups).toEqual([['a']])
    // A change commits while the first lookup runs; a read arriving now gets a lookup of its own.
    version = '2'
    const second = batch.version('a')
    await new Promise((resolve) => setImmediate(resolve))
    expect(lookups).toEqual([['a'], ['a']])
    for (const done of finish) done()
    expect(await first).toBe('1')
    expect(await second).toBe('2')
  })

  it('runs at most maxInFlight lookups at once; the rest wait for one to end', async () => {
    const finish: (() => void)[] = []
    const batch = createCartVersionBatch(
      (ids) => new Promise((resolve) => finish.push(() => resolve(new Map(ids.map((id) => [id, 'v']))))),
      { maxInFlight: 1 },
    )
    const first = batch.version('a')
    await new Promise((resolve) => setImmediate(resolve))
    const second = batch.version('b')
    await new Promise((resolve) => setImmediate(resolve))
    expect(finish).toHaveLength(1)
    finish[0]!()
    expect(await first).toBe('v')
    await new Promise((resolve) => setImmediate(resolve))
    expect(finish).toHaveLength(2)
    finish[1]!()
    expect(await second).toBe('v')
  })

  it('splits more carts than a statement takes over several lookups', async () => {
    const source = recordingSource({ a: '1', b: '2', c: '3' })
    const batch = createCartVersionBatch(source.load, { maxBatch: 2 })
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
