import { describe, expect, it } from 'vitest'
import { accountLinkPath, accountLinkUrl } from '#shared/domain/account-links.ts'

const code = 'a'.repeat(43)

describe('account mail links', () => {
  it('open the German pages without a prefix and the others under /en and /fr', () => {
    expect(accountLinkPath('optin', code, 'de')).toBe(`/optin/${code}`)
    expect(accountLinkPath('reset', code, 'en')).toBe(`/en/reset-password/${code}`)
    expect(accountLinkPath('email-change', code, 'fr')).toBe(`/fr/mail-update?confirm=${code}`)
  })

  it('join the public URL without a doubled slash', () => {
    expect(accountLinkUrl('https://shop.example/', 'optin', code, 'de')).toBe(
      `https://shop.example/optin/${code}`,
    )
    expect(accountLinkUrl('https://shop.example', 'reset', code, 'de')).toBe(
      `https://shop.example/reset-password/${code}`,
    )
  })
})
