import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { RequestLog, serverLogger } from '#server/http/request-log.ts'

interface Line {
  level: number
  msg: string
  reqId?: string
  req?: { method: string; url: string }
  res?: { statusCode: number }
  responseTime?: number
  err?: { message: string }
}

const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 }

/** A Fastify app with the shop's request log at `level`, its lines collected; three routes: ok, slow, broken. */
async function appLogging(level: 'debug' | 'info', slowMs?: number) {
  const lines: Line[] = []
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } },
    logController: new RequestLog(slowMs),
  })
  app.get('/ok', async () => ({ ok: true }))
  app.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 60)))
  app.get('/broken', async () => {
    throw new Error('the database went away')
  })
  await app.ready()
  return { app, lines }
}

const apps: { close(): Promise<unknown> }[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

describe('RequestLog', () => {
  it('writes nothing at info for an ordinary answer', async () => {
    const { app, lines } = await appLogging('info')
    apps.push(app)
    expect((await app.inject({ url: '/ok' })).statusCode).toBe(200)
    expect(lines).toEqual([])
  })

  it('writes one debug line per ordinary answer, with the request, its status and its time', async () => {
    const { app, lines } = await appLogging('debug')
    apps.push(app)
    await app.inject({ url: '/ok?page=2' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: LEVEL.debug,
      msg: 'request completed',
      req: { method: 'GET', url: '/ok?page=2' },
      res: { statusCode: 200 },
    })
    expect(lines[0]!.reqId).toEqual(expect.any(String))
    expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0)
  })

  it('writes a refused request at info and a failed one at error', async () => {
    const { app, lines } = await appLogging('info')
    apps.push(app)
    await app.inject({ url: '/nowhere' })
    await app.inject({ url: '/broken' })
    expect(lines.map(({ level, msg, res }) => ({ level, msg, status: res?.statusCode }))).toEqual([
      { level: LEVEL.info, msg: 'request refused', status: 404 },
      { level: LEVEL.error, msg: 'the database went away', status: 500 },
      { level: LEVEL.error, msg: 'request failed', status: 500 },
    ])
  })

  it('writes an answer slower than its bound at warn, whatever its status', async () => {
    const { app, lines } = await appLogging('info', 50)
    apps.push(app)
    await app.inject({ url: '/slow' })
    await app.inject({ url: '/ok' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: LEVEL.warn, msg: 'request slow', req: { url: '/slow' } })
    expect(lines[0]!.responseTime).toBeGreaterThan(50)
  })
})

describe('serverLogger', () => {
  it('writes every line to its destination, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'request-log-'))
    const file = join(dir, 'server.log')
    const options = serverLogger('debug', file)
    await once(options.stream, 'ready')
    const app = Fastify({ logger: options, logController: new RequestLog() })
    app.get('/ok', async () => ({ ok: true }))
    try {
      for (let i = 0; i < 200; i++) await app.inject({ url: `/ok?i=${i}` })
      options.stream.flushSync()
      const urls = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Line)
        .filter((line) => line.msg === 'request completed')
        .map((line) => line.req?.url)
      expect(urls).toEqual(Array.from({ length: 200 }, (_, i) => `/ok?i=${i}`))
    } finally {
      await app.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
