import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { type AnalysisResult } from '../analysis-result.ts'
import { analyzeFile } from '../analyze-file.ts'
import { binaryStl, injectDefects, torusSoup } from '../testing/mesh-fixtures.ts'
import { shareMeshes, threadWallThickness } from './thickness-thread.ts'
import { computeWallThickness } from './wall-thickness.ts'

/** A real thread running the TypeScript entry: threads do not inherit Vitest's loader, so it registers tsx. */
function startThread(): Worker {
  const entry = new URL('../testing/thickness-thread-entry.ts', import.meta.url).href
  const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(code, { eval: true, execArgv: [] })
}

/** Everything of a result a client or the server stores, as bytes or JSON (timings left out). */
function observable(result: AnalysisResult): unknown {
  const t = result.thickness
  const pictures = (kind: 'front' | 'repair'): Record<string, string> =>
    Object.fromEntries(
      Object.entries(result.pictures?.[kind] ?? {}).map(([k, png]) => [
        k,
        Buffer.from(png).toString('base64'),
      ]),
    )
  return {
    measures: result.measures,
    bodies: result.bodies,
    repairInfo: result.repairInfo,
    internalMesh: Buffer.from(result.internalMesh).toString('base64'),
    threeMf: Buffer.from(result.threeMf!).toString('base64'),
    perFace: Buffer.from(t!.perFace.buffer, t!.perFace.byteOffset, t!.perFace.byteLength).toString('base64'),
    histogram: JSON.stringify(t!.histogram),
    sampled: [t!.sampledFaces, t!.rays, t!.partial],
    front: pictures('front'),
    repair: pictures('repair'),
  }
}

// A broken torus (every repair path) small enough for a test, with sampling so the spread to unsampled faces runs.
const u = 96
const v = 48
const file = binaryStl(
  injectDefects(
    torusSoup(40, 15, u, v),
    u,
    v,
    { flipped: 20, holes: 4, stray: 2, degenerate: 3, jittered: 5, duplicates: 2 },
    0.002,
    3,
  ),
)
// No cast budget: the result must not depend on how busy the machine is. Pictures of two views keep the test short
// (they are drawn on the calling thread either way).
const options = {
  format: 'stl',
  thickness: { maxSamples: 3000, maxCastMs: 1e9 },
  pictures: { directions: ['PX', 'PZ'], rotations: [0, 90] },
} as const

describe('wall thickness on a second thread', () => {
  const threads: Worker[] = []
  afterAll(async () => {
    await Promise.all(threads.map((t) => t.terminate()))
  })

  it('gives the same result, byte for byte, as one thread', async () => {
    const serial = await analyzeFile(file, options)
    const thread = startThread()
    threads.push(thread)
    const parallel = await analyzeFile(file, { ...options, thicknessRunner: threadWallThickness(thread) })
    expect(serial.repairInfo.repaired).toBe(true)
    expect(serial.thickness!.sampledFaces).toBeLessThan(serial.measures.triangles)
    expect(parallel.timingsMs.thickness_wait).toBeDefined()
    expect(observable(parallel)).toEqual(observable(serial))
  }, 120_000)

  it('lets the calling thread cast a share of the samples, with the same result as one thread (decision 0131)', async () => {
    // large enough that the thread is still casting when the caller joins
    const mesh = await analyzeFile(binaryStl(torusSoup(40, 15, 300, 150)), {
      format: 'stl',
      thickness: false,
      pictures: false,
      threeMf: false,
    })
    const thicknessOptions = { maxCastMs: 1e9 }
    const serial = await computeWallThickness(mesh.meshes, thicknessOptions)
    const thread = startThread()
    threads.push(thread)
    const runner = threadWallThickness(thread)
    const result = runner(shareMeshes(mesh.meshes), thicknessOptions)
    // called at once, before the thread has built its tree: it waits for the tree's offer, then casts (decision 0135)
    const helped = await runner.assist!()
    const parallel = await result
    expect(helped).toBeGreaterThan(0)
    expect(helped).toBeLessThan(serial.sampledFaces)
    expect(Buffer.from(parallel.perFace.buffer)).toEqual(Buffer.from(serial.perFace.buffer))
    expect([parallel.histogram, parallel.sampledFaces, parallel.rays, parallel.partial]).toEqual([
      serial.histogram,
      serial.sampledFaces,
      serial.rays,
      serial.partial,
    ])
  }, 120_000)

  it('computes the thickness itself when the thread is gone, with the same result', async () => {
    const serial = await analyzeFile(file, options)
    const thread = startThread()
    const runner = threadWallThickness(thread)
    await thread.terminate()
    const fallback = await analyzeFile(file, { ...options, thicknessRunner: runner })
    expect(observable(fallback)).toEqual(observable(serial))
  }, 120_000)
})
