/** The decision records in `docs/decisions/`: number, title, status and the first sentence of their decision. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type DecisionRecord = { number: string; file: string; title: string; status: string; summary: string }

const MAX_SUMMARY = 180

/**
 * The opening of the text below `## Decision`: whole sentences until one says something on its own (a lead-in that
 * ends with a colon, like "**Streaming**:", takes the next sentence along), at most MAX_SUMMARY characters.
 */
function summaryOf(text: string): string {
  const decision = text.split(/^## Decision\s*$/m)[1] ?? text.split(/\n\n/).slice(2).join('\n\n')
  const flat = decision
    .replace(/^#+ .*$/gm, '')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  let summary = ''
  for (const sentence of flat.split(/(?<=[.;:])\s+/)) {
    summary = summary ? `${summary} ${sentence}` : sentence
    if (!summary.endsWith(':') && summary.length >= 40) break
  }
  // A table in the decision ends the summary; a cut must not leave a code span open.
  summary = (summary.split(' | ')[0] ?? '').replace(/[;:]$/, '.')
  if (summary.length <= MAX_SUMMARY) return summary.replaceAll('|', '\\|')
  let cut = summary.slice(0, MAX_SUMMARY - 1)
  if ((cut.match(/`/g) ?? []).length % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('`'))
  return `${cut.trimEnd()}…`.replaceAll('|', '\\|')
}

export function decisionRecords(decisionsDir: string): DecisionRecord[] {
  return readdirSync(decisionsDir)
    .filter((file) => /^\d{4}-.*\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(decisionsDir, file), 'utf8')
      const heading = /^# (.+)$/m.exec(text)?.[1] ?? file
      return {
        number: file.slice(0, 4),
        file,
        title: heading.replace(/^\d{4}\s*[—–-]\s*/, '').trim(),
        status: /Status:\s*([^\n·]+)/.exec(text)?.[1]?.trim() ?? 'unknown',
        summary: summaryOf(text),
      }
    })
}
