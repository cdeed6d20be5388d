import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { SeedResult } from '#server/db/seed.ts'
import { runtimeEntryUrl, WORKER_BOOTSTRAP_URL } from '#server/runtime-paths.ts'

/**
 * The first start of an embedded database (PGlite, empty data dir) in a short-lived child process (issue 18,
 * decision 0123): initdb, the migrations and the demo seed grow PGlite's WebAssembly memory, which never shrinks,
 * and leave V8 and malloc memory behind that the process keeps after collecting it (a worker thread's too: it
 * shares the process's allocator). The child prepares the data dir and exits; the server then opens it as a
 * restart does and idles like one.
 *
 * The child works under the server's data-dir lock (src/server/db/data-dir-lock.ts) as its delegate: it takes no
 * lock of its own and ends when the server goes away (its IPC channel closes), so it never writes a data dir that
 * another server may have taken over.
 */

/** What the server hands its first-start child. */
export interface FirstStartJob {
  /** PGlite's cluster directory (DATA_DIR/pgdata). */
  pgDataDir: string
  thumbnailsDir: string
}

/** What the first start did, for the server's log and the staff password's one delivery. */
export interface FirstStartOutcome {
  migrations: string[]
  seed: SeedResult
  contentSeeded: boolean
}

/** The child's report to the server (IPC, JSON); the job itself is its argument, there before its code runs. */
export type FirstStartMessage =
  { type: 'prepared'; outcome: FirstStartOutcome } | { type: 'failed'; message: string }

/** A failed first start; its message carries the child's (its error and stack, or how it died). */
export class FirstStartError extends Error {
  override name = 'FirstStartError'
}

/** Enough of the child's stderr to say why it died when it could not report (a crash of the WebAssembly). */
const STDERR_TAIL_BYTES = 4_096

const CHILD_ENTRY_URL = runtimeEntryUrl(new URL('./first-start.child.ts', import.meta.url))

/** Runs the first start in a child process and resolves with what it did; rejects with the child's error. */
export function prepareInChild(job: FirstStartJob): Promise<FirstStartOutcome> {
  const child = fork(fileURLToPath(WORKER_BOOTSTRAP_URL), [CHILD_ENTRY_URL.href, JSON.stringify(job)], {
    // Not the server's flags: the bootstrap registers tsx itself for a `.ts` entry (worker-bootstrap.mjs).
    execArgv: [],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  })
  let stderrTail = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    process.stderr.write(chunk)
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES)
  })
  let outcome: FirstStartOutcome | undefined
  let reported: string | undefined
  child.on('message', (message: FirstStartMessage) => {
    if (message.type === 'prepared') outcome = message.outcome
    if (message.type === 'failed') reported = message.message
  })
  return new Promise((resolve, reject) => {
    child.once('error', (error) =>
      reject(new FirstStartError(`The first start could not run: ${error.message}`)),
    )
    child.once('exit', (code, signal) => {
      if (code === 0 && outcome !== undefined) return resolve(outcome)
      const why =
        reported ??
        `it ended with ${signal === null ? `exit code ${code}` : `signal ${signal}`}` +
          (stderrTail.trim() === '' ? '' : `:\n${stderrTail.trim()}`)
      reject(new FirstStartError(`The first start (database set-up and demo data) failed: ${why}`))
    })
  })
}
