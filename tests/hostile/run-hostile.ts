/**
 * The hostile suite's runner (`npm run test:hostile [-- --only name[,name]]`): discovers
 * tests/hostile/checks/*.check.ts, runs each in turn with a fresh temporary folder and an AbortSignal that fires at
 * its budget, samples the machine's load before and after each (the machine is shared: a slow figure next to a
 * high load reads differently), prints a table, writes docs/reliability.md and exits non-zero on any failure.
 * A check that throws or outlives its budget is a failed check, never a crashed runner.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { format, resolveConfig } from 'prettier'
import type { HostileCheck, HostileFigure, HostileResult } from './harness.ts'

const checksDir = fileURLToPath(new URL('./checks/', import.meta.url))
const reportPath = fileURLToPath(new URL('../../docs/reliability.md', import.meta.url))
const CHECK_SUFFIX = '.check.ts'

interface MachineLoad {
  load1: number
  cores: number
  freeMb: number
  totalMb: number
}

interface CheckOutcome {
  check: Pick<HostileCheck, 'name' | 'title'>
  result: HostileResult
  durationS: number
  before: MachineLoad
  after: MachineLoad
}

function sampleLoad(): MachineLoad {
  return {
    load1: loadavg()[0] ?? 0,
    cores: cpus().length,
    freeMb: Math.round(freemem() / 1_048_576),
    totalMb: Math.round(totalmem() / 1_048_576),
  }
}

/** `--only a,b` (or `--only=a,b`): the names to run; undefined runs all. */
export function parseOnly(args: readonly string[]): Set<string> | undefined {
  const names: string[] = []
  args.forEach((arg, index) => {
    if (arg === '--only') names.push(...(args[index + 1] ?? '').split(','))
    else if (arg.startsWith('--only=')) names.push(...arg.slice('--only='.length).split(','))
  })
  const filtered = names.map((name) => name.trim()).filter((name) => name !== '')
  return filtered.length === 0 ? undefined : new Set(filtered)
}

function isHostileCheck(value: unknown): value is HostileCheck {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof HostileCheck, unknown>>
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.title === 'string' &&
    typeof candidate.budgetMinutes === 'number' &&
    typeof candidate.run === 'function'
  )
}

/** The check files, by the name they must export (`large-files.check.ts` → `large-files`). */
function checkFiles(): Map<string, string> {
  const files = readdirSync(checksDir)
    .filter((file) => file.endsWith(CHECK_SUFFIX))
    .sort()
  return new Map(files.map((file) => [file.slice(0, -CHECK_SUFFIX.length), join(checksDir, file)]))
}

/**
 * Loads one check. Only the selected files are imported, so a check another engineer is halfway through writing
 * cannot stop a run of the others; a file that fails to load, or exports something else, is a failed check.
 */
async function loadCheck(name: string, path: string): Promise<HostileCheck> {
  try {
    const module = (await import(pathToFileURL(path).href)) as { check?: unknown }
    if (!isHostileCheck(module.check)) throw new Error('it does not export a HostileCheck as `check`')
    if (module.check.name !== name) throw new Error(`its check is named ${module.check.name}, not ${name}`)
    return module.check
  } catch (error) {
    const summary = `The check file did not load: ${messageOf(error)}`
    return {
      name,
      title: `(${name}.check.ts did not load)`,
      budgetMinutes: 1,
      run: async () => failure(summary),
    }
  }
}

function failure(summary: string): HostileResult {
  return { ok: false, figures: [], summary }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Runs one check with its budget; a throw, or a run still going at the budget, becomes a failed result. */
async function runCheck(check: HostileCheck, databaseUrl: string | undefined): Promise<CheckOutcome> {
  const workDir = mkdtempSync(join(tmpdir(), `schichtwerk-hostile-${check.name}-`))
  const controller = new AbortController()
  const budgetMs = check.budgetMinutes * 60_000
  let timer: NodeJS.Timeout | undefined
  const overBudget = new Promise<HostileResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`budget of ${check.budgetMinutes} min passed`))
      resolve(failure(`Aborted: still running after its budget of ${check.budgetMinutes} min.`))
    }, budgetMs)
  })
  const before = sampleLoad()
  const started = performance.now()
  const log = (line: string): void => console.info(`  [${check.name}] ${line}`)
  let result: HostileResult
  try {
    const running = check.run({ workDir, databaseUrl, log, signal: controller.signal })
    result = await Promise.race([
      running.catch((error: unknown) => failure(`Threw: ${messageOf(error)}`)),
      overBudget,
    ])
    // A check past its budget gets a grace period to stop its servers before its folder goes.
    if (controller.signal.aborted) await Promise.race([running.catch(() => undefined), delay(30_000)])
  } finally {
    clearTimeout(timer)
    rmSync(workDir, { recursive: true, force: true })
  }
  const durationS = (performance.now() - started) / 1000
  return { check, result, durationS, before, after: sampleLoad() }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

