import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_KEY_HEADER,
  DEFAULT_SHIPPING_COUNTRY_CODE,
  FREE_SHIPPING_METHOD_NAME,
  LANGUAGE_HEADER,
} from '#shared/domain/limits.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

const EU_MEMBERS = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(
  ' ',
)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function getCountries(headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: SHIPPING_COUNTRIES_PATH, headers })
  expect(response.statusCode).toBe(200)
  return GetShippingCountriesResponseSchema.parse(response.json()).shippingCountries
}

describe('GET /api/shipping/countries', () => {
  it('lists Germany first, all 27 EU members and CH, GB, NO, US with their own tax rates', async () => {
    const countries = await getCountries()
    expect(countries[0]?.countryCode).toBe(DEFAULT_SHIPPING_COUNTRY_CODE)
    expect(countries[0]).toMatchObject({ country: 'Deutschland', isEU: true, taxRate: 19 })

    const byCode = new Map(countries.map((country) => [country.countryCode, country]))
    expect(
      countries
        .filter((country) => country.isEU)
        .map((c) => c.countryCode)
        .sort(),
    ).toEqual([...EU_MEMBERS].sort())
    for (const code of ['CH', 'GB', 'NO', 'US']) expect(byCode.get(code)?.isEU).toBe(false)
    expect(byCode.get('AT')?.taxRate).toBe(20)
    expect(byCode.get('FI')?.taxRate).toBe(25.5)
    expect(byCode.get('CH')?.taxRate).toBe(8.1)
    expect(byCode.get('US')?.taxRate).toBe(0)
  })

  it('offers the free-shipping standard method and an express method everywhere', async () => {
    for (const country of await getCountries()) {
      const names = country.shippingMethods.map((method) => method.shippingMethod)
      expect(names, country.countryCode).toContain(FREE_SHIPPING_METHOD_NAME)
      expect(
        names.some((name) => /express/i.test(name)),
        country.countryCode,
      ).toBe(true)
      const standard = country.shippingMethods.find(
        (method) => method.shippingMethod === FREE_SHIPPING_METHOD_NAME,
      )
      const express = country.shippingMethods.find(
        (method) => method.shippingMethod !== FREE_SHIPPING_METHOD_NAME,
      )
      expect(express!.priceCents).toBeGreaterThan(standard!.priceCents)
      expect(express!.shippingTimeDays).toBeLessThan(standard!.shippingTimeDays)
    }
  })

  it('gives postal-code patterns that accept real codes and reject others', async () => {
    const byCode = new Map((await getCountries()).map((country) => [country.countryCode, country]))
    const samples: [string, string[], string[]][] = [
      ['DE', ['10115', '80331'], ['1011', 'ABCDE', '101155']],
      ['AT', ['1010'], ['10100']],
      ['NL', ['1012 AB', '1012AB'], ['1012']],
      ['PL', ['00-950'], ['00950']],
      ['PT', ['1000-001'], ['1000']],
      ['GB', ['SW1A 1AA', 'M1 1AE'], ['12345']],
      ['IE', ['D02 X285'], ['12345']],
      ['US', ['90210', '90210-1234'], ['9021']],
      ['CZ', ['110 00', '11000'], ['1100']],
    ]
    for (const [code, valid, invalid] of samples) {
      const pattern = new RegExp(byCode.get(code)!.postalCodeRegex)
      for (const value of valid) expect(pattern.test(value), `${code} ${value}`).toBe(true)
      for (const value of invalid) expect(pattern.test(value), `${code} ${value}`).toBe(false)
    }
  })

  it('names the countries in the requested language and sorts them by that name', async () => {
    const english = await getCountries({ [LANGUAGE_HEADER]: 'GB' })
    const french = await getCountries({ [LANGUAGE_HEADER]: 'FR' })
    expect(english[0]?.country).toBe('Germany')
    expect(french.find((country) => country.countryCode === 'US')?.country).toBe('États-Unis')
    const rest = english.slice(1).map((country) => country.country)
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('refuses an unknown API key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: SHIPPING_COUNTRIES_PATH,
      headers: { [API_KEY_HEADER]: 'nope' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: { code: 'unknown_api_key' } })
  })
})
