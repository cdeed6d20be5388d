import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { CmsPage } from '#shared/contracts/cms.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import { cmsPageMachine, notAvailableStatusOf } from './cms-page.machine.ts'
import { contactPageFixture, englishContactPageFixture } from './cms-page.fixtures.ts'

type Fetch = (input: { lang: Locale; slug: string }) => Promise<CmsPage>

const start = (fetchPage: Fetch, slug = 'kontakt') => {
  const goToNotAvailable = vi.fn()
  const calls: { lang: Locale; slug: string }[] = []
  const actor = createActor(
    cmsPageMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }) => {
          calls.push(input)
          return fetchPage(input)
        }),
      },
      actions: { goToNotAvailable },
    }),
    { input: { lang: 'de', slug } },
  ).start()
  return { actor, goToNotAvailable, calls }
}

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status })

describe('cmsPageMachine', () => {
  it('loads the page for the language and slug', async () => {
    const { actor, calls } = start(async () => contactPageFixture)
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    expect(calls).toEqual([{ lang: 'de', slug: 'kontakt' }])
    expect(actor.getSnapshot().context.page).toEqual(contactPageFixture)
  })

  it('asks for the start page for an empty slug', async () => {
    const { actor, calls } = start(async () => contactPageFixture, '/')
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    expect(calls).toEqual([{ lang: 'de', slug: 'start' }])
  })

  it('reloads on navigation, keeping the old page visible until the new one is there', async () => {
    const { actor, calls } = start(async ({ lang }) =>
      lang === 'en' ? englishContactPageFixture : contactPageFixture,
    )
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    actor.send({ type: 'page.navigate', lang: 'en', slug: 'kontakt' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(actor.getSnapshot().context.page).toEqual(contactPageFixture)
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    expect(actor.getSnapshot().context.page?.meta.title).toBe('Contact')
    actor.send({ type: 'page.navigate', lang: 'en', slug: 'kontakt' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    expect(calls).toHaveLength(3)
  })

  it('drops the answer of a page the user navigated away from', async () => {
    let resolveFirst: (page: CmsPage) => void = () => {}
    const { actor } = start(({ slug }) =>
      slug === 'kontakt'
        ? new Promise<CmsPage>((resolve) => (resolveFirst = resolve))
        : Promise.resolve(englishContactPageFixture),
    )
    actor.send({ type: 'page.navigate', lang: 'en', slug: 'datenschutz' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    resolveFirst(contactPageFixture)
    await Promise.resolve()
    expect(actor.getSnapshot().context.page).toEqual(englishContactPageFixture)
  })

  it('goes to not-available with 404 for a missing page', async () => {
    const { actor, goToNotAvailable } = start(async () => {
      throw Object.assign(new Error('missing'), { code: 'not_found' })
    })
    await waitFor(actor, (snapshot) => snapshot.hasTag('error'))
    expect(goToNotAvailable).toHaveBeenCalledWith(expect.anything(), { status: 404 })
    expect(actor.getSnapshot().context.failure).toBe(404)
  })

  it('goes to not-available with 500 for server and network failures', async () => {
    for (const failure of [httpError(503), httpError(500), new TypeError('Failed to fetch')]) {
      const { actor, goToNotAvailable } = start(async () => {
        throw failure
      })
      await waitFor(actor, (snapshot) => snapshot.hasTag('error'))
      expect(goToNotAvailable).toHaveBeenCalledWith(expect.anything(), { status: 500 })
    }
  })

  it('maps every 4xx to 404 and everything else to 500', () => {
    expect(notAvailableStatusOf(httpError(410))).toBe(404)
    expect(notAvailableStatusOf({ code: 'validation_failed' })).toBe(404)
    expect(notAvailableStatusOf(httpError(502))).toBe(500)
    expect(notAvailableStatusOf('boom')).toBe(500)
  })

  it('loads again after a failure when navigated', async () => {
    let fail = true
    const { actor } = start(async () => {
      if (fail) throw httpError(500)
      return contactPageFixture
    })
    await waitFor(actor, (snapshot) => snapshot.hasTag('error'))
    fail = false
    actor.send({ type: 'page.navigate', lang: 'de', slug: 'kontakt' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('loaded'))
    expect(actor.getSnapshot().context.failure).toBeNull()
  })
})
