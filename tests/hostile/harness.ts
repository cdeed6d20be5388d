/**
 * The hostile suite's contract (`npm run test:hostile`, tests/hostile/run-hostile.ts). Each check lives in
 * `tests/hostile/checks/<name>.check.ts` and exports `check`. The runner starts each check in turn, records
 * what it measured and whether the shop held, and writes docs/reliability.md (check, figure, date, machine load).
 * Checks start the servers they need themselves (tests/integration/helpers/server-process.ts) and stop them.
 */

export interface HostileFigure {
  /** What was measured, e.g. "peak server RSS" or "static p99 during flood". */
  label: string
  /** The value with its unit, as it should read in docs/reliability.md, e.g. "412 MB" or "38 ms". */
  value: string
}

export interface HostileResult {
  /** True when the shop held: no crash, the expected answers, the goal met. */
  ok: boolean
  figures: HostileFigure[]
  /** One or two sentences: what happened, what failed. */
  summary: string
}

export interface HostileCheck {
  /** Short, unique, kebab-case: the `--only` filter of the runner matches it. */
  name: string
  /** One line for the report: what this check does to the shop. */
  title: string
  /** Minutes it may take at most; the runner aborts it past this and reports it as failed. */
  budgetMinutes: number
  run(context: HostileContext): Promise<HostileResult>
}

export interface HostileContext {
  /** A fresh temporary folder for this check (removed afterwards). */
  workDir: string
  /** PostgreSQL URL when the run has one (TEST_DATABASE_URL), for checks that must run on a real PostgreSQL. */
  databaseUrl: string | undefined
  log(line: string): void
  /** Aborted when the check's budget passes. */
  signal: AbortSignal
}
