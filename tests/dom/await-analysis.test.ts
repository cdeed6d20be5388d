import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { analysedFile, measuredFile } from '#machines/upload/upload.fixtures.ts'
import { awaitCompleteFile } from '#client/actors/await-analysis.ts'

/** The configure step's read of a file measured while its analysis goes on (decision 0124 §2). */
describe('awaitCompleteFile', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const apiAnswering = (answers: AnalysisFile[]) => ({
    get: vi.fn(async () => {
      const next = answers.shift()
      if (next === undefined) throw new Error('no more answers')
      return next
    }) as never,
  })

  it('answers a complete file without a request', async () => {
    const api = apiAnswering([])
    await expect(awaitCompleteFile(api, analysedFile, new AbortController().signal)).resolves.toBe(
      analysedFile,
    )
    expect(api.get).not.toHaveBeenCalled()
  })

  it('reads a pending file at once, then once a second, until it comes complete', async () => {
    const api = apiAnswering([measuredFile, analysedFile])
    const result = awaitCompleteFile(api, measuredFile, new AbortController().signal, { intervalMs: 1_000 })
    await vi.advanceTimersByTimeAsync(0)
    expect(api.get).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(api.get).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toEqual(analysedFile)
    expect(api.get).toHaveBeenCalledTimes(2)
  })

  it('gives up after its reads, and when the configure step is left', async () => {
    const limited = awaitCompleteFile(
      apiAnswering([measuredFile, measuredFile]),
      measuredFile,
      new AbortController().signal,
      {
        intervalMs: 10,
        maxReads: 2,
      },
    )
    const expectation = expect(limited).rejects.toThrow('not complete after 2 reads')
    await vi.advanceTimersByTimeAsync(20)
    await expectation

    const controller = new AbortController()
    const left = awaitCompleteFile(apiAnswering([measuredFile]), measuredFile, controller.signal, {
      intervalMs: 1_000,
    })
    const aborted = expect(left).rejects.toBe('left')
    await vi.advanceTimersByTimeAsync(0)
    controller.abort('left')
    await aborted
  })
})
