import { type ForwardedEvent, forwardedEvent } from './render-protocol.ts'

/**
 * Sends the canvas' pointer and wheel events to the render worker, where OrbitControls turns and zooms the model
 * (decision 0110). Moves count only while a pointer is pressed, so hovering posts nothing. Returns the clean-up.
 */
export function forwardInput(canvas: HTMLCanvasElement, send: (event: ForwardedEvent) => void): () => void {
  const pressed = new Set<number>()
  const forward = (event: PointerEvent | WheelEvent) => send(forwardedEvent(event))
  const onDown = (event: PointerEvent) => {
    pressed.add(event.pointerId)
    // Moves outside the canvas still turn the model, as with OrbitControls on the main thread.
    try {
      canvas.setPointerCapture(event.pointerId)
    } catch {
      // Not an active pointer (a synthetic event): the moves over the canvas still arrive.
    }
    forward(event)
  }
  const onMove = (event: PointerEvent) => {
    if (pressed.has(event.pointerId)) forward(event)
  }
  const onUp = (event: PointerEvent) => {
    if (!pressed.delete(event.pointerId)) return
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId)
    forward(event)
  }
  const onWheel = (event: WheelEvent) => {
    // The wheel zooms the model, not the page (as OrbitControls does on a canvas of the main thread).
    event.preventDefault()
    forward(event)
  }
  const onContextMenu = (event: Event) => event.preventDefault()
  const listeners = [
    ['pointerdown', onDown],
    ['pointermove', onMove],
    ['pointerup', onUp],
    ['pointercancel', onUp],
    ['contextmenu', onContextMenu],
  ] as const
  for (const [type, listener] of listeners) canvas.addEventListener(type, listener as EventListener)
  canvas.addEventListener('wheel', onWheel, { passive: false })
  return () => {
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener as EventListener)
    canvas.removeEventListener('wheel', onWheel)
  }
}
