/**
 * The one test command (`npm test`): every gate, a count per stage and a closing `N passed, N failed` line. Stops
 * after the first failing step so the cause is near the end of the output.
 *
 * A step is one stage or a group of stages run side by side (`runTogether`): each stage's output is buffered and
 * printed as one block when it ends, in the order the stages finish. Grouped are stages that leave the second core
 * idle when run alone: typecheck, lint and format (each single-threaded); the PGlite and the PostgreSQL lane of
 * Vitest (Vitest runs files in availableParallelism - 1 = one worker on a 2-core machine); the app build and the
 * Storybook build (the stories then run with SKIP_STORYBOOK_BUILD=1). The stories (two Chromium pages) and e2e
 * (one browser, one server) run alone, in that order, and print as they go.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const outDir = join(root, 'test-results')
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const tally = { passed: 0, failed: 0 }

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const started = Date.now()
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.log(`=== ${title} FAILED after ${seconds} s`)
    tally.failed += 1
    finish()
  }
  console.log(`=== ${title} ok (${seconds} s)`)
}

type Stage = { title: string; command: string; args: string[]; env?: NodeJS.ProcessEnv }
type StageResult = { ok: boolean; seconds: string; output: string }

/** Runs one stage with its output captured (stdout and stderr interleaved as they come). */
function runCaptured(stage: Stage): Promise<StageResult> {
  const started = Date.now()
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const child = spawn(stage.command, stage.args, {
      cwd: root,
      env: { ...process.env, ...stage.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    const done = (ok: boolean, extra = '') =>
      resolve({
        ok,
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        output: Buffer.concat(chunks).toString() + extra,
      })
    child.on('error', (error) => done(false, `\n${error.message}\n`))
    child.on('close', (code) => done(code === 0))
  })
}

/** Runs stages side by side; prints each one's output as a block when it ends; stops if any of them failed. */
async function runTogether(stages: Stage[]): Promise<void> {
  console.log(`\n=== together: ${stages.map((stage) => stage.title).join(' | ')}`)
  const results = await Promise.all(
    stages.map(async (stage) => {
      const result = await runCaptured(stage)
      console.log(`\n=== ${stage.title}: ${stage.command} ${stage.args.join(' ')}`)
      process.stdout.write(result.output)
      console.log(`=== ${stage.title} ${result.ok ? 'ok' : 'FAILED after'} (${result.seconds} s)`)
      return result
    }),
  )
  const failed = results.filter((result) => !result.ok).length
  if (failed > 0) {
    tally.failed += failed
    finish()
  }
}

type VitestJson = { numPassedTests: number; numFailedTests: number }
type PlaywrightJson = { stats: { expected: number; unexpected: number; flaky: number } }

function countVitest(file: string): void {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJson
  tally.passed += report.numPassedTests
  tally.failed += report.numFailedTests
}

function finish(): never {
  console.log(`\nTotal: ${tally.passed} passed, ${tally.failed} failed`)
  process.exit(tally.failed > 0 ? 1 : 0)
}

function ensureChromium(): void {
  if (existsSync(chromium)) return
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    run('install chromium (apt)', 'bash', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ])
    return
  }
  console.error(
    `Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
  )
  process.exit(1)
}

rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
ensureChromium()

await runTogether([
  { title: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { title: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { title: 'format', command: 'npm', args: ['run', '--silent', 'format:check'] },
])

// Unit, DOM and server projects; the server project runs on in-memory PGlite here...
const pgliteReport = join(outDir, 'vitest-pglite.json')
const vitestLanes: Stage[] = [
  {
    title: 'vitest (unit, dom, engine, server on PGlite)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`],
    env: { TEST_DATABASE_URL: '' },
  },
]
// ...and again on a real PostgreSQL when one is configured (CI always configures one).
const pgReport = join(outDir, 'vitest-postgres.json')
if (process.env.TEST_DATABASE_URL) {
  vitestLanes.push({
    title: 'vitest (server on PostgreSQL)',
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${pgReport}`,
    ],
  })
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL lane is skipped; CI runs it.)')
}
await runTogether(vitestLanes)
countVitest(pgliteReport)
if (process.env.TEST_DATABASE_URL) countVitest(pgReport)

// The app build (for e2e) and the Storybook build (for the stories) side by side.
await runTogether([
  { title: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  { title: 'build Storybook', command: 'npm', args: ['run', '--silent', 'build-storybook'] },
])

// The build just made, as a first visit of `/` loads it: its JS (gzip) under the guard, no cart and no catalogue
// asked for (issue 18, tests/build/home-route-js.ts; 128 s at load average 20, mostly the server's first start).
run('home route guard', 'npx', ['tsx', 'tests/build/home-route-js.ts'])
tally.passed += 1

const storiesReport = join(outDir, 'stories.json')
run('stories', 'npm', ['run', '--silent', 'test:stories'], {
  STORIES_REPORT: storiesReport,
  SKIP_STORYBOOK_BUILD: '1',
})
const stories = JSON.parse(readFileSync(storiesReport, 'utf8')) as { passed: number; failed: number }
tally.passed += stories.passed
tally.failed += stories.failed

const e2eReport = join(outDir, 'e2e', 'results.json')
run('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e'], { CI: process.env.CI ?? '1' })
const e2e = JSON.parse(readFileSync(e2eReport, 'utf8')) as PlaywrightJson
tally.passed += e2e.stats.expected + e2e.stats.flaky
tally.failed += e2e.stats.unexpected

finish()