function formatLoad(load: MachineLoad): string {
  return `load ${load.load1.toFixed(2)} / ${load.cores} cores, ${load.freeMb} of ${load.totalMb} MB free`
}

function formatFigures(figures: readonly HostileFigure[], separator: string): string {
  return figures.map((figure) => `${figure.label}: ${figure.value}`).join(separator)
}

function printTable(outcomes: readonly CheckOutcome[]): void {
  const rows = outcomes.map((outcome) => ({
    check: outcome.check.name,
    outcome: outcome.result.ok ? 'passed' : 'FAILED',
    seconds: outcome.durationS.toFixed(1),
    load: `${outcome.before.load1.toFixed(2)} → ${outcome.after.load1.toFixed(2)}`,
    figures: formatFigures(outcome.result.figures, '; '),
  }))
  console.table(rows)
  for (const outcome of outcomes) console.info(`${outcome.check.name}: ${outcome.result.summary}`)
}

/** Markdown table cells must not break the row. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

export function renderReport(outcomes: readonly CheckOutcome[], command: string, date: Date): string {
  const lines = [
    '# Reliability: the hostile suite',
    '',
    `> Generated by \`${command}\` on ${date.toISOString()}. Do not edit by hand: run the command again.`,
    '> The checks live in `tests/hostile/checks/`; the contract is `tests/hostile/harness.ts`.',
    '',
    '| Check | Title | Outcome | Figures | Duration | Date | Machine load (before → after) |',
    '| ----- | ----- | ------- | ------- | -------- | ---- | ----------------------------- |',
  ]
  for (const outcome of outcomes) {
    lines.push(
      `| ${[
        outcome.check.name,
        outcome.check.title,
        outcome.result.ok ? 'passed' : '**failed**',
        formatFigures(outcome.result.figures, '<br>'),
        `${outcome.durationS.toFixed(1)} s`,
        date.toISOString().slice(0, 10),
        `${formatLoad(outcome.before)} → ${formatLoad(outcome.after)}`,
      ]
        .map(cell)
        .join(' | ')} |`,
    )
  }
  lines.push('', '## Summaries', '')
  for (const outcome of outcomes) lines.push(`- **${outcome.check.name}**: ${cell(outcome.result.summary)}`)
  const { passed, failed } = tally(outcomes)
  lines.push('', `${passed} passed, ${failed} failed`, '')
  return lines.join('\n')
}

function tally(outcomes: readonly CheckOutcome[]): { passed: number; failed: number } {
  const passed = outcomes.filter((outcome) => outcome.result.ok).length
  return { passed, failed: outcomes.length - passed }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const only = parseOnly(args)
  const files = checkFiles()
  const unknown = [...(only ?? [])].filter((name) => !files.has(name))
  if (unknown.length > 0) {
    console.error(`Unknown check(s): ${unknown.join(', ')}. Known: ${[...files.keys()].join(', ')}`)
    return 2
  }
  const selected: HostileCheck[] = []
  for (const [name, path] of files)
    if (only === undefined || only.has(name)) selected.push(await loadCheck(name, path))
  const databaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined
  console.info(
    `Hostile suite: ${selected.length} check(s); PostgreSQL: ${databaseUrl === undefined ? 'no' : 'yes'}`,
  )
  const outcomes: CheckOutcome[] = []
  for (const check of selected) {
    console.info(`▶ ${check.name}: ${check.title} (budget ${check.budgetMinutes} min)`)
    const outcome = await runCheck(check, databaseUrl)
    console.info(`${outcome.result.ok ? '✔' : '✘'} ${check.name} in ${outcome.durationS.toFixed(1)} s`)
    outcomes.push(outcome)
  }
  printTable(outcomes)
  // The database URL holds a password: the report names only that one was set.
  const command = [
    ...(databaseUrl === undefined ? [] : ['TEST_DATABASE_URL=…']),
    'npm run test:hostile',
    ...(args.length > 0 ? ['--', ...args] : []),
  ].join(' ')
  // Formatted as `npm run format:check` expects, so a regenerated report never fails the format check.
  const markdown = renderReport(outcomes, command, new Date())
  const options = (await resolveConfig(reportPath)) ?? {}
  writeFileSync(reportPath, await format(markdown, { ...options, filepath: reportPath }))
  const { passed, failed } = tally(outcomes)
  console.info(`Wrote ${reportPath}`)
  console.info(`${passed} passed, ${failed} failed`)
  return failed > 0 ? 1 : 0
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
  // A check that left a handle open (a socket, a timer) must not keep the suite from ending.
  setTimeout(() => process.exit(), 2_000).unref()
}
