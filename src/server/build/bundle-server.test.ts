import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bundleServer, DEFAULT_SERVER_OUT_DIR, serverOutDirOf } from './bundle-server.ts'

// Where `npm run build` puts the server (decision 0127); package.json's `serve` applies the same rule in sh.
describe('the server bundle folder', () => {
  const outside = mkdtempSync(join(tmpdir(), 'schichtwerk-outside-'))
  afterAll(() => rmSync(outside, { recursive: true, force: true }))

  it('is dist/server without CLIENT_DIR and SERVER_DIR (empty counts as unset)', () => {
    expect(serverOutDirOf({})).toBe(DEFAULT_SERVER_OUT_DIR)
    expect(serverOutDirOf({ CLIENT_DIR: '', SERVER_DIR: '' })).toBe(DEFAULT_SERVER_OUT_DIR)
  })

  it('goes beside a CLIENT_DIR build, so parallel builds keep their own server', () => {
    expect(serverOutDirOf({ CLIENT_DIR: 'tmp/dist-a' })).toBe(resolve('tmp/dist-a-server'))
    expect(serverOutDirOf({ CLIENT_DIR: 'tmp/dist-b/' })).toBe(resolve('tmp/dist-b-server'))
  })

  it('is SERVER_DIR when set, whatever CLIENT_DIR says', () => {
    expect(serverOutDirOf({ CLIENT_DIR: 'tmp/dist-a', SERVER_DIR: 'tmp/server-a' })).toBe(
      resolve('tmp/server-a'),
    )
  })

  it('refuses a folder outside the project, where the bundle could not load its packages', async () => {
    await expect(bundleServer(join(outside, 'server'))).rejects.toThrow(
      /cannot reach the project's node_modules/,
    )
  })
})
