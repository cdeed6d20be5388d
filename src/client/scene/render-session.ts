import { type PreviewStore } from '#client/actors/preview-store.ts'
import { forwardInput } from './forward-input.ts'
import { type CanvasSize, type FromRenderWorker, type ToRenderWorker } from './render-protocol.ts'

export type RenderSession = {
  setColour(colour: string): void
  stop(): void
}

type Options = {
  loadModel: (signal: AbortSignal) => Promise<ArrayBuffer>
  colour: string
  preview: PreviewStore
  /** The model is drawn for the first time. */
  onDrawn(): void
  /** The model, the worker or WebGL failed: the view shows its error text. */
  onFailed(): void
}

/** R3F's default: sharp on high-density screens, but no more than twice the pixels. */
const sizeOf = (canvas: HTMLCanvasElement): CanvasSize => {
  const rect = canvas.getBoundingClientRect()
  return {
    width: rect.width,
    height: rect.height,
    left: rect.left,
    top: rect.top,
    pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
  }
}

/**
 * Puts a new canvas into `host`, hands it to a new render worker (decision 0110) with the fetched 3MF, and wires
 * the preview pictures, the pointer and the size. A canvas of its own each time: control of a canvas can be handed
 * to a worker only once, and React may start a view twice (StrictMode) or again for a new model.
 */
export function startRenderSession(host: HTMLElement, options: Options): RenderSession {
  const { preview } = options
  const canvas = document.createElement('canvas')
  canvas.className = 'model-preview__canvas'
  host.append(canvas)
  const offscreen = canvas.transferControlToOffscreen()
  const thread = new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module' })
  const send = (message: ToRenderWorker, transfer: Transferable[] = []) =>
    thread.postMessage(message, transfer)
  const loading = new AbortController()
  const captures = new Map<number, (image: Blob | null) => void>()
  let nextCapture = 1
  const fail = () => {
    thread.terminate()
    options.onFailed()
  }

  thread.onmessage = (event: MessageEvent<FromRenderWorker>) => {
    const message = event.data
    if (message.type === 'drawn') options.onDrawn()
    else if (message.type === 'failed') fail()
    else if (message.id === null) {
      if (message.image) preview.store(message.image)
    } else {
      captures.get(message.id)?.(message.image)
      captures.delete(message.id)
    }
  }
  thread.onerror = fail
  send({ type: 'init', canvas: offscreen, size: sizeOf(canvas), colour: options.colour }, [offscreen])
  options.loadModel(loading.signal).then(
    (data) => send({ type: 'model', data }, [data]),
    () => {
      if (!loading.signal.aborted) fail()
    },
  )
  preview.setCapture(
    () =>
      new Promise<Blob | null>((resolve) => {
        const id = nextCapture++
        captures.set(id, resolve)
        send({ type: 'capture', id })
      }),
  )
  const stopForwarding = forwardInput(canvas, (event) => send({ type: 'event', event }))
  const resized = new ResizeObserver(() => send({ type: 'resize', size: sizeOf(canvas) }))
  resized.observe(canvas)

  return {
    setColour: (colour) => send({ type: 'colour', colour }),
    stop() {
      loading.abort()
      stopForwarding()
      resized.disconnect()
      preview.setCapture(null)
      for (const resolve of captures.values()) resolve(null)
      thread.terminate()
      canvas.remove()
    },
  }
}
