// @vitest-environment node
/**
 * The production build: no inspector code (Stately or the local page) ships, and the home route does not load three.js.
 * Builds with the project's Vite config into a temporary directory.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
/** Builds as `npm run build` does, and once more under Vitest's NODE_ENV=test (which makes `import.meta.env.DEV` true). */
const builds = { production: '', nodeEnvTest: '' }

/** Strings only the inspector code contains. */
const INSPECTOR_MARKERS = [
  'schichtwerk-inspector',
  'schichtwerk:inspect',
  'xstateinspector',
  'stately.ai/inspect',
  '@statelyai.connected',
  'local actor inspector',
]
/** Strings every three.js bundle contains. */
const THREE_MARKERS = ['WebGLRenderer', 'THREE.']

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

/** The JS the home route loads before anything lazy: index.html's entry and its static imports, transitively. */
function homeRouteScripts(outDir: string): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '')
  const seen = new Set<string>()
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(outDir, file), 'utf8')
    // Static imports only (`import … from "./x.js"` or `import "./x.js"`), not `import("./x.js")`.
    for (const match of code.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w${}\s,*]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      queue.push(`assets/${match[1] ?? ''}`)
    }
  }
  return [...seen]
}

function build(nodeEnv: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'schichtwerk-build-'))
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      dir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: nodeEnv } },
  )
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`)
  return dir
}

beforeAll(() => {
  builds.production = build('production')
  builds.nodeEnvTest = build('test')
}, 180_000)

afterAll(() => {
  for (const dir of Object.values(builds)) if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('production build', () => {
  it.each(Object.keys(builds) as Array<keyof typeof builds>)(
    'contains no inspector code or page (%s)',
    (name) => {
      const outDir = builds[name]
      expect(existsSync(join(outDir, '__inspector.html'))).toBe(false)
      const found = files(outDir).flatMap((file) => {
        const content = readFileSync(file, 'utf8')
        return INSPECTOR_MARKERS.filter((marker) => content.includes(marker)).map(
          (marker) => `${file}: ${marker}`,
        )
      })
      expect(found).toEqual([])
    },
  )

  it('loads no three.js on the home route', () => {
    const outDir = builds.production
    const scripts = homeRouteScripts(outDir)
    expect(scripts.length).toBeGreaterThan(0)
    const withThree = scripts.filter((file) => {
      const code = readFileSync(join(outDir, file), 'utf8')
      return THREE_MARKERS.some((marker) => code.includes(marker))
    })
    expect(withThree).toEqual([])
    const gzipBytes = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length,
      0,
    )
    console.info(`home route JS: ${scripts.length} file(s), ${(gzipBytes / 1024).toFixed(1)} kB gzip`)
  })
})
