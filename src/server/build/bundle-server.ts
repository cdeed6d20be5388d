import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type BuildOptions } from 'esbuild'
import { bundledEntryName, SERVER_DATA_DIRS, SERVER_ENTRIES } from '#server/runtime-paths.ts'

/**
 * The production server as plain JavaScript (decision 0117): `npm run build` bundles src/server into dist/server, so
 * `npm run serve` runs `node dist/server/main.js` without tsx (its loader thread and transformed sources cost the
 * idle server 40–80 MB, issue 18). Packages stay in node_modules; only our own modules are bundled.
 *
 * Every output file lands directly in the output folder (runtime-paths.ts relies on it), beside a copy of the data
 * files the server reads next to its code (migrations, CMS media, the demo model) in their source layout.
 *
 * The folder follows the client build (decision 0127): `SERVER_DIR`, else `<CLIENT_DIR>-server` when `CLIENT_DIR`
 * is set, else dist/server. So two builds with their own CLIENT_DIR never replace each other's server, and
 * `npm run serve` (package.json, the same rule in sh) runs the server of the build it serves.
 */

const sourceRoot = fileURLToPath(new URL('../', import.meta.url))
export const DEFAULT_SERVER_OUT_DIR = fileURLToPath(new URL('../../../dist/server/', import.meta.url))

/** Where `npm run build` writes the server: SERVER_DIR, else beside CLIENT_DIR (`<CLIENT_DIR>-server`), else dist/server. */
export function serverOutDirOf(env: NodeJS.ProcessEnv): string {
  const serverDir = env.SERVER_DIR ?? ''
  if (serverDir !== '') return resolve(serverDir)
  const clientDir = env.CLIENT_DIR ?? ''
  // Like the SSR bundle's `<CLIENT_DIR>-ssr` (vite.config.ts): a sibling, never inside the served folder.
  return clientDir === '' ? DEFAULT_SERVER_OUT_DIR : `${resolve(clientDir).replace(/\/+$/, '')}-server`
}

/**
 * Packages stay external, so node resolves them from a node_modules above the bundle: a folder outside the project
 * would build fine and fail at start. Refused here instead, naming the fix.
 */
function assertPackagesReachable(outDir: string): void {
  try {
    createRequire(join(outDir, 'main.js')).resolve('fastify')
  } catch {
    throw new Error(
      `the server bundle in ${outDir} cannot reach the project's node_modules: put CLIENT_DIR or SERVER_DIR inside the project`,
    )
  }
}

/**
 * How the server's code is bundled; the bundle test builds the analysis worker with the same options. Shared code and
 * the lazily imported model readers become chunks, all beside the entries (no sub-folders).
 */
export const SERVER_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  splitting: true,
} as const satisfies BuildOptions

export interface BundleSummary {
  outDir: string
  files: number
  bytes: number
}

/** Two builds at once (parallel work on one checkout) may both replace the folder: the later one wins. */
function replaceDir(from: string, to: string): void {
  for (let attempt = 1; ; attempt += 1) {
    rmSync(to, { recursive: true, force: true })
    try {
      renameSync(from, to)
      return
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (attempt >= 5 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error
    }
  }
}

/**
 * Builds the bundle in a sibling folder and renames it into place: a server started meanwhile sees old or new.
 * `extraEntries` (output name → absolute source path) adds entries beside the server's own: the pricing benchmark's
 * server, so the benchmark measures the bundled code `npm run serve` runs.
 */
export async function bundleServer(
  outDir: string = DEFAULT_SERVER_OUT_DIR,
  extraEntries: Readonly<Record<string, string>> = {},
): Promise<BundleSummary> {
  const target = resolve(outDir)
  assertPackagesReachable(target)
  const staging = `${target}.tmp-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  const sources: readonly string[] = SERVER_ENTRIES
  const result = await build({
    entryPoints: {
      ...Object.fromEntries(
        sources
          .filter((source) => source.endsWith('.ts'))
          .map((source) => [bundledEntryName(source).replace(/\.js$/, ''), join(sourceRoot, source)]),
      ),
      ...extraEntries,
    },
    outdir: staging,
    ...SERVER_BUNDLE_OPTIONS,
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  })
  // The worker bootstrap is plain JavaScript already; it is copied so its import of the entry stays a runtime one.
  for (const source of sources.filter((name) => !name.endsWith('.ts'))) {
    copyFileSync(join(sourceRoot, source), join(staging, basename(source)))
  }
  for (const dir of SERVER_DATA_DIRS) {
    cpSync(join(sourceRoot, dir), join(staging, dir), {
      recursive: true,
      // Only data: the demo folder also holds the script that generates the model and its test.
      filter: (path) => !/\.tsx?$/.test(path),
    })
  }
  mkdirSync(dirname(target), { recursive: true })
  replaceDir(staging, target)
  const outputs = Object.values(result.metafile.outputs)
  return {
    outDir: target,
    files: outputs.length,
    bytes: outputs.reduce((sum, output) => sum + output.bytes, 0),
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const outFlag = process.argv.indexOf('--out')
  const outDir = outFlag === -1 ? serverOutDirOf(process.env) : process.argv[outFlag + 1]
  if (outDir === undefined) throw new Error('--out needs a folder')
  const summary = await bundleServer(outDir)
  if (!existsSync(join(summary.outDir, 'main.js'))) throw new Error(`no main.js in ${summary.outDir}`)
  process.stdout.write(
    `server bundle: ${summary.files} files, ${Math.round(summary.bytes / 1024)} kB in ${summary.outDir}\n`,
  )
}
