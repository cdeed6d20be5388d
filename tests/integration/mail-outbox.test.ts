import { readdirSync, rmSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '#shared/errors/app-error.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { createOutbox } from '#server/modules/mail/outbox.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

const dirs: string[] = []
function outboxDir() {
  const dir = createTempDir('schichtwerk-outbox-')
  dirs.push(dir)
  return `${dir}/outbox`
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('mail without SMTP_URL', () => {
  it('writes each mail to the outbox as .eml and .json, readable in order', async () => {
    const dir = outboxDir()
    const mail = createMailService({
      smtpUrl: undefined,
      from: 'Schichtwerk <shop@example.com>',
      outboxDir: dir,
    })
    expect(mail.kind).toBe('outbox')

    const first = await mail.send({
      to: ['kunde@example.com'],
      subject: 'Ihre Bestellung 1001 – Bestätigung',
      text: 'Vielen Dank für Ihre Bestellung.',
      html: '<p>Vielen Dank für Ihre Bestellung.</p>',
    })
    const second = await mail.send({
      to: ['zweite@example.com'],
      subject: 'Zweite',
      text: 'Hallo',
      replyTo: 'support@example.com',
    })
    expect(first.outboxId).toBeDefined()

    const listed = createOutbox(dir).list()
    expect(listed.map((entry) => entry.id)).toEqual([first.outboxId, second.outboxId])
    expect(listed[0]).toMatchObject({
      to: ['kunde@example.com'],
      from: 'Schichtwerk <shop@example.com>',
      subject: 'Ihre Bestellung 1001 – Bestätigung',
      text: 'Vielen Dank für Ihre Bestellung.',
    })
    expect(listed[1]?.replyTo).toBe('support@example.com')

    const read = mail.outbox?.read(first.outboxId!)
    expect(read?.raw).toMatch(/^From: Schichtwerk <shop@example\.com>\r$/m)
    expect(read?.raw).toMatch(/^To: kunde@example\.com\r$/m)
    expect(read?.raw).toContain(`Message-ID: ${first.messageId}`)
    // Non-ASCII subjects are MIME-encoded, never raw bytes in a header.
    expect(read?.raw).toMatch(/^Subject: =\?UTF-8\?/m)
    expect(readdirSync(dir).sort()).toEqual(
      [
        `${first.outboxId}.eml`,
        `${first.outboxId}.json`,
        `${second.outboxId}.eml`,
        `${second.outboxId}.json`,
      ].sort(),
    )
    mail.close()
  })

  it('refuses CR/LF in header fields instead of sending an injected header', async () => {
    const dir = outboxDir()
    const mail = createMailService({ smtpUrl: undefined, from: 'shop@example.com', outboxDir: dir })
    const attempts = [
      { to: ['kunde@example.com'], subject: 'Hallo\r\nBcc: victim@example.com', text: 'x' },
      { to: ['kunde@example.com\nBcc: victim@example.com'], subject: 'Hallo', text: 'x' },
      { to: ['kunde@example.com'], subject: 'Hallo', text: 'x', replyTo: 'a@example.com\r\nX-Evil: 1' },
    ]
    for (const attempt of attempts) {
      await expect(mail.send(attempt)).rejects.toSatisfy(
        (error: unknown) => error instanceof AppError && error.code === 'validation_failed',
      )
    }
    expect(createOutbox(dir).list()).toEqual([])
    expect(() =>
      createMailService({ smtpUrl: undefined, from: 'a@b.c\r\nBcc: x@y.z', outboxDir: dir }),
    ).toThrow()
    mail.close()
  })

  it('does not read files outside the outbox by id', () => {
    const outbox = createOutbox(outboxDir())
    expect(outbox.read('../../etc/passwd')).toBeUndefined()
    expect(outbox.read('20260101T000000000Z-000000000000')).toBeUndefined()
    expect(outbox.list()).toEqual([])
  })
})
