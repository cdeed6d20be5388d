import { useEffect, useRef, useState } from 'react'
import { type PreviewStore } from '#client/actors/preview-store.ts'
import { type RenderSession, startRenderSession } from './render-session.ts'

export type OffscreenPreviewProps = {
  loadModel: (signal: AbortSignal) => Promise<ArrayBuffer>
  /** The colour to draw the model in (#rrggbb). */
  colour: string
  preview: PreviewStore
  label: string
  loadingText: string
  errorText: string
}

type Phase = 'preparing' | 'drawn' | 'failed'

/**
 * The 3D view drawn by `render.worker.ts` on an OffscreenCanvas (decision 0110): this thread only fetches the 3MF,
 * hands it and the canvas over, and forwards the pointer, wheel and size, so the configure form stays usable while
 * a large model is read, compiled and drawn (issue 14, item 10). No three.js is loaded on the main thread.
 */
export function OffscreenPreview(props: OffscreenPreviewProps) {
  const { loadModel, preview, colour } = props
  const stage = useRef<HTMLDivElement>(null)
  const session = useRef<RenderSession | null>(null)
  const latestColour = useRef(colour)
  const [phase, setPhase] = useState<Phase>('preparing')

  useEffect(() => {
    latestColour.current = colour
    session.current?.setColour(colour)
  }, [colour])

  useEffect(() => {
    if (!stage.current) return
    setPhase('preparing')
    const started = startRenderSession(stage.current, {
      loadModel,
      preview,
      colour: latestColour.current,
      onDrawn: () => setPhase('drawn'),
      onFailed: () => setPhase('failed'),
    })
    session.current = started
    return () => {
      started.stop()
      session.current = null
    }
  }, [loadModel, preview])

  if (phase === 'failed') return <p className="model-preview__error">{props.errorText}</p>
  return (
    <div
      className={phase === 'preparing' ? 'model-preview model-preview--preparing' : 'model-preview'}
      role="img"
      aria-label={props.label}
      aria-busy={phase === 'preparing'}
    >
      <div ref={stage} className="model-preview__stage" />
      {phase === 'preparing' && <p className="model-preview__status">{props.loadingText}</p>}
    </div>
  )
}
