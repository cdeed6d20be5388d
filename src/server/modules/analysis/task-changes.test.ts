import { describe, expect, it, vi } from 'vitest'
import { createTaskChanges } from '#server/modules/analysis/task-changes.ts'

describe('task changes (held task polls, decision 0124)', () => {
  it('ends every wait for a task at its change, and only for that task', async () => {
    vi.useFakeTimers()
    try {
      const changes = createTaskChanges()
      const ended: string[] = []
      void changes.next('a', 1000).then(() => ended.push('a1'))
      void changes.next('a', 1000).then(() => ended.push('a2'))
      void changes.next('b', 1000).then(() => ended.push('b'))
      changes.notify('a')
      await vi.advanceTimersByTimeAsync(0)
      expect(ended).toEqual(['a1', 'a2'])
      await vi.advanceTimersByTimeAsync(999)
      expect(ended).toEqual(['a1', 'a2'])
      await vi.advanceTimersByTimeAsync(1)
      expect(ended).toEqual(['a1', 'a2', 'b'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('ends a wait after its timeout when nothing changes; a later change reaches only new waits', async () => {
    vi.useFakeTimers()
    try {
      const changes = createTaskChanges()
      let first = false
      void changes.next('a', 500).then(() => (first = true))
      await vi.advanceTimersByTimeAsync(500)
      expect(first).toBe(true)
      let second = false
      void changes.next('a', 500).then(() => (second = true))
      changes.notify('a')
      await vi.advanceTimersByTimeAsync(0)
      expect(second).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
