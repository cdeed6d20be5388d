import { type AnalysisFile, AnalysisFileSchema } from '#shared/contracts/analysis.contract.ts'
import { TASK_POLL_INTERVAL_MS, TASK_POLL_MAX_TRIES } from '#shared/domain/limits.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'

export type AwaitAnalysisOptions = {
  /** Between two reads: the task poll's interval (spec part 1 §7, one a second). */
  intervalMs?: number
  /** Reads before giving up: the task poll's limit, so a file takes no longer than its task may. */
  maxReads?: number
}

/** Resolves after `ms`, or rejects when `signal` aborts (the configure step was left). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * The file once its analysis is complete (decision 0124 §2): a file measured while its wall thickness and pictures
 * are computed (`pending`) is read again (`GET /api/analytx/file/{id}`) at once and then once a second until the
 * answer comes without `pending`; a complete file is the answer without a request. Rejects when a read fails (the
 * analysis failed: the file is then a 404) or after `maxReads` reads.
 */
export async function awaitCompleteFile(
  api: Pick<ApiClient, 'get'>,
  file: AnalysisFile,
  signal: AbortSignal,
  options: AwaitAnalysisOptions = {},
): Promise<AnalysisFile> {
  const intervalMs = options.intervalMs ?? TASK_POLL_INTERVAL_MS
  const maxReads = options.maxReads ?? TASK_POLL_MAX_TRIES
  let current = file
  for (let reads = 0; current.pending === true; reads += 1) {
    if (reads >= maxReads) throw new Error(`analysis of ${file._id} not complete after ${maxReads} reads`)
    if (reads > 0) await pause(intervalMs, signal)
    current = await api.get(apiPaths.file(file._id), AnalysisFileSchema, { signal })
  }
  return current
}
