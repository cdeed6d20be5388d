import { EventDispatcher } from 'three'
import type { CanvasSize, ForwardedEvent } from './render-protocol.ts'

/** What a forwarded event carries besides its type: OrbitControls calls these two on every event it handles. */
type Dispatched = Omit<ForwardedEvent, 'type'> & { preventDefault(): void; stopPropagation(): void }
type ProxyEvents = Record<ForwardedEvent['type'], Dispatched>

/**
 * What OrbitControls needs of its DOM element, inside the render worker: the page forwards the canvas' pointer and
 * wheel events and its size, and this object dispatches them to the controls. It is its own `ownerDocument`, since
 * the controls listen for moves there after a press; the page captures the pointer on the real canvas, so moves
 * outside it still arrive.
 */
export class ElementProxy extends EventDispatcher<ProxyEvents> {
  readonly style: Record<string, string> = {}
  readonly ownerDocument = this
  private size: CanvasSize

  constructor(size: CanvasSize) {
    super()
    this.size = size
  }

  get clientWidth(): number {
    return this.size.width
  }

  get clientHeight(): number {
    return this.size.height
  }

  resize(size: CanvasSize): void {
    this.size = size
  }

  getBoundingClientRect() {
    const { left, top, width, height } = this.size
    return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }
  }

  // The page captures and releases the pointer on the real canvas.
  setPointerCapture(): void {}
  releasePointerCapture(): void {}
  hasPointerCapture(): boolean {
    return false
  }
  focus(): void {}

  /** A forwarded event, with the methods the controls call on it (the page already prevented its default). */
  dispatch(event: ForwardedEvent): void {
    const { type, ...fields } = event
    this.dispatchEvent({ type, ...fields, preventDefault() {}, stopPropagation() {} })
  }
}
