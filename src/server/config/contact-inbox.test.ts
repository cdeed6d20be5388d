import { describe, expect, it } from 'vitest'
import { ConfigError, createConfig, mailAddressOf, parseEnv } from '#server/config/env.ts'
import { MailMessageSchema } from '#server/modules/mail/mail.service.ts'

const secret = () => 'secret-from-file-0123456789abcdef'
const inboxOf = (raw: Record<string, string>) => createConfig(parseEnv(raw), secret).contactInbox

// The mail service takes bare recipient addresses only: with the default `Schichtwerk <shop@…>` as the inbox every
// contact, bug-report and newsletter mail was refused and the submissions were stored but never mailed.
describe('contact inbox', () => {
  it('defaults to the bare address of MAIL_FROM, which the mail service accepts as a recipient', () => {
    const inbox = inboxOf({})
    expect(inbox).toBe('shop@schichtwerk.local')
    const message = { to: [inbox], subject: 'Kontaktanfrage', text: 'Hallo' }
    expect(MailMessageSchema.safeParse(message).success).toBe(true)
    expect(inboxOf({ MAIL_FROM: 'Shop <shop@example.com>' })).toBe('shop@example.com')
    expect(inboxOf({ MAIL_FROM: 'shop@example.com' })).toBe('shop@example.com')
  })

  it('takes CONTACT_INBOX with or without a display name', () => {
    expect(inboxOf({ CONTACT_INBOX: 'Team <team@example.com>' })).toBe('team@example.com')
    expect(inboxOf({ CONTACT_INBOX: 'team@example.com' })).toBe('team@example.com')
  })

  it('refuses a CONTACT_INBOX that is no address at start', () => {
    expect(() => parseEnv({ CONTACT_INBOX: 'the team' })).toThrow(ConfigError)
    expect(() => parseEnv({ CONTACT_INBOX: 'Team <>' })).toThrow(/CONTACT_INBOX: must be an address/)
  })

  it('reads the address between the angle brackets', () => {
    expect(mailAddressOf('Schichtwerk <shop@schichtwerk.local>')).toBe('shop@schichtwerk.local')
    expect(mailAddressOf(' shop@example.com ')).toBe('shop@example.com')
  })
})
