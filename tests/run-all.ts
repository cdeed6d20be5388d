/**
 * The one test command (`npm test`): every gate in order, a count per stage and a closing
 * `N passed, N failed` line. Stops at the first failing stage so the cause is the last thing printed.
 */
import { spawnSync } from 'node:child_process'
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

run('typecheck', 'npm', ['run', '--silent', 'typecheck'])
run('lint', 'npm', ['run', '--silent', 'lint'])
run('format', 'npm', ['run', '--silent', 'format:check'])

// Unit, DOM and server projects; the server project runs on in-memory PGlite here...
const pgliteReport = join(outDir, 'vitest-pglite.json')
run(
  'vitest (unit, dom, server on PGlite)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`],
  {
    TEST_DATABASE_URL: '',
  },
)
countVitest(pgliteReport)

// ...and again on a real PostgreSQL when one is configured (CI always configures one).
if (process.env.TEST_DATABASE_URL) {
  const pgReport = join(outDir, 'vitest-postgres.json')
  run('vitest (server on PostgreSQL)', 'npx', [
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgReport}`,
  ])
  countVitest(pgReport)
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL lane is skipped; CI runs it.)')
}

run('build', 'npm', ['run', '--silent', 'build'])

const storiesReport = join(outDir, 'stories.json')
run('stories', 'npm', ['run', '--silent', 'test:stories'], { STORIES_REPORT: storiesReport })
const stories = JSON.parse(readFileSync(storiesReport, 'utf8')) as { passed: number; failed: number }
tally.passed += stories.passed
tally.failed += stories.failed

const e2eReport = join(outDir, 'e2e', 'results.json')
run('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e'], { CI: process.env.CI ?? '1' })
const e2e = JSON.parse(readFileSync(e2eReport, 'utf8')) as PlaywrightJson
tally.passed += e2e.stats.expected + e2e.stats.flaky
tally.failed += e2e.stats.unexpected

finish()
