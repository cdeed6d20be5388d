/// <reference lib="webworker" />
import { ACESFilmicToneMapping, PerspectiveCamera, WebGLRenderer } from 'three'
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js'
import { PREVIEW } from '#shared/domain/limits.ts'
import { ElementProxy } from './element-proxy.ts'
import { prepareModel } from './prepare-model.ts'
import { createPreviewScene, frameModel, type PreviewScene } from './preview-scene.ts'
import type { CanvasSize, FromRenderWorker, ToRenderWorker } from './render-protocol.ts'

// The whole 3D view lives here, on the canvas the page handed over: reading the 3MF, finding the edges, compiling
// the shaders, uploading the buffers and every draw. In software WebGL the first draw of a 400 000-triangle model
// and its picture took 1-3 s, which on the main thread froze the configure form (issue 14, item 10; decision 0110).

type View = {
  renderer: WebGLRenderer
  camera: PerspectiveCamera
  proxy: ElementProxy
  colour: string
  model: PreviewScene | null
}

let view: View | null = null
let drawPending = false
let pictureWanted = false

const post = (message: FromRenderWorker) => self.postMessage(message)

const nextFrame: (draw: () => void) => void =
  typeof self.requestAnimationFrame === 'function'
    ? (draw) => self.requestAnimationFrame(draw)
    : (draw) => setTimeout(draw, 16)

function applySize(current: View, size: CanvasSize): void {
  current.proxy.resize(size)
  current.renderer.setPixelRatio(size.pixelRatio)
  // false: an OffscreenCanvas has no style; the page sizes the element.
  current.renderer.setSize(Math.max(1, size.width), Math.max(1, size.height), false)
  current.camera.aspect = Math.max(1, size.width) / Math.max(1, size.height)
  current.camera.updateProjectionMatrix()
}

/** Draws now; a PNG of exactly this frame when asked (read in the same task, so the buffer is still there). */
async function drawNow(current: View, pictureId: number | null | undefined): Promise<void> {
  if (!current.model) return
  current.renderer.render(current.model.scene, current.camera)
  if (pictureId === undefined) return
  const canvas = current.renderer.domElement as unknown as OffscreenCanvas
  const image = await canvas.convertToBlob({ type: 'image/png' }).catch(() => null)
  post({ type: 'picture', id: pictureId, image })
}

/** One draw per frame, however many pointer moves arrived in it. */
function requestDraw(withPicture = false): void {
  pictureWanted ||= withPicture
  if (drawPending) return
  drawPending = true
  nextFrame(() => {
    drawPending = false
    const picture = pictureWanted
    pictureWanted = false
    if (view) void drawNow(view, picture ? null : undefined)
  })
}

function handle(message: ToRenderWorker): void {
  if (message.type === 'init') {
    const renderer = new WebGLRenderer({
      canvas: message.canvas,
      antialias: true,
      // The picture for the cart is read after the draw.
      preserveDrawingBuffer: true,
    })
    // As React Three Fiber sets it up, so this view matches the one drawn on the main thread where workers cannot draw.
    renderer.toneMapping = ACESFilmicToneMapping
    const camera = new PerspectiveCamera(PREVIEW.fov, 1, 0.1, 1000)
    const proxy = new ElementProxy(message.size)
    view = { renderer, camera, proxy, colour: message.colour, model: null }
    applySize(view, message.size)
    const controls = new OrbitControls(camera, proxy as unknown as HTMLElement)
    controls.addEventListener('change', () => requestDraw())
    return
  }
  if (!view) throw new Error('the render worker got a message before its canvas')
  switch (message.type) {
    case 'model': {
      const prepared = prepareModel(message.data)
      view.model = createPreviewScene(prepared, view.colour)
      frameModel(view.camera, prepared.radius)
      // The first draw compiles the shaders and uploads the buffers: the slow part, and now it blocks no one.
      view.renderer.render(view.model.scene, view.camera)
      post({ type: 'drawn' })
      requestDraw(true)
      return
    }
    case 'colour':
      view.colour = message.colour
      view.model?.setColour(message.colour)
      requestDraw(true)
      return
    case 'resize':
      applySize(view, message.size)
      requestDraw()
      return
    case 'event':
      view.proxy.dispatch(message.event)
      return
    case 'capture':
      if (view.model) void drawNow(view, message.id)
      else post({ type: 'picture', id: message.id, image: null })
      return
  }
}

self.onmessage = (event: MessageEvent<ToRenderWorker>) => {
  try {
    handle(event.data)
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
  }
}
