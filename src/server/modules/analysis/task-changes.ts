/**
 * The in-process signal that a task's row changed (started, a progress message, its result): a held task poll
 * (`GET /api/analytx/task/{id}?waitMs=…`, decision 0124) answers as soon as its task changes instead of at the end
 * of its wait. A change made by another server process is not signalled; the poll then answers when its wait ends,
 * as late as an unheld poll would have seen it.
 */
export interface TaskChanges {
  /** The task's row has changed: every wait for it ends now. */
  notify(taskId: string): void
  /** Resolves at the task's next change or after `timeoutMs`, whichever comes first. */
  next(taskId: string, timeoutMs: number): Promise<void>
}

export function createTaskChanges(): TaskChanges {
  const waiting = new Map<string, Set<() => void>>()
  return {
    notify(taskId) {
      const wakes = waiting.get(taskId)
      if (wakes === undefined) return
      waiting.delete(taskId)
      for (const wake of wakes) wake()
    },
    next(taskId, timeoutMs) {
      return new Promise<void>((resolve) => {
        const wakes = waiting.get(taskId) ?? new Set<() => void>()
        waiting.set(taskId, wakes)
        const wake = (): void => {
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          wakes.delete(wake)
          // Only this wait's own set: a notify may have replaced it meanwhile.
          if (wakes.size === 0 && waiting.get(taskId) === wakes) waiting.delete(taskId)
          resolve()
        }, timeoutMs)
        wakes.add(wake)
      })
    },
  }
}
