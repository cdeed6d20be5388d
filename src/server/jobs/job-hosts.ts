import { fork } from 'node:child_process'
import type { Socket } from 'node:net'
import { type ResourceLimits, Worker } from 'node:worker_threads'
import type { WorkerData } from '#server/jobs/worker-protocol.ts'
import { WORKER_BOOTSTRAP_URL } from '#server/runtime-paths.ts'

/**
 * Where a pool's worker runs (worker-pool.ts): a thread of this process or a child process. Both run the same
 * worker module (worker-runtime.ts) through the same bootstrap and speak the same messages; the pool sees only
 * this interface. A thread is cheap but shares the process's fate: V8 ends the whole process when some
 * allocations of a thread fail (a Map growing past its heap, `Runtime_MapGrow`), whatever its `resourceLimits`.
 * A child process has its own heap limit and its out-of-memory ends only itself (docs/decisions/0073).
 */

export type JobHostBackend = 'thread' | 'process'

export interface JobHostExit {
  code: number | null
  signal: NodeJS.Signals | null
  /** V8 reported its heap full: a thread's ERR_WORKER_OUT_OF_MEMORY, a child's fatal OOM on stderr or abort. */
  outOfMemory: boolean
  /** The child's last words on stderr (a few lines), or the thread's error message. */
  detail: string | undefined
}

export interface JobHost {
  post(message: unknown): void
  onMessage(listener: (message: unknown) => void): void
  /** Once, when the worker is gone for whatever reason. */
  onExit(listener: (exit: JobHostExit) => void): void
  /** Ends the worker now (synchronous code cannot be interrupted otherwise). */
  terminate(): void
  /** A busy worker keeps the process alive; an idle one does not. */
  ref(): void
  unref(): void
}

export interface JobHostOptions {
  backend: JobHostBackend
  data: WorkerData
  resourceLimits: ResourceLimits
}

const BOOTSTRAP_URL = WORKER_BOOTSTRAP_URL
/** Enough of a child's stderr to hold V8's "FATAL ERROR … heap out of memory" and the stack after it. */
const STDERR_TAIL_BYTES = 8_192
const OOM_PATTERN = /heap out of memory|FatalProcessOutOfMemory|Allocation failed/

export function startJobHost(options: JobHostOptions): JobHost {
  return options.backend === 'process' ? startProcessHost(options) : startThreadHost(options)
}

function startThreadHost(options: JobHostOptions): JobHost {
  const worker = new Worker(BOOTSTRAP_URL, {
    workerData: options.data,
    // Not the parent's flags: the bootstrap registers the TypeScript loader itself (tsx's --import would
    // register it twice, Vitest's flags make no sense in a bare thread).
    execArgv: [],
    resourceLimits: options.resourceLimits,
  })
  let lastError: Error | undefined
  worker.on('error', (error) => {
    lastError = error
  })
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
    onExit: (listener) =>
      worker.once('exit', (code) =>
        listener({
          code,
          signal: null,
          outOfMemory: (lastError as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY',
          detail: lastError?.message,
        }),
      ),
    terminate: () => void worker.terminate().catch(() => undefined),
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  }
}

/** Node's flags for a child's heap: the thread's `resourceLimits` in command-line form. */
export function heapFlags(limits: ResourceLimits): string[] {
  const flags: string[] = []
  if (limits.maxOldGenerationSizeMb !== undefined)
    flags.push(`--max-old-space-size=${limits.maxOldGenerationSizeMb}`)
  // The young generation is three semi-spaces' worth in V8's accounting.
  if (limits.maxYoungGenerationSizeMb !== undefined)
    flags.push(`--max-semi-space-size=${Math.max(1, Math.floor(limits.maxYoungGenerationSizeMb / 3))}`)
  if (limits.stackSizeMb !== undefined) flags.push(`--stack-size=${Math.floor(limits.stackSizeMb * 1024)}`)
  return flags
}

/**
 * The glibc tunable a child gets: malloc asks the kernel for transparent huge pages (madvise) for its memory.
 * The analysis allocates its arrays (100-140 MB for a 1M-triangle STL) through node's ArrayBuffer allocator, i.e.
 * malloc; with 4 KiB pages a fresh process takes about 23,000-30,000 page faults for them, and the weld's hash
 * table and the topology's corner arrays are read at random, so every probe risks a TLB miss too. Huge pages cut
 * both: the fresh core run's CPU fell by a quarter (decision 0140). Ignored where THP is off or libc is not glibc.
 */
export const CHILD_GLIBC_TUNABLE = 'glibc.malloc.hugetlb=1'

/**
 * The environment of a child: the server's, without NODE_EXTRA_CA_CERTS and with `CHILD_GLIBC_TUNABLE` added to
 * GLIBC_TUNABLES. Node reads and parses that certificate file when a process starts, whether it ever opens a TLS
 * connection or not; a job child opens none (the analysis reads and writes files) and would pay it on its first
 * job (0.07-0.1 s of CPU for a 144-certificate bundle on the 2-core bench machine, decision 0132).
 */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const rest = { ...env }
  delete rest.NODE_EXTRA_CA_CERTS
  rest.GLIBC_TUNABLES = withHugePages(env.GLIBC_TUNABLES)
  return rest
}

/** The tunables with huge pages for malloc, unless the operator has set `glibc.malloc.hugetlb` already. */
function withHugePages(tunables: string | undefined): string {
  if (tunables === undefined || tunables === '') return CHILD_GLIBC_TUNABLE
  if (/(^|:)glibc\.malloc\.hugetlb=/.test(tunables)) return tunables
  return `${tunables}:${CHILD_GLIBC_TUNABLE}`
}

function startProcessHost(options: JobHostOptions): JobHost {
  const child = fork(BOOTSTRAP_URL, [options.data.entry, String(options.data.niceness)], {
    env: childEnv(),
    execArgv: heapFlags(options.resourceLimits),
    // Structured clone, as between threads: the same messages work on both backends.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  })
  let stderrTail = ''
  let spawnError: Error | undefined
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES)
  })
  child.on('error', (error) => {
    spawnError = error
  })
  // The stderr pipe is a socket of its own: an idle child must not keep the server alive through it either.
  const stderr = child.stderr as Socket | null
  return {
    post: (message) => {
      if (child.connected) child.send(message as object)
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) =>
      child.once('exit', (code, signal) => {
        const outOfMemory = OOM_PATTERN.test(stderrTail) || code === 134 || signal === 'SIGABRT'
        const fatal = stderrTail.split('\n').find((line) => line.includes('FATAL ERROR'))
        listener({ code, signal, outOfMemory, detail: spawnError?.message ?? fatal?.trim() })
      }),
    terminate: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
    ref: () => {
      child.ref()
      child.channel?.ref()
      stderr?.ref()
    },
    unref: () => {
      child.unref()
      child.channel?.unref()
      stderr?.unref()
    },
  }
}
