import { describe, expect, it } from 'vitest'
import { createDrawOnce } from '#server/modules/analysis/draw-once.ts'

/** Requests for a file being drawn wait for that drawing (decision 0135). */

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('createDrawOnce', () => {
  it('draws a file once for requests that overlap, and each request learns when it is there', async () => {
    const drawOnce = createDrawOnce()
    const drawing = deferred()
    let draws = 0
    const draw = (): Promise<void> => {
      draws += 1
      return drawing.promise
    }
    let done = 0
    const requests = Array.from({ length: 5 }, () => drawOnce('/r/model-mm.3mf', draw).then(() => done++))
    expect(draws).toBe(1)
    await Promise.resolve()
    expect(done).toBe(0)
    drawing.resolve()
    await Promise.all(requests)
    expect(done).toBe(5)
  })

  it('draws other files side by side', async () => {
    const drawOnce = createDrawOnce()
    let draws = 0
    const draw = async (): Promise<void> => {
      draws += 1
    }
    await Promise.all([drawOnce('/r/model-mm.3mf', draw), drawOnce('/r/model-cm.3mf', draw)])
    expect(draws).toBe(2)
  })

  it('gives every waiting request the failure, and the next request draws again', async () => {
    const drawOnce = createDrawOnce()
    const failing = deferred()
    const first = drawOnce('/r/model-mm.3mf', () => failing.promise)
    const second = drawOnce('/r/model-mm.3mf', () => Promise.resolve())
    failing.reject(new Error('disk full'))
    await expect(first).rejects.toThrow('disk full')
    await expect(second).rejects.toThrow('disk full')
    let draws = 0
    await drawOnce('/r/model-mm.3mf', async () => {
      draws += 1
    })
    expect(draws).toBe(1)
  })
})
