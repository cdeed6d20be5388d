import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The shared public corpus, used in place (never copied into the project): ../shared/corpus from the repo root. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const CORPUS_DIR = path.resolve(repoRoot, '../shared/corpus')

export interface CorpusReference {
  file: string
  triangles: number | undefined
  /** undefined for files the reference lists as an error. */
  volume: number | undefined
  size: [number, number, number] | undefined
  shells: number | undefined
  repairs: number[] | undefined
  left: [number, number] | undefined
  error: string | undefined
}

/** Parses the table of REFERENCE.md. */
export function corpusReferences(): CorpusReference[] {
  const text = readFileSync(path.join(CORPUS_DIR, 'REFERENCE.md'), 'utf8')
  const rows: CorpusReference[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| corpus path')) continue
    const c = line.split('|').map((x) => x.trim())
    const file = c[1]!
    const errorMatch = /^error: (.*)$/.exec(c[4] ?? '')
    const size = (c[5] ?? '').split('×').map(Number)
    rows.push({
      file,
      triangles: c[3] === '–' ? undefined : Number(c[3]),
      volume: errorMatch === null ? Number(c[4]) : undefined,
      size:
        size.length === 3 && size.every((v) => Number.isFinite(v) && c[5] !== '××')
          ? (size as [number, number, number])
          : undefined,
      shells: c[6] === '' ? undefined : Number(c[6]),
      repairs: c[7] === '' ? undefined : c[7]!.split('/').map(Number),
      left: c[8] === '' ? undefined : (c[8]!.split('/').map(Number) as [number, number]),
      error: errorMatch?.[1],
    })
  }
  return rows
}

export function corpusPath(file: string): string {
  return path.join(CORPUS_DIR, file)
}
