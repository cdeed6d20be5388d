import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_HEADER, LANGUAGE_HEADER, RANKING_SCALE } from '#shared/domain/limits.ts'
import {
  GetPrintModesResponseSchema,
  GetSurfaceFinishesResponseSchema,
  PRINT_MODES_PATH,
  RANKING_LABELS,
  SURFACE_FINISHES_PATH,
} from '#shared/contracts/print-modes.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import { STANDARD_WHITE_LABEL_API_KEY } from '#server/db/seed.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function getPrintModes(headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH, headers })
  expect(response.statusCode).toBe(200)
  return GetPrintModesResponseSchema.parse(response.json())
}

describe('GET /api/print-modes', () => {
  it('lists the seeded print modes with every feature, finish, colour and processing step', async () => {
    const { printModes } = await getPrintModes()

    expect(printModes.length).toBeGreaterThanOrEqual(6)
    const methods = printModes.map((mode) => mode.printModeMethod.name).join(' ')
    for (const method of ['FDM', 'SLS', 'MJF', 'SLA', 'PolyJet', 'SLM']) expect(methods).toContain(method)

    for (const mode of printModes) {
      expect(mode._id).toBe(mode.id)
      expect(mode.features.ranking.map((entry) => entry.label)).toEqual([...RANKING_LABELS])
      for (const { value } of mode.features.ranking) {
        expect(value).toBeGreaterThanOrEqual(RANKING_SCALE.min)
        expect(value).toBeLessThanOrEqual(RANKING_SCALE.max)
      }
      expect(mode.surfaceFinishes.length).toBeGreaterThanOrEqual(1)
      expect(mode.surfaceFinishes.length).toBeLessThanOrEqual(3)
      expect(mode.colors.length).toBeGreaterThanOrEqual(1)
      // Every finish offers at least one colour, and the colours point back to the finishes they are listed in.
      for (const finish of mode.surfaceFinishes) {
        expect(finish.colors.length).toBeGreaterThanOrEqual(1)
        for (const color of finish.colors) expect(color.surfaceFinishes).toContain(finish.id)
      }
    }
    const steps = printModes.flatMap((mode) => mode.processingSteps)
    expect(steps.length).toBeGreaterThan(0)
    for (const step of steps) expect(step.options.length).toBeGreaterThan(0)
  })

  it('serves every colour thumbnail from the API host', async () => {
    const { printModes } = await getPrintModes()
    const thumbnails = new Set(printModes.flatMap((mode) => mode.colors.map((color) => color.thumbnail)))
    for (const thumbnail of thumbnails) {
      const response = await t.app.inject({ method: 'GET', url: thumbnail })
      expect(response.statusCode, thumbnail).toBe(200)
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
      expect(response.body).toContain('<svg')
    }
  })

  it('answers in the language of the language header, German by default', async () => {
    const german = await getPrintModes()
    const english = await getPrintModes({ [LANGUAGE_HEADER]: 'GB' })
    const french = await getPrintModes({ [LANGUAGE_HEADER]: 'fr' })
    const explicitGerman = await getPrintModes({ [LANGUAGE_HEADER]: 'DE' })

    const sls = (modes: typeof german.printModes) => modes.find((mode) => mode.name.includes('SLS'))
    expect(sls(german.printModes)?.printModeMethod.name).toBe('SLS – Selektives Lasersintern')
    expect(sls(english.printModes)?.printModeMethod.name).toBe('SLS – selective laser sintering')
    expect(sls(french.printModes)?.printModeMethod.name).toBe('SLS – frittage laser sélectif')
    expect(explicitGerman).toEqual(german)
    // Same catalogue, other words: ids and numbers do not depend on the language.
    expect(english.printModes.map((mode) => mode.id)).toEqual(german.printModes.map((mode) => mode.id))
    expect(english.printModes[0]?.features.description).not.toBe(german.printModes[0]?.features.description)
  })

  it('refuses an unsupported language with validation_failed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: PRINT_MODES_PATH,
      headers: { [LANGUAGE_HEADER]: 'XX' },
    })
    expect(response.statusCode).toBe(400)
    const body = ErrorBodySchema.parse(response.json())
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.issues?.[0]?.path).toEqual([LANGUAGE_HEADER])
  })

  it('serves the default white label for its own key and for no key, and 401 for an unknown key', async () => {
    const withoutKey = await getPrintModes()
    const withKey = await getPrintModes({ [API_KEY_HEADER]: STANDARD_WHITE_LABEL_API_KEY })
    expect(withKey).toEqual(withoutKey)

    const response = await t.app.inject({
      method: 'GET',
      url: PRINT_MODES_PATH,
      headers: { [API_KEY_HEADER]: 'no-such-key' },
    })
    expect(response.statusCode).toBe(401)
    expect(ErrorBodySchema.parse(response.json()).error).toMatchObject({
      code: 'unknown_api_key',
      status: 401,
    })
  })

  it('lets an API key select another white label with its own print modes', async () => {
    const { printModes } = await getPrintModes()
    const offered = printModes[1]
    if (offered === undefined) throw new Error('seed has fewer than two print modes')
    const whiteLabelId = newId()
    await t.db.query("INSERT INTO white_labels (id, name, api_key) VALUES ($1, 'Partner', 'partner-key')", [
      whiteLabelId,
    ])
    await t.db.query('INSERT INTO print_mode_white_labels (print_mode_id, white_label_id) VALUES ($1, $2)', [
      offered.id,
      whiteLabelId,
    ])

    // Written behind the server's back (another process, an operator): the catalogue cache sees the revision move
    // within its revalidation interval (docs/decisions/0050-catalogue-cache.md).
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: PRINT_MODES_PATH,
              headers: { [API_KEY_HEADER]: 'partner-key' },
            })
          ).statusCode,
        { timeout: 5_000, interval: 100 },
      )
      .toBe(200)
    const partner = await getPrintModes({ [API_KEY_HEADER]: 'partner-key' })
    expect(partner.printModes.map((mode) => mode.id)).toEqual([offered.id])
    expect((await getPrintModes()).printModes).toHaveLength(printModes.length)
  })
})

describe('GET /api/print-modes/surface-finishes', () => {
  it('lists every finish of the offered print modes with its colours', async () => {
    const { printModes } = await getPrintModes()
    const response = await t.app.inject({
      method: 'GET',
      url: SURFACE_FINISHES_PATH,
      headers: { [LANGUAGE_HEADER]: 'GB' },
    })
    expect(response.statusCode).toBe(200)
    const { surfaceFinishes } = GetSurfaceFinishesResponseSchema.parse(response.json())

    const expectedIds = printModes.flatMap((mode) => mode.surfaceFinishes.map((finish) => finish.id))
    expect(surfaceFinishes.map((finish) => finish.id)).toEqual(expectedIds)
    expect(surfaceFinishes.map((finish) => finish.properties.name)).toContain('Vibratory smoothed')
    for (const finish of surfaceFinishes) expect(finish.colors.length).toBeGreaterThan(0)
  })

  it('checks the API key like the print modes do', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: SURFACE_FINISHES_PATH,
      headers: { [API_KEY_HEADER]: 'unknown' },
    })
    expect(response.statusCode).toBe(401)
  })
})
