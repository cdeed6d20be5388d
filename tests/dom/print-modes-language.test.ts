import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { LANGUAGE_HEADER, type Locale } from '#shared/domain/limits.ts'
import { createApiClient, type UploadTransport } from '#client/actors/api-client.ts'
import { createPrintModesActors, reloadOnLanguageChange } from '#client/actors/print-modes.actors.ts'
import { activateLocale, i18n } from '#client/i18n/i18n.ts'
import { isLocale } from '#client/i18n/locales.ts'
import { apiPrintModes } from './fake-api.ts'

/** The first mode's name as the API words it in each language header. */
const NAMES: Record<string, string> = { DE: 'Polylactid', GB: 'Polylactic acid', FR: 'Polylactide' }

const noUpload: UploadTransport = () => new Promise(() => {})

/** `GET /api/print-modes` answering in the request's language, after a short delay. */
function languageApi() {
  const languages: string[] = []
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const language = new Headers(init?.headers).get(LANGUAGE_HEADER) ?? '?'
    languages.push(language)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const printModes = apiPrintModes.map((mode, index) =>
      index === 0 ? { ...mode, name: NAMES[language] ?? language } : mode,
    )
    return new Response(JSON.stringify({ printModes }), { headers: { 'content-type': 'application/json' } })
  }
  return { fetch, languages }
}

const listeners: Array<() => void> = []
afterEach(async () => {
  for (const stop of listeners.splice(0)) stop()
  await activateLocale('de')
})

describe('print-mode texts follow the language (issue 14, item 1)', () => {
  it('de → en → fr: each switch shows the new language, not the one before', async () => {
    await activateLocale('de')
    const locale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : 'de')
    const api = languageApi()
    const printModes = createActor(
      createPrintModesActors({ api: createApiClient({ fetch: api.fetch, upload: noUpload, locale }) }),
    ).start()
    // Asked for as when a model is configured (it is not loaded before, issue 18).
    printModes.send({ type: 'printModes.load' })
    reloadOnLanguageChange(printModes, locale, (listener) => listeners.push(i18n.on('change', listener)))
    const nameShown = async (name: string) =>
      await expect
        .poll(() => printModes.getSnapshot().context.printModes[0]?.name, { timeout: 2_000 })
        .toBe(name)

    await nameShown('Polylactid')
    await activateLocale('en')
    await nameShown('Polylactic acid')
    await activateLocale('fr')
    await nameShown('Polylactide')
    // Loading a catalog (still the old language) asks for nothing: one call per language.
    expect(api.languages).toEqual(['DE', 'GB', 'FR'])
    printModes.stop()
  })
})
