/**
 * The docs say what the code says: the generated parts (machine tree, server modules, engine face, machine table,
 * decision index) equal what `npm run docs:architecture` writes now, and every backticked path in the main docs
 * exists. Fix a failure by running `npm run docs:architecture` (and committing the result) or by correcting the path.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { missingPaths } from '../../docs/tools/doc-paths.ts'
import { generatedDocs, REGENERATE } from '../../docs/tools/generate-architecture.ts'

const root = join(import.meta.dirname, '..', '..')

/** The docs whose paths are checked: the READMEs that describe folders and the top-level docs. */
const CHECKED_DOCS = [
  'README.md',
  'src/client/README.md',
  'machines/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
]

describe('generated docs', async () => {
  const docs = await generatedDocs(root)

  it.each(docs.map((doc) => [doc.path, doc] as const))('%s is up to date', (path, doc) => {
    const committed = readFileSync(join(root, path), 'utf8')
    expect(committed === doc.content, `${path} is stale: run \`${REGENERATE}\` and commit the result`).toBe(
      true,
    )
  })
})

describe('paths named in the docs', () => {
  it('exist', () => {
    const missing = missingPaths(root, CHECKED_DOCS).map(({ doc, path }) => `${doc}: \`${path}\``)
    expect(missing, 'these docs name paths that do not exist').toEqual([])
  })
})
