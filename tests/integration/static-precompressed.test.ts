import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '#server/http/precompress.ts'
import { createTempDir, createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/** Issue 18: the built SPA's text assets are served brotli or gzip from siblings written at build time. */
describe('precompressed static assets', () => {
  let t: TestApp
  let clientDir: string
  const script = 'export const greeting = () => "Schichtwerk";\n'.repeat(400)
  beforeAll(async () => {
    clientDir = createTempDir('client-')
    mkdirSync(join(clientDir, 'assets'))
    writeFileSync(
      join(clientDir, 'index.html'),
      `<!doctype html><title>shop</title>${'<p>x</p>'.repeat(300)}`,
    )
    writeFileSync(join(clientDir, 'assets', 'app-1234.js'), script)
    writeFileSync(join(clientDir, 'assets', 'tiny-1234.css'), 'body{margin:0}')
    writeFileSync(join(clientDir, 'assets', 'logo-1234.png'), Buffer.alloc(4096, 1))
    await precompressDir(clientDir)
    t = await createTestApp({ seed: false, clientDir })
  }, 60_000)
  afterAll(async () => {
    await t.close()
    rmSync(clientDir, { recursive: true, force: true })
  })

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

  it('writes .br and .gz next to text files over the threshold only', () => {
    expect(readFileSync(join(clientDir, 'assets', 'app-1234.js.br')).length).toBeLessThan(script.length / 10)
    expect(() => readFileSync(join(clientDir, 'assets', 'tiny-1234.css.br'))).toThrow()
    expect(() => readFileSync(join(clientDir, 'assets', 'logo-1234.png.gz'))).toThrow()
    expect('body{margin:0}'.length).toBeLessThan(PRECOMPRESS_MIN_BYTES)
  })

  it('answers brotli when accepted, else gzip, else the plain file, always with Vary', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gz = await get('/assets/app-1234.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await get('/assets/app-1234.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
  })

  it('keeps the long cache of fingerprinted assets and revalidates the page', async () => {
    const asset = await get('/assets/app-1234.js', 'br')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const page = await get('/', 'br')
    expect(page.headers['content-encoding']).toBe('br')
    expect(page.headers['cache-control']).toBe('no-cache')
    // A deep link is the SPA's index.html too, compressed alike.
    const deepLink = await get('/kontakt', 'gzip, br')
    expect(deepLink.statusCode).toBe(200)
    expect(deepLink.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(deepLink.rawPayload).toString()).toContain('<title>shop</title>')
  })
})
