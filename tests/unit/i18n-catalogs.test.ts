/**
 * The Lingui catalogs are complete and up to date: extracting the messages of src/client again (into a temporary
 * directory, with the project's Lingui settings) yields exactly the messages of locales/de, and English and French
 * translate every one of them, keeping their placeholders. Fix a failure with `npm run i18n:extract` and translating.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import linguiConfig from '../../lingui.config.ts'

const root = join(import.meta.dirname, '..', '..')
const TARGET_LOCALES = ['en', 'fr'] as const

type PoEntry = { context: string | undefined; id: string; translation: string }

const unquote = (literal: string): string => JSON.parse(literal) as string

/** A small PO reader: msgctxt, msgid and msgstr, each possibly continued on following quoted lines. */
function readPo(path: string): PoEntry[] {
  const entries: PoEntry[] = []
  let current: Partial<Record<'msgctxt' | 'msgid' | 'msgstr', string>> = {}
  let field: 'msgctxt' | 'msgid' | 'msgstr' | undefined
  const flush = () => {
    if (current.msgid !== undefined && current.msgid !== '') {
      entries.push({ context: current.msgctxt, id: current.msgid, translation: current.msgstr ?? '' })
    }
    current = {}
    field = undefined
  }
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const keyword = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line)
    if (keyword) {
      const [, key, value] = keyword as unknown as [string, 'msgctxt' | 'msgid' | 'msgstr', string]
      if (key === 'msgctxt' || (key === 'msgid' && current.msgctxt === undefined)) flush()
      field = key
      current[key] = unquote(value)
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? '') + unquote(line)
    } else if (line.trim() === '') {
      flush()
    }
  }
  flush()
  return entries
}

const key = (entry: PoEntry) => `${entry.context ?? ''}\u0004${entry.id}`

/** ICU arguments (`{count}`, `{count, plural, …}` by name only) and tags (`<0>`, `</0>`) a message uses. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{(\w+)(?=[,}])/g)].map((match) => `{${match[1] ?? ''}}`)
  const tags = [...message.matchAll(/<\/?\d+\/?>/g)].map((match) => match[0])
  return [...new Set([...names, ...tags])].sort()
}

let extractedDir = ''

beforeAll(() => {
  extractedDir = mkdtempSync(join(tmpdir(), 'schichtwerk-i18n-'))
  const config = {
    rootDir: root,
    sourceLocale: linguiConfig.sourceLocale,
    locales: linguiConfig.locales,
    fallbackLocales: linguiConfig.fallbackLocales,
    catalogs: (linguiConfig.catalogs ?? []).map((catalog) => ({
      ...catalog,
      path: join(extractedDir, '{locale}', 'messages'),
    })),
    format: 'po',
    orderBy: linguiConfig.orderBy,
  }
  const configFile = join(extractedDir, 'lingui.config.json')
  writeFileSync(configFile, JSON.stringify(config))
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', '@lingui', 'cli', 'dist', 'lingui.js'), 'extract', '--config', configFile],
    { cwd: root, encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`lingui extract failed:\n${result.stdout}\n${result.stderr}`)
}, 60_000)

afterAll(() => {
  if (extractedDir) rmSync(extractedDir, { recursive: true, force: true })
})

describe('Lingui catalogs', () => {
  it('are up to date with the messages in src/client', () => {
    const extracted = readPo(join(extractedDir, 'de', 'messages.po'))
      .map(key)
      .sort()
    const committed = readPo(join(root, 'locales', 'de', 'messages.po'))
      .map(key)
      .sort()
    expect(extracted.length).toBeGreaterThan(0)
    const missing = extracted.filter((id) => !committed.includes(id))
    const obsolete = committed.filter((id) => !extracted.includes(id))
    expect({ missing, obsolete }, 'run `npm run i18n:extract` and translate').toEqual({
      missing: [],
      obsolete: [],
    })
  })

  it.each(TARGET_LOCALES)('%s has the same messages as the German source', (locale) => {
    const source = readPo(join(root, 'locales', 'de', 'messages.po'))
      .map(key)
      .sort()
    const target = readPo(join(root, 'locales', locale, 'messages.po'))
      .map(key)
      .sort()
    expect(target).toEqual(source)
  })

  it.each(TARGET_LOCALES)('%s translates every message', (locale) => {
    const untranslated = readPo(join(root, 'locales', locale, 'messages.po'))
      .filter((entry) => entry.translation.trim() === '')
      .map((entry) => entry.id)
    expect(untranslated).toEqual([])
  })

  it.each(TARGET_LOCALES)('%s keeps every placeholder and tag of the source', (locale) => {
    const mismatches = readPo(join(root, 'locales', locale, 'messages.po'))
      .filter((entry) => entry.translation !== '')
      .filter((entry) => placeholders(entry.id).join() !== placeholders(entry.translation).join())
      .map((entry) => `${entry.id} → ${entry.translation}`)
    expect(mismatches).toEqual([])
  })
})
