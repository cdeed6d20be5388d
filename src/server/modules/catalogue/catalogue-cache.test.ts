import { describe, expect, it } from 'vitest'
import type { CatalogueRows } from '#server/modules/catalogue/catalogue.repo.ts'
import { createCatalogueCache, type CatalogueSource } from '#server/modules/catalogue/catalogue-cache.ts'

function rows(revision: number, apiKey = 'key'): CatalogueRows {
  return {
    revision,
    whiteLabels: [{ id: 'wl', name: 'Standard', api_key: apiKey, is_default: true }],
    printModes: [],
    printModeWhiteLabels: [],
    finishes: [],
    colors: [],
    processingSteps: [],
    processingStepOptions: [],
    sheets: [],
    allFinishIds: [],
    allColorIds: [],
  }
}

function fakeSource() {
  let revision = 1
  let loads = 0
  let checks = 0
  let gate: Promise<void> | undefined
  const source: CatalogueSource = {
    async readRevision() {
      checks++
      return revision
    },
    async loadAll() {
      loads++
      const at = revision
      if (gate) await gate
      return rows(at, `key-${at}`)
    },
  }
  return {
    source,
    bump: () => revision++,
    hold: () => {
      let release!: () => void
      gate = new Promise((resolve) => (release = resolve))
      return () => {
        gate = undefined
        release()
      }
    },
    get loads() {
      return loads
    },
    get checks() {
      return checks
    },
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createCatalogueCache', () => {
  it('loads once, shares a load between concurrent callers, and reloads after invalidate()', async () => {
    const fake = fakeSource()
    const cache = createCatalogueCache(fake.source, { revalidateMs: 60_000 })
    const [a, b] = await Promise.all([cache.get(), cache.get()])
    expect(a).toBe(b)
    expect(fake.loads).toBe(1)
    expect(await cache.get()).toBe(a)
    fake.bump()
    cache.invalidate()
    const c = await cache.get()
    expect(c).not.toBe(a)
    expect(c.whiteLabelsByApiKey.has('key-2')).toBe(true)
    expect(fake.loads).toBe(2)
  })

  it('never installs a snapshot whose load started before an invalidation', async () => {
    const fake = fakeSource()
    const cache = createCatalogueCache(fake.source, { revalidateMs: 60_000 })
    const release = fake.hold()
    const stale = cache.get()
    fake.bump()
    cache.invalidate()
    release()
    expect((await stale).revision).toBe(1)
    // The caller that raced the write got the old snapshot once; the cache itself loads the new one.
    expect((await cache.get()).revision).toBe(2)
  })

  it('compares the database revision at most every revalidateMs and reloads in the background when it moved', async () => {
    const fake = fakeSource()
    let now = 0
    const cache = createCatalogueCache(fake.source, { revalidateMs: 1_000, now: () => now })
    const first = await cache.get()
    await cache.get()
    expect(fake.checks).toBe(0)
    now = 1_000
    expect(await cache.get()).toBe(first)
    await tick()
    expect(fake.checks).toBe(1)
    expect(fake.loads).toBe(1)

    fake.bump()
    now = 2_000
    // Answered from the old snapshot while the new one loads: never a query on the request path.
    expect(await cache.get()).toBe(first)
    await tick()
    await tick()
    const second = await cache.get()
    expect(second.revision).toBe(2)
    expect(fake.loads).toBe(2)
  })
})
