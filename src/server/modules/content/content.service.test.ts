import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CmsPageSchema, type CmsPageDocumentInput } from '#shared/contracts/cms.contract.ts'
import { type ContactRequest, ContactRequestSchema } from '#shared/contracts/contact.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { createTestDb, type TestDb } from '#tests/integration/helpers/test-app.ts'
import { createContentRepo } from '#server/modules/content/content.repo.ts'
import { createContentService, submissionMail } from '#server/modules/content/content.service.ts'
import { createExternalCmsSource } from '#server/modules/content/external-cms.source.ts'
import { SEED_PAGES } from '#server/modules/content/seed/seed-content.ts'

let testDb: TestDb
beforeAll(async () => {
  testDb = await createTestDb()
})
afterAll(async () => {
  await testDb.close()
})

const contact: ContactRequest = ContactRequestSchema.parse({
  kind: 'contact',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mail: 'ada@example.org',
  subject: 'Wandstärke',
  message: 'Welche Wandstärke brauche ich?\nDanke!',
  confirmation: true,
})

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError'
  }
  return 'resolved'
}

describe('content service on the database', () => {
  it('seeds the pages and navigation once, then serves them', async () => {
    const service = createContentService({ db: testDb.db })
    expect(await service.seedIfEmpty()).toBe(true)
    expect(await service.seedIfEmpty()).toBe(false)
    expect(await createContentRepo(testDb.db).countPages()).toBe(SEED_PAGES.length * 3)

    const start = await service.getPage('de', '')
    expect(CmsPageSchema.parse(start).slug).toBe('start')
    expect(start.page.navigation.main.map((entry) => entry.link)).toEqual([
      '/portfolio',
      '/ueber-uns',
      '/kontakt',
      '/downloads',
    ])
    expect((await service.getPage('en', '/kontakt/')).meta.title).toBe('Contact')
    expect(
      (await service.getPage('fr', 'produktion/tipps-und-tricks-im-3d-druck')).content.colPos0.map(
        (e) => e.id,
      ),
    ).toContain('cart-steps')
    expect((await service.getNavigation('fr')).footerleft[0]?.title).toBe('Confidentialité')
  })

  it('stores links with rel=noopener, as sanitised on save', async () => {
    const service = createContentService({ db: testDb.db })
    const page = await service.getPage('de', 'kontakt')
    const html = page.content.colPos0.map((element) => element.content.bodytext).join('')
    expect(html).toContain('<a rel="noopener noreferrer" href="mailto:info@schichtwerk.example">')
  })

  it('answers not_found for a missing page, an impossible slug and an unknown language', async () => {
    const service = createContentService({ db: testDb.db })
    expect(await codeOf(service.getPage('de', 'gibt-es-nicht'))).toBe('not_found')
    expect(await codeOf(service.getPage('de', '../etc/passwd'))).toBe('not_found')
    expect(await codeOf(service.getPage('it', 'kontakt'))).toBe('not_found')
    expect(await codeOf(service.getNavigation('it'))).toBe('not_found')
  })

  it('sanitises on save and again on serve', async () => {
    const service = createContentService({ db: testDb.db })
    const page: CmsPageDocumentInput = {
      lang: 'de',
      slug: 'xss-test',
      languages: [],
      content: {
        colPos0: [
          {
            id: 'x',
            type: 'text',
            content: { bodytext: '<p>ok<img src=x onerror=alert(1)><script>alert(2)</script></p>' },
          },
        ],
      },
      meta: { title: 'XSS' },
    }
    const saved = await service.savePage(page)
    expect(saved.content.colPos0[0]?.content.bodytext).toBe('<p>ok</p>')

    // Written around the service (an older version, a manual fix): still cleaned when served.
    await createContentRepo(testDb.db).upsertPage('de', 'xss-test', {
      ...saved,
      content: {
        colPos0: [
          {
            ...saved.content.colPos0[0],
            content: { bodytext: '<a href="javascript:alert(1)" onclick="x()">x</a>' },
          },
        ],
      },
    })
    const served = await service.getPage('de', 'xss-test')
    expect(served.content.colPos0[0]?.content.bodytext).toBe('<a rel="noopener noreferrer">x</a>')
  })

  it('refuses to save a page with a javascript: link in its navigation data', async () => {
    const service = createContentService({ db: testDb.db })
    await expect(
      service.savePage({
        lang: 'de',
        slug: 'bad-links',
        languages: [{ locale: 'de', link: 'javascript:alert(1)' }],
        content: { colPos0: [] },
        meta: { title: 'x' },
      }),
    ).rejects.toThrow()
  })

  it('stores a submission, mails the team with the sender as reply-to and marks it mailed', async () => {
    const send = vi.fn(async () => ({ messageId: 'm-1' }))
    const service = createContentService({
      db: testDb.db,
      mail: { send },
      inbox: 'team@schichtwerk.example',
      newId: () => 'submission-00000000001',
    })
    expect(await service.submit(contact, { ip: '192.0.2.1' })).toEqual({
      ok: true,
      id: 'submission-00000000001',
    })
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        to: ['team@schichtwerk.example'],
        replyTo: 'ada@example.org',
        subject: '[Schichtwerk] Kontaktanfrage: Wandstärke',
      }),
    )
    const row = await createContentRepo(testDb.db).getSubmission('submission-00000000001')
    expect(row).toMatchObject({ kind: 'contact', ip: '192.0.2.1', payload: contact })
    expect(row?.mailed_at).not.toBeNull()
  })

  it('keeps the submission when the mail fails, and reports the failure', async () => {
    const onMailError = vi.fn()
    const ids = ['submission-00000000002']
    const service = createContentService({
      db: testDb.db,
      mail: { send: async () => Promise.reject(new Error('smtp down')) },
      inbox: 'team@schichtwerk.example',
      newId: () => ids.shift() ?? 'unexpected',
      onMailError,
    })
    expect((await service.submit(contact, { ip: '192.0.2.2' })).ok).toBe(true)
    expect(onMailError).toHaveBeenCalledWith(expect.any(Error), 'submission-00000000002')
    expect((await createContentRepo(testDb.db).getSubmission('submission-00000000002'))?.mailed_at).toBeNull()
  })

  it('limits one address to 5 submissions an hour', async () => {
    let now = new Date()
    let counter = 0
    const service = createContentService({
      db: testDb.db,
      now: () => now,
      newId: () => `limit-${String(++counter).padStart(16, '0')}`,
    })
    for (let i = 0; i < 5; i += 1) await service.submit(contact, { ip: '198.51.100.7' })
    expect(await codeOf(service.submit(contact, { ip: '198.51.100.7' }))).toBe('rate_limited')
    expect((await service.submit(contact, { ip: '198.51.100.8' })).ok).toBe(true)
    // created_at is the database's clock; an hour later by the service's clock the window is empty again.
    now = new Date(Date.now() + 2 * 60 * 60 * 1_000)
    expect((await service.submit(contact, { ip: '198.51.100.7' })).ok).toBe(true)
  })

  it('builds a one-field-per-line team mail with the kind in the subject', () => {
    const { isBugReport: _contactOnly, ...fields } = contact as Extract<ContactRequest, { kind: 'contact' }>
    const bug = ContactRequestSchema.parse({
      ...fields,
      kind: 'bug-report',
      subject: '',
      userIntention: 'Hochladen',
      userExpectation: 'Preis',
      systemResponse: 'Fehler',
      userCheckedInternetConnection: 'yes',
      errorMessageOccurred: false,
      browserUsed: 'Google Chrome',
      differentBrowsers: ['Apple Safari', 'Microsoft Edge'],
      osUsed: 'Android',
    })
    const mail = submissionMail(bug, 'id-1', 'team@schichtwerk.example')
    expect(mail.subject).toBe('[Schichtwerk] Fehlermeldung')
    expect(mail.text).toContain('differentBrowsers: Apple Safari, Microsoft Edge')
    expect(mail.text).toContain('message: Welche Wandstärke brauche ich?\nDanke!')
  })
})

