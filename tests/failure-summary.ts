/**
 * What `npm test` repeats at its very end when a stage failed (tests/run-all.ts). Side by side stages print their
 * output as one block each when they end, so a failed stage that ended early is followed by a long block of a
 * stage that passed, and a CI log that keeps only its last lines loses the cause. This puts the cause last: the
 * failed tests of a Vitest stage (from its JSON report), else the stage's last lines.
 */
import { existsSync, readFileSync } from 'node:fs'

interface VitestAssertion {
  status: string
  fullName?: string
  title: string
  failureMessages?: string[]
}
interface VitestFile {
  name: string
  status: string
  message?: string
  assertionResults: VitestAssertion[]
}

const MESSAGE_LINES = 12
const TAIL_LINES = 60

/** The first lines of a message, without the test runner's own stack frames. */
const firstLines = (text: string, count: number): string =>
  text
    .split('\n')
    .filter((line) => !line.includes('/node_modules/'))
    .slice(0, count)
    .join('\n')

/** Each failed file and test of a Vitest JSON report, with the first lines of its message. */
function vitestFailures(reportPath: string, root: string): string | undefined {
  if (!existsSync(reportPath)) return undefined
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { testResults: VitestFile[] }
  const lines: string[] = []
  for (const file of report.testResults) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name
    const failed = file.assertionResults.filter((test) => test.status === 'failed')
    if (failed.length === 0 && file.status === 'failed')
      lines.push(`FAILED ${name}`, firstLines(file.message ?? '(no message)', MESSAGE_LINES))
    for (const test of failed)
      lines.push(
        `FAILED ${name} > ${test.fullName ?? test.title}`,
        firstLines(test.failureMessages?.join('\n') ?? '(no message)', MESSAGE_LINES),
      )
  }
  return lines.length > 0 ? lines.join('\n') : undefined
}

/** The summary of a failed stage: its failed tests when it wrote a Vitest report, else its last lines. */
export function failureSummary(
  stage: { title: string; vitestReport?: string },
  output: string,
  root: string,
): string {
  const tests = stage.vitestReport === undefined ? undefined : vitestFailures(stage.vitestReport, root)
  const body = tests ?? output.trimEnd().split('\n').slice(-TAIL_LINES).join('\n')
  return `\n=== ${stage.title} FAILED — repeated here so the cause is at the end:\n${body}\n`
}
