/// <reference lib="webworker" />
import { type PreparedModel, prepareModel, transferablesOf } from './prepare-model.ts'

/** The answer to one model: the prepared buffers (transferred) or why it failed. */
export type MeshWorkerAnswer = { ok: true; model: PreparedModel } | { ok: false; message: string }

// Unzipping, reading the XML and finding the edges of a large model take seconds: here, off the main thread, so the
// configure form stays usable while the 3D view prepares (issue 14, item 10).
self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  try {
    const model = prepareModel(event.data)
    const answer: MeshWorkerAnswer = { ok: true, model }
    self.postMessage(answer, { transfer: transferablesOf(model) })
  } catch (error) {
    const answer: MeshWorkerAnswer = {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    }
    self.postMessage(answer)
  }
}
