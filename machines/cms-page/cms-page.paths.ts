import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { cmsPageMachine } from './cms-page.machine.ts'
import { contactPageFixture } from './cms-page.fixtures.ts'

/** Loading a page that exists, is missing (404), fails on the server (503) or on the network; navigating anywhere. */
export const cmsPagePathModel = definePathModel({
  machine: cmsPageMachine,
  input: { lang: 'de', slug: 'kontakt' },
  events: [
    { type: 'page.navigate', lang: 'en', slug: '/kontakt/' },
    doneEvent('fetchPage', contactPageFixture),
    errorEvent('fetchPage', { code: 'not_found', status: 404 }),
    errorEvent('fetchPage', { code: 'service_unavailable', status: 503 }),
    errorEvent('fetchPage', new TypeError('Failed to fetch')),
  ],
  serializeContext: ({ lang, slug, page, failure }) => ({ lang, slug, loaded: page !== null, failure }),
})
