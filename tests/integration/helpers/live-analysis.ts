import { Readable } from 'node:stream'
import { type AnalysisTask, AnalysisTaskSchema } from '#shared/contracts/analysis.contract.ts'
import { streamUpload, type UploadAnswer } from '#tests/integration/helpers/server-process.ts'

/**
 * Uploads and task polls against a running server over HTTP (no vitest: the hostile checks use these too).
 */

/** Uploads `bytes` as the multipart field "file" named `fileName` to POST /api/analytx/file/. */
export function uploadBytes(base: string, fileName: string, bytes: Uint8Array): Promise<UploadAnswer> {
  return streamUpload(base, fileName, Readable.from([Buffer.from(bytes)]), bytes.length).answer
}

/** True when GET /api/health/live answers 200 within `timeoutMs`. */
export async function isServerLive(base: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    const response = await fetch(`${base}/api/health/live`, { signal: AbortSignal.timeout(timeoutMs) })
    return response.status === 200
  } catch {
    return false
  }
}

export async function getTaskOver(base: string, taskId: string): Promise<AnalysisTask> {
  const response = await fetch(`${base}/api/analytx/task/${taskId}`)
  if (response.status !== 200) throw new Error(`task ${taskId}: ${response.status} ${await response.text()}`)
  return AnalysisTaskSchema.parse(await response.json())
}

/** Polls the task every 100 ms until it is completed or failed; throws after `timeoutMs` (a stuck task). */
export async function waitForTaskOver(
  base: string,
  taskId: string,
  timeoutMs: number,
): Promise<AnalysisTask> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const task = await getTaskOver(base, taskId)
    if (task.state === 'completed' || task.state === 'failed') return task
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.state} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
