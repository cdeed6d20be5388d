import { describe, expect, it } from 'vitest'
import { CookieChoiceSchema, DEFAULT_COOKIE_CHOICE } from '#shared/contracts/cookie-choice.contract.ts'
import { DEFAULT_PREFERENCES, PreferencesSchema } from '#shared/contracts/preferences.contract.ts'

describe('stored cookie choice', () => {
  it('accepts a choice with essential cookies on', () => {
    const choice = { essentialCookies: true, statisticCookies: true, marketingCookies: false }
    expect(CookieChoiceSchema.parse(choice)).toEqual(choice)
    expect(CookieChoiceSchema.parse(DEFAULT_COOKIE_CHOICE)).toEqual(DEFAULT_COOKIE_CHOICE)
  })

  it('rejects essential cookies off and missing fields', () => {
    expect(CookieChoiceSchema.safeParse({ ...DEFAULT_COOKIE_CHOICE, essentialCookies: false }).success).toBe(
      false,
    )
    expect(CookieChoiceSchema.safeParse({ essentialCookies: true }).success).toBe(false)
  })
})

describe('stored preferences', () => {
  it('accepts the defaults and rejects a flag without isSet', () => {
    expect(PreferencesSchema.parse(DEFAULT_PREFERENCES)).toEqual(DEFAULT_PREFERENCES)
    expect(
      PreferencesSchema.safeParse({ ...DEFAULT_PREFERENCES, isBusinessCustomer: { value: true } }).success,
    ).toBe(false)
  })
})
