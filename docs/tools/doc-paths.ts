/**
 * Paths the docs name must exist: every backticked path in the given markdown files (`src/client/common/`,
 * `features/cms/`, `machines/coverage.test.ts` …) must be a file or folder of the repository, named from the root,
 * from the doc's folder or by its trailing segments (`cart/cart.module.ts`, `actors/`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type MissingPath = { doc: string; path: string }

/** The folders the sources live in (build output, dependencies and runtime data are not named by path here). */
const SOURCE_ROOTS = ['src', 'machines', 'tests', 'e2e', 'docs', 'locales', '.storybook', '.ci']

/** What the server creates at run time under DATA_DIR (docs/configuration.md), not files of the repository. */
const RUNTIME =
  /^(\.\/)?(data|DATA_DIR|UPLOADS_DIR)(\/|$)|^(pgdata|outbox|thumbnails|cart-items|cart-attachments)\/$/

/** Build output (`npm run build` writes `dist/client/`, `dist/server/`): absent from a fresh clone until it is built. */
const BUILD_OUTPUT = /^dist(\/|$)/

/** Looks like a file or folder: no URL, route, glob, placeholder, alias, option or command. */
const PATH_LIKE = /^\.?[\w.-]+(\/[\w.-]+)*\/?$/

const isPathReference = (text: string): boolean =>
  text.includes('/') &&
  !text.startsWith('/') &&
  PATH_LIKE.test(text) &&
  !RUNTIME.test(text) &&
  !BUILD_OUTPUT.test(text)

/** The backticked texts of a markdown file, outside fenced code blocks. */
function backticked(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '')
  return [...prose.matchAll(/`([^`\n]+)`/g)].map(([, text]) => text ?? '')
}

/** Every file and folder (with a trailing slash) below the source roots, relative to the repository. */
function repositoryPaths(root: string): string[] {
  return SOURCE_ROOTS.filter((dir) => existsSync(join(root, dir))).flatMap((dir) => [
    `${dir}/`,
    ...readdirSync(join(root, dir), { recursive: true, withFileTypes: true }).map((entry) => {
      const path = join(entry.parentPath, entry.name).slice(root.length + 1)
      return entry.isDirectory() ? `${path}/` : path
    }),
  ])
}

export function missingPaths(root: string, docs: readonly string[]): MissingPath[] {
  const known = repositoryPaths(root)
  const exists = (path: string, doc: string) => {
    const bare = path.replace(/^\.\//, '')
    const folder = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/') + 1) : ''
    return (
      existsSync(join(root, bare)) ||
      existsSync(join(root, folder, bare)) ||
      known.some((known) => known.endsWith(`/${bare}`) || known.endsWith(`/${bare}/`))
    )
  }
  return docs.flatMap((doc) =>
    [...new Set(backticked(readFileSync(join(root, doc), 'utf8')).filter(isPathReference))]
      .filter((path) => !exists(path, doc))
      .map((path) => ({ doc, path })),
  )
}
