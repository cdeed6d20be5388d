import { BufferAttribute, BufferGeometry } from 'three'
import type { MeshWorkerAnswer } from './mesh.worker.ts'
import { type PreparedModel, prepareModel } from './prepare-model.ts'

/** A model ready for the preview: centred on the origin, Y up, with its feature edges. */
export type PreviewModel = {
  meshes: Array<{ geometry: BufferGeometry; edges: BufferGeometry }>
  /** The bounding sphere's radius, for the camera distance. */
  radius: number
}

/** Geometries around the prepared buffers: cheap, no copy, the only part that runs on the main thread. */
export function toPreviewModel(prepared: PreparedModel): PreviewModel {
  return {
    radius: prepared.radius,
    meshes: prepared.meshes.map(({ positions, indices, edges }) => {
      const geometry = new BufferGeometry()
      geometry.setAttribute('position', new BufferAttribute(positions, 3))
      geometry.setIndex(new BufferAttribute(indices, 1))
      const lines = new BufferGeometry()
      lines.setAttribute('position', new BufferAttribute(edges, 3))
      return { geometry, edges: lines }
    }),
  }
}

/** Prepares the model in a worker (the package's bytes are transferred, not copied). */
function prepareInWorker(data: ArrayBuffer): Promise<PreparedModel> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mesh.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<MeshWorkerAnswer>) => {
      worker.terminate()
      if (event.data.ok) resolve(event.data.model)
      else reject(new Error(event.data.message))
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new Error(event.message))
    }
    worker.postMessage(data, [data])
  })
}

/**
 * Reads a 3MF package (the analysis' repaired model) for the preview: in a Web Worker where there is one, so a large
 * model never blocks the page (issue 14, item 10); in place otherwise.
 */
export async function load3mf(data: ArrayBuffer): Promise<PreviewModel> {
  const prepared = typeof Worker === 'undefined' ? prepareModel(data) : await prepareInWorker(data)
  return toPreviewModel(prepared)
}
