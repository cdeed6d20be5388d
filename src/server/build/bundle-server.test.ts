import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import {
  bundleServer,
  DEFAULT_SERVER_OUT_DIR,
  SERVER_BUNDLE_OPTIONS,
  serverOutDirOf,
} from './bundle-server.ts'

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

  it('bundles extra entries beside the server’s own (the pricing benchmark’s server)', async () => {
    const outDir = fileURLToPath(new URL(`../../../dist/test-bundle-${process.pid}/`, import.meta.url))
    try {
      const extra = fileURLToPath(new URL('../runtime-paths.ts', import.meta.url))
      await bundleServer(outDir, { 'extra-entry': extra })
      for (const file of ['main.js', 'analysis.worker.js', 'extra-entry.js', 'db/migrations'])
        expect(existsSync(join(outDir, file)), file).toBe(true)
      // The bundled module resolves the server's root to its own folder, as runtime-paths.ts promises a bundle.
      const paths = (await import(pathToFileURL(join(outDir, 'extra-entry.js')).href)) as {
        SERVER_ROOT: string
        RUNS_BUNDLED: boolean
      }
      expect(paths.RUNS_BUNDLED).toBe(true)
      expect(resolve(paths.SERVER_ROOT)).toBe(resolve(outDir))
    } finally {
      rmSync(outDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('refuses a folder outside the project, where the bundle could not load its packages', async () => {
    await expect(bundleServer(join(outside, 'server'))).rejects.toThrow(
      /cannot reach the project's node_modules/,
    )
  })
})

// The analysis child starts on the first upload after a server start, and what it imports before its first job is
// time that upload waits (decision 0132): three.js, three-mesh-bvh and pngjs load when a thickness or a picture needs
// them, zod not at all.
describe('the analysis child, bundled as the build bundles it', () => {
  it('imports no package at its start, only node built-ins', async () => {
    const result = await build({
      entryPoints: {
        'analysis.worker': fileURLToPath(new URL('../modules/analysis/analysis.worker.ts', import.meta.url)),
      },
      outdir: 'out',
      ...SERVER_BUNDLE_OPTIONS,
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const { outputs } = result.metafile
    const loadedAtStart = new Set<string>()
    const seen = new Set<string>()
    const visit = (file: string): void => {
      if (seen.has(file)) return
      seen.add(file)
      for (const imported of outputs[file]?.imports ?? []) {
        if (imported.kind !== 'import-statement') continue
        if (imported.external === true) loadedAtStart.add(imported.path)
        else visit(imported.path)
      }
    }
    visit('out/analysis.worker.js')
    expect(seen.size).toBeGreaterThan(1)
    expect([...loadedAtStart].filter((path) => !path.startsWith('node:'))).toEqual([])
  })
})
