import type { MessagePort, Worker } from 'node:worker_threads'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import {
  type CastShare,
  type ThicknessOptions,
  type WallThickness,
  computeWallThickness,
  helpCastSamples,
  loadWallThicknessModules,
  mergeMeshes,
} from './wall-thickness.ts'

/**
 * Wall thickness on a second thread (decision 0122). The thickness needs only the repaired mesh and is the longest
 * stage after it, so `analyzeFile` hands it to another thread while its own thread writes the internal format, the
 * 3MF and the pictures. The mesh goes over in SharedArrayBuffers (copied once into them; the other thread reads them
 * without a copy of its own), and the same `computeWallThickness` runs on the same numbers there, so the result is
 * the one a single thread computes, bit for bit.
 */

/** The merged bodies (all faces in body order, as `computeWallThickness` merges them) in shared memory. */
export interface SharedMesh {
  positions: Float32Array
  indices: Uint32Array
}

/** Computes the wall thickness of a shared mesh somewhere else (another thread) and resolves with its result. */
export interface WallThicknessRunner {
  (mesh: SharedMesh, options: ThicknessOptions): Promise<WallThickness>
  /**
   * Called by the analysis when its own stages are done: this thread then casts a share of the samples that the
   * other thread has not cast yet (decision 0131), and resolves with how many it cast when none is left. Same
   * result either way. Called before the other thread has built its tree, it waits for it (decision 0135: without
   * the 3MF the analysis thread is often done first).
   */
  assist?: () => Promise<number>
}

/** Copies the bodies, merged, into SharedArrayBuffers (one copy: 18 MB for a million triangles, a few ms). */
export function shareMeshes(meshes: readonly IndexedMesh[]): SharedMesh {
  const merged = mergeMeshes(meshes)
  const positions = new Float32Array(new SharedArrayBuffer(merged.positions.byteLength))
  positions.set(merged.positions)
  const indices = new Uint32Array(new SharedArrayBuffer(merged.indices.byteLength))
  indices.set(merged.indices)
  return { positions, indices }
}

interface ThicknessRequest {
  id: number
  mesh: SharedMesh
  options: ThicknessOptions
}

type ThicknessReply =
  { id: number; result: WallThickness } | { id: number; error: string } | { id: number; share: CastShare }

/** The thread's side: answers each request with the thickness of its shared mesh. Call it once in the thread's entry. */
export function serveWallThickness(port: MessagePort): void {
  // loaded now, while the other thread reads and repairs, not when the first request comes; a failure shows in
  // that request's reply
  loadWallThicknessModules().catch(() => undefined)
  port.on('message', (request: ThicknessRequest) => {
    // the arrays to cast into go to the caller as soon as the tree is built, so that it can help when it is free
    const offer = (share: CastShare): void =>
      port.postMessage({ id: request.id, share } satisfies ThicknessReply)
    computeWallThickness([{ name: '', ...request.mesh }], request.options, offer).then(
      (result) => {
        // perFace is this thread's own array: move it instead of copying
        port.postMessage({ id: request.id, result } satisfies ThicknessReply, [
          result.perFace.buffer as ArrayBuffer,
        ])
      },
      (error: unknown) => {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
        port.postMessage({ id: request.id, error: message } satisfies ThicknessReply)
      },
    )
  })
}

/**
 * A runner on a thread that called `serveWallThickness` (the caller starts it, because only the caller knows how a
 * thread loads code: TypeScript sources through tsx, or a bundle). A thread that dies fails the pending requests.
 */
export function threadWallThickness(worker: Worker): WallThicknessRunner {
  let nextId = 0
  const pending = new Map<number, { resolve: (r: WallThickness) => void; reject: (e: Error) => void }>()
  const failAll = (error: Error): void => {
    for (const p of pending.values()) p.reject(error)
    pending.clear()
  }
  // the cast offered by the request in progress, until its result comes
  let offered: { id: number; share: CastShare } | undefined
  // assists waiting for an offer: woken by the offer, or by a reply or the thread's end (nothing to help with then)
  let waiting: (() => void)[] = []
  const wake = (): void => {
    const woken = waiting
    waiting = []
    for (const resume of woken) resume()
  }
  worker.on('message', (reply: ThicknessReply) => {
    if ('share' in reply) {
      if (pending.has(reply.id)) offered = { id: reply.id, share: reply.share }
      // three.js for the casting, loaded while this thread still has its own stages to do
      loadWallThicknessModules().catch(() => undefined)
      wake()
      return
    }
    if (offered?.id === reply.id) offered = undefined
    wake()
    const p = pending.get(reply.id)
    if (p === undefined) return
    pending.delete(reply.id)
    if ('error' in reply) p.reject(new Error(`wall thickness thread: ${reply.error}`))
    else p.resolve(reply.result)
  })
  let gone: Error | undefined
  worker.on('error', (error) => {
    failAll(error)
    wake()
  })
  worker.on('exit', (code) => {
    gone = new Error(`wall thickness thread exited (code ${code})`)
    failAll(gone)
    wake()
  })
  const run = (mesh: SharedMesh, options: ThicknessOptions): Promise<WallThickness> =>
    new Promise<WallThickness>((resolve, reject) => {
      // a message to a thread that has ended would never be answered
      if (gone !== undefined) return reject(gone)
      const id = nextId++
      pending.set(id, { resolve, reject })
      worker.postMessage({ id, mesh, options } satisfies ThicknessRequest)
    })
  const assist = async (): Promise<number> => {
    if (offered === undefined && gone === undefined && pending.size > 0)
      await new Promise<void>((resume) => waiting.push(resume))
    const current = offered
    offered = undefined
    if (current === undefined || gone !== undefined) return 0
    // a helper that fails makes the thread's result fail, and the analysis computes the thickness itself
    return helpCastSamples(current.share).catch(() => 0)
  }
  return Object.assign(run, { assist })
}
