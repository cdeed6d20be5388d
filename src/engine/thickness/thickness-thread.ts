import type { MessagePort, Worker } from 'node:worker_threads'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import {
  type ThicknessOptions,
  type WallThickness,
  computeWallThickness,
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
export type WallThicknessRunner = (mesh: SharedMesh, options: ThicknessOptions) => Promise<WallThickness>

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

type ThicknessReply = { id: number; result: WallThickness } | { id: number; error: string }

/** The thread's side: answers each request with the thickness of its shared mesh. Call it once in the thread's entry. */
export function serveWallThickness(port: MessagePort): void {
  // loaded now, while the other thread reads and repairs, not when the first request comes; a failure shows in
  // that request's reply
  loadWallThicknessModules().catch(() => undefined)
  port.on('message', (request: ThicknessRequest) => {
    computeWallThickness([{ name: '', ...request.mesh }], request.options).then(
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
  worker.on('message', (reply: ThicknessReply) => {
    const p = pending.get(reply.id)
    if (p === undefined) return
    pending.delete(reply.id)
    if ('error' in reply) p.reject(new Error(`wall thickness thread: ${reply.error}`))
    else p.resolve(reply.result)
  })
  let gone: Error | undefined
  worker.on('error', failAll)
  worker.on('exit', (code) => {
    gone = new Error(`wall thickness thread exited (code ${code})`)
    failAll(gone)
  })
  return (mesh, options) =>
    new Promise<WallThickness>((resolve, reject) => {
      // a message to a thread that has ended would never be answered
      if (gone !== undefined) return reject(gone)
      const id = nextId++
      pending.set(id, { resolve, reject })
      worker.postMessage({ id, mesh, options } satisfies ThicknessRequest)
    })
}
