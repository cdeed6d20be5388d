import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, createConfig, loadOrCreateSessionSecret, parseEnv } from '#server/config/env.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'

function configError(raw: Record<string, string>): string {
  try {
    parseEnv(raw)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).message
  }
  throw new Error('expected a ConfigError')
}

describe('environment validation', () => {
  it('starts with defaults: port 3000, all interfaces, ./data and the embedded database', () => {
    const config = createConfig(parseEnv({}), () => 'secret-from-file-0123456789abcdef')
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      sessionSecret: 'secret-from-file-0123456789abcdef',
      paypal: undefined,
    })
    expect(config.dataDir).toBe(join(process.cwd(), 'data'))
    expect(config.database).toEqual({ kind: 'pglite', dataDir: join(process.cwd(), 'data', 'pgdata') })
    expect(config.mail).toMatchObject({
      smtpUrl: undefined,
      outboxDir: join(process.cwd(), 'data', 'outbox'),
    })
  })

  it('switches to PostgreSQL with DATABASE_URL and treats empty variables as unset', () => {
    const config = createConfig(
      parseEnv({
        DATABASE_URL: 'postgres://shop:pw@db:5432/shop',
        PORT: '',
        PUBLIC_URL: 'https://shop.example.com/',
      }),
      () => 'x'.repeat(32),
    )
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://shop:pw@db:5432/shop' })
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('https://shop.example.com')
  })

  it('names every invalid variable in one message and hides secrets', () => {
    const message = configError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://root:hunter2@db/shop',
      PUBLIC_URL: 'ftp://example.com',
      SMTP_URL: 'http://mail',
      SESSION_SECRET: 'short',
      LOG_LEVEL: 'loud',
    })
    expect(message).toMatch(/^Invalid environment configuration:/)
    for (const key of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'SESSION_SECRET', 'LOG_LEVEL']) {
      expect(message).toContain(`- ${key}:`)
    }
    expect(message).toContain('PORT: must be a number (got "abc")')
    expect(message).not.toContain('hunter2')
    expect(message).not.toContain('short')
    expect(message).toContain('docs/configuration.md')
  })

  it('rejects a port out of range and half a PayPal configuration', () => {
    expect(configError({ PORT: '70000' })).toContain('PORT: must be between 0 and 65535')
    expect(configError({ PAYPAL_CLIENT_ID: 'abc' })).toContain(
      'PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    )
  })

  it('reads TRUST_PROXY as off by default, true/false, a hop count or an address list', () => {
    const trust = (value?: string) =>
      createConfig(parseEnv(value === undefined ? {} : { TRUST_PROXY: value }), () => 'x'.repeat(32))
        .trustProxy
    expect(trust()).toBe(false)
    expect(trust('false')).toBe(false)
    expect(trust('true')).toBe(true)
    expect(trust('2')).toBe(2)
    expect(trust(' 10.0.0.0/8 , 127.0.0.1 ')).toBe('10.0.0.0/8,127.0.0.1')
    expect(configError({ TRUST_PROXY: '99' })).toContain(
      'TRUST_PROXY: must be true, false, a number of proxy hops',
    )
  })

  it('rejects a multi-line MAIL_FROM, which would inject mail headers', () => {
    expect(configError({ MAIL_FROM: 'shop@example.com\r\nBcc: victim@example.com' })).toContain(
      'MAIL_FROM: must be one line',
    )
  })

  it('generates SESSION_SECRET once and keeps it in DATA_DIR/session-secret', () => {
    const dir = createTempDir()
    try {
      const first = loadOrCreateSessionSecret(dir)
      expect(first.length).toBeGreaterThanOrEqual(43)
      expect(existsSync(join(dir, 'session-secret'))).toBe(true)
      expect(statSync(join(dir, 'session-secret')).mode & 0o077).toBe(0)
      expect(loadOrCreateSessionSecret(dir)).toBe(first)
      expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
