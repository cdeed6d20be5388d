/**
 * The messages between the page and the render worker (`render.worker.ts`), which draws the 3D preview into an
 * OffscreenCanvas so that no WebGL call, shader compile or first draw of a large model runs on the main thread
 * (issue 14, item 10; decision 0110). Plain data only: this module has no three.js and no DOM.
 */

/** The canvas' size in CSS pixels, its position on the page and the device pixel ratio to draw at. */
export type CanvasSize = { width: number; height: number; left: number; top: number; pixelRatio: number }

/** A pointer or wheel event as OrbitControls reads it, copied from the page's event. */
export type ForwardedEvent = {
  type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel' | 'wheel'
  pointerId: number
  pointerType: string
  button: number
  clientX: number
  clientY: number
  pageX: number
  pageY: number
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  deltaY: number
  deltaMode: number
}

export type ToRenderWorker =
  | { type: 'init'; canvas: OffscreenCanvas; size: CanvasSize; colour: string }
  /** The analysis' repaired 3MF (transferred). */
  | { type: 'model'; data: ArrayBuffer }
  | { type: 'colour'; colour: string }
  | { type: 'resize'; size: CanvasSize }
  | { type: 'event'; event: ForwardedEvent }
  /** A fresh PNG of the view, answered with a `picture` of the same id. */
  | { type: 'capture'; id: number }

export type FromRenderWorker =
  /** The model is drawn for the first time. */
  | { type: 'drawn' }
  /** A PNG of the view: for a `capture` (its id) or, with id null, after the model or its colour changed. */
  | { type: 'picture'; id: number | null; image: Blob | null }
  | { type: 'failed'; message: string }

/** Whether this browser can hand a canvas to a worker (Chromium 69+, Firefox 105+, Safari 16.4+). */
export function supportsOffscreenRendering(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  )
}

/** Copies what OrbitControls reads from a pointer or wheel event (events themselves cannot be posted). */
export function forwardedEvent(event: PointerEvent | WheelEvent): ForwardedEvent {
  const pointer = event as Partial<PointerEvent>
  const wheel = event as Partial<WheelEvent>
  return {
    type: event.type as ForwardedEvent['type'],
    pointerId: pointer.pointerId ?? 0,
    pointerType: pointer.pointerType ?? 'mouse',
    button: event.button,
    clientX: event.clientX,
    clientY: event.clientY,
    pageX: event.pageX,
    pageY: event.pageY,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    deltaY: wheel.deltaY ?? 0,
    deltaMode: wheel.deltaMode ?? 0,
  }
}
