/**
 * Writes the parts of the docs that are read from the code: the machine tree and the server modules in
 * docs/architecture.md, the machine table in machines/README.md and the index docs/decisions/README.md.
 * Run it with `npm run docs:architecture`; tests/unit/architecture-doc.test.ts fails when a written part is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { decisionRecords } from './decision-index.ts'
import { loadMachines } from './machine-tree.ts'
import { engineFace, serverModules } from './module-map.ts'
import {
  decisionTable,
  engineText,
  machineSections,
  machineTable,
  machineTree,
  moduleTable,
} from './render-docs.ts'

export const REGENERATE = 'npm run docs:architecture'

export type GeneratedDoc = { path: string; content: string }

const startMarker = (name: string) => `<!-- generated:${name}:start (${REGENERATE} writes this part) -->`
const endMarker = (name: string) => `<!-- generated:${name}:end -->`

/** `text` with the part between the markers `name` replaced (appended at the end when there are none yet). */
export function replaceGenerated(text: string, name: string, part: string): string {
  const block = `${startMarker(name)}\n\n${part.trim()}\n\n${endMarker(name)}`
  const start = text.indexOf(`<!-- generated:${name}:start`)
  const end = text.indexOf(endMarker(name))
  if (start < 0 || end < start) return `${text.trimEnd()}\n\n${block}\n`
  return text.slice(0, start) + block + text.slice(end + endMarker(name).length)
}

async function formatted(path: string, text: string): Promise<string> {
  const options = await resolveConfig(path)
  return format(text, { ...options, filepath: path })
}

async function architecturePart(root: string): Promise<{ machines: string; architecture: string }> {
  const machines = await loadMachines(root)
  const architecture = [
    '## Generated from the code',
    `\`${REGENERATE}\` writes this section from the machine definitions and the files of the server and the engine; ` +
      '`tests/unit/architecture-doc.test.ts` fails when it differs from what the code says.',
    `### Machines (${machines.length})`,
    'Which machine runs which as a child (invoked or spawned, with the `systemId` the definition gives it):',
    '```text\n' + machineTree(machines) + '\n```',
    'The states of each machine, with the actors a state invokes or spawns:',
    machineSections(machines),
    '### Server modules (`src/server/modules/`)',
    moduleTable(serverModules(root)),
    '### The engine (`src/engine/`)',
    engineText(engineFace(root)),
  ].join('\n\n')
  return { machines: machineTable(machines), architecture }
}

/** Every generated doc as it should be now (formatted with the project's Prettier settings). */
export async function generatedDocs(root: string): Promise<GeneratedDoc[]> {
  const parts = await architecturePart(root)
  const read = (path: string) => readFileSync(join(root, path), 'utf8')
  const decisions = [
    '# Decision records',
    `An index of the records in this folder, written by \`${REGENERATE}\` from their headings, status lines and the ` +
      'first sentence of their decision. Add a record as `NNNN-short-title.md` and run it again.',
    decisionTable(decisionRecords(join(root, 'docs/decisions'))),
  ].join('\n\n')
  const docs: GeneratedDoc[] = [
    {
      path: 'docs/architecture.md',
      content: replaceGenerated(read('docs/architecture.md'), 'architecture', parts.architecture),
    },
    {
      path: 'machines/README.md',
      content: replaceGenerated(read('machines/README.md'), 'machines', parts.machines),
    },
    { path: 'docs/decisions/README.md', content: decisions },
  ]
  return Promise.all(
    docs.map(async (doc) => ({ ...doc, content: await formatted(join(root, doc.path), doc.content) })),
  )
}

async function main(): Promise<void> {
  const root = join(import.meta.dirname, '..', '..')
  for (const doc of await generatedDocs(root)) {
    writeFileSync(join(root, doc.path), doc.content)
    console.log(`wrote ${doc.path}`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