describe('content service with an external CMS', () => {
  const externalPage = {
    page: {
      navigation: {
        main: [{ title: 'Kontakt', link: '/kontakt' }],
        top: [],
        footerleft: [],
        footerright: [],
      },
    },
    languages: [],
    content: {
      colPos0: [
        { id: 7, type: 'text', content: { bodytext: '<p onclick="x()">Hallo<script>alert(1)</script></p>' } },
        { id: 8, type: 'menu_pages', appearance: { layout: 'layout-99' }, content: {} },
      ],
    },
    meta: { title: 'Extern' },
  }

  const serviceWith = (fetch: typeof globalThis.fetch, timeoutMs = 1_000) =>
    createContentService({
      db: testDb.db,
      externalCms: createExternalCmsSource({ baseUrl: 'https://cms.example.org/api/', fetch, timeoutMs }),
    })

  it('fetches {CMS_URL}/{lang}/{slug}, validates and sanitises', async () => {
    const urls: string[] = []
    const service = serviceWith(async (url) => {
      urls.push(String(url))
      return Response.json(externalPage)
    })
    const page = await service.getPage('en', '')
    expect(urls).toEqual(['https://cms.example.org/api/en/start'])
    expect(page).toMatchObject({ lang: 'en', slug: 'start' })
    expect(page.content.colPos0.map((element) => element.id)).toEqual(['c7', 'c8'])
    expect(page.content.colPos0[0]?.content.bodytext).toBe('<p>Hallo</p>')
    expect(page.content.colPos0[1]?.type).toBe('menu_pages')
    expect((await service.getNavigation('en')).main).toEqual([{ title: 'Kontakt', link: '/kontakt' }])
  })

  it('answers not_found for a 404 and service_unavailable for errors, timeouts and invalid pages', async () => {
    expect(await codeOf(serviceWith(async () => new Response('', { status: 404 })).getPage('de', 'x'))).toBe(
      'not_found',
    )
    expect(await codeOf(serviceWith(async () => new Response('', { status: 502 })).getPage('de', 'x'))).toBe(
      'service_unavailable',
    )
    expect(await codeOf(serviceWith(async () => new Response('<html>')).getPage('de', 'x'))).toBe(
      'service_unavailable',
    )
    const withJsLink = { ...externalPage, breadcrumbs: [{ title: 'x', link: 'javascript:alert(1)' }] }
    expect(await codeOf(serviceWith(async () => Response.json(withJsLink)).getPage('de', 'x'))).toBe(
      'service_unavailable',
    )
    const hanging: typeof globalThis.fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    expect(await codeOf(serviceWith(hanging, 20).getPage('de', 'x'))).toBe('service_unavailable')
    const huge = JSON.stringify({ ...externalPage, meta: { title: 'x', description: 'y'.repeat(3_000_000) } })
    expect(await codeOf(serviceWith(async () => new Response(huge)).getPage('de', 'x'))).toBe(
      'service_unavailable',
    )
  })

  it('never asks the CMS for an impossible slug', async () => {
    const fetch = vi.fn(async () => Response.json(externalPage))
    expect(await codeOf(serviceWith(fetch).getPage('de', '../../admin'))).toBe('not_found')
    expect(fetch).not.toHaveBeenCalled()
  })
})
