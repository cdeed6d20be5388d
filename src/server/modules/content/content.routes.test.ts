import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CMS_MEDIA_PATH,
  cmsNavigationUrl,
  cmsPageUrl,
  GetCmsPageResponseSchema,
} from '#shared/contracts/cms.contract.ts'
import {
  CONTACT_PATH,
  ContactResponseSchema,
  LEGACY_CONTACT_FORM_PATH,
} from '#shared/contracts/contact.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { errorHandler } from '#server/http/error-handler.ts'
import { createTestDb, type TestDb } from '#tests/integration/helpers/test-app.ts'
import { createContentRepo } from '#server/modules/content/content.repo.ts'
import { createContentRoutes, parseFormBody } from '#server/modules/content/content.routes.ts'
import { createContentService } from '#server/modules/content/content.service.ts'

let testDb: TestDb
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDb()
  const content = createContentService({ db: testDb.db })
  await content.seedIfEmpty()
  app = Fastify()
  app.setErrorHandler(errorHandler)
  await app.register(createContentRoutes({ content }))
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

const errorCode = (body: unknown) => ErrorBodySchema.parse(body).error.code

const contactBody = {
  kind: 'contact',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mail: 'ada@example.org',
  message: 'Hallo',
  confirmation: true,
}

describe('content routes', () => {
  it('serves pages by language and slug, the start page for an empty slug', async () => {
    for (const url of [
      cmsPageUrl('de', 'kontakt'),
      '/api/cms/pages/en/produktion/tipps-und-tricks-im-3d-druck',
      '/api/cms/pages/fr',
      '/api/cms/pages/fr/',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(() => GetCmsPageResponseSchema.parse(response.json())).not.toThrow()
    }
    const start = await app.inject({ method: 'GET', url: '/api/cms/pages/fr' })
    expect(start.json()).toMatchObject({ lang: 'fr', slug: 'start' })
    expect(start.headers['cache-control']).toBe('public, max-age=60')
  })

  it('answers 404 not_found for missing pages, odd slugs and unknown languages', async () => {
    for (const url of [
      '/api/cms/pages/de/gibt-es-nicht',
      '/api/cms/pages/de/..%2F..%2Fetc',
      '/api/cms/pages/it/kontakt',
      '/api/cms/pages/de/Kontakt',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(errorCode(response.json())).toBe('not_found')
      expect(response.headers['cache-control'], url).toBeUndefined()
    }
  })

  it('serves the navigation lists', async () => {
    const response = await app.inject({ method: 'GET', url: cmsNavigationUrl('en') })
    expect(response.statusCode).toBe(200)
    expect(response.json().footerright).toEqual([
      { title: 'Terms', link: '/en/agb-onlineportal' },
      { title: 'Foreign trade terms', link: '/en/aussenhandel' },
    ])
  })

  it('serves the media files as inert SVG and nothing else', async () => {
    const response = await app.inject({ method: 'GET', url: `${CMS_MEDIA_PATH}/hero-printer.svg` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['content-security-policy']).toContain("default-src 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    for (const file of ['missing.svg', '..%2Fcontent.service.ts', 'sanitize-html.ts']) {
      expect((await app.inject({ method: 'GET', url: `${CMS_MEDIA_PATH}/${file}` })).statusCode, file).toBe(
        404,
      )
    }
  })

  it('takes a contact message and answers 201 with the id', async () => {
    const response = await app.inject({ method: 'POST', url: CONTACT_PATH, payload: contactBody })
    expect(response.statusCode).toBe(201)
    const { id } = ContactResponseSchema.parse(response.json())
    expect(await createContentRepo(testDb.db).getSubmission(id)).toMatchObject({ kind: 'contact' })
  })

  it('refuses header injections, missing confirmation and bodies over 32 KiB with 4xx', async () => {
    const cases = [
      { ...contactBody, subject: 'Hi\r\nBcc: victim@example.org' },
      { ...contactBody, firstName: 'Ada\nBcc: victim@example.org' },
      { ...contactBody, mail: 'ada@example.org\r\nBcc: victim@example.org' },
      { ...contactBody, confirmation: false },
    ]
    for (const payload of cases) {
      const response = await app.inject({ method: 'POST', url: CONTACT_PATH, payload })
      expect(response.statusCode).toBe(400)
      expect(errorCode(response.json())).toBe('validation_failed')
    }
    const huge = await app.inject({
      method: 'POST',
      url: CONTACT_PATH,
      payload: { ...contactBody, message: 'x'.repeat(1_000_000) },
    })
    expect(huge.statusCode).toBe(413)
  })

  it('takes the legacy form-urlencoded ContactForm.php newsletter body', async () => {
    const body = new URLSearchParams({
      subject: 'Newsletteranmeldung',
      salutation: 'Herr',
      firstName: 'Charles',
      lastName: 'Babbage',
      firm: '',
      street: '',
      plz: '10115',
      location: 'Berlin',
      confirmation: 'true',
      message: 'Charles Babbage, 10115 Berlin',
      mail: 'charles@example.org',
    }).toString()
    const response = await app.inject({
      method: 'POST',
      url: LEGACY_CONTACT_FORM_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    })
    expect(response.statusCode).toBe(201)
    const { id } = ContactResponseSchema.parse(response.json())
    expect(await createContentRepo(testDb.db).getSubmission(id)).toMatchObject({
      kind: 'newsletter',
      payload: { salutation: 'mr', lastName: 'Babbage', plz: '10115' },
    })
  })

  it('parses repeated form keys into lists', () => {
    expect(parseFormBody('a=1&b=2&b=3&c=%0D%0A')).toEqual({ a: '1', b: ['2', '3'], c: '\r\n' })
  })
})
