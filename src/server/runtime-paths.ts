import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The files the server reads next to its code, resolved the same from the sources (`src/server/**`, run by tsx or
 * Vitest) and from the production bundle (`dist/server/*.js`, src/server/build/bundle-server.ts, decision 0117).
 *
 * This module sits directly in `src/server/`, and the bundle writes every file (entries and chunks) directly into
 * its output folder, which the build fills with the same layout of data files (migrations, media, demo model): so
 * `./` of this module is the server's root in both, and `../../` the project's root (`src/server/` and
 * `dist/server/` are both two levels deep).
 */

const here = import.meta.url

/** Sources end in `.ts`; the bundle's files in `.js`. */
export const RUNS_BUNDLED = !here.endsWith('.ts')

/** `src/server/` or the bundle's folder (`dist/server/`). */
export const SERVER_ROOT = fileURLToPath(new URL('./', here))

const projectRoot = new URL('../../', here)

/** The data files the server reads at run time, relative to SERVER_ROOT; the build copies them beside the bundle. */
export const SERVER_DATA_DIRS = ['db/migrations', 'modules/content/media', 'modules/analysis/demo'] as const

export const MIGRATIONS_DIR = `${SERVER_ROOT}db/migrations/`
export const CONTENT_MEDIA_DIR = `${SERVER_ROOT}modules/content/media/`
export const DEMO_MODEL_FILE = `${SERVER_ROOT}modules/analysis/demo/demo-vase.stl`
/** The built SPA's default folder (`CLIENT_DIR` names another). */
export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('dist/client/', projectRoot))

/**
 * The modules the server starts (itself, and its workers as threads or processes), relative to SERVER_ROOT: the
 * bundle has one entry file each, named by the source's base name (`analysis.worker.js`). A new worker entry must
 * be listed here, or the bundle has no file for it.
 */
export const SERVER_ENTRIES = [
  'main.ts',
  'modules/analysis/analysis.worker.ts',
  'first-start/first-start.child.ts',
  'jobs/worker-bootstrap.mjs',
] as const

/** The bundle's file name of an entry module: its base name, `.ts` becoming `.js`. */
export const bundledEntryName = (source: string): string => basename(source).replace(/\.ts$/, '.js')

/**
 * An entry module's URL as the sources name it (`new URL('./analysis.worker.ts', import.meta.url)`, which in the
 * bundle points at a `.ts` beside main.js) → the file that runs: the source itself, or its bundled file.
 */
export function runtimeEntryUrl(sourceUrl: URL): URL {
  return RUNS_BUNDLED ? new URL(bundledEntryName(sourceUrl.pathname), new URL('./', here)) : sourceUrl
}

/** The worker bootstrap (job-hosts.ts), from the sources or beside the bundle. */
export const WORKER_BOOTSTRAP_URL = runtimeEntryUrl(new URL('./jobs/worker-bootstrap.mjs', here))
