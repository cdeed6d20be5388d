import { lazy } from 'react'
import { PREVIEW } from '#shared/domain/limits.ts'
import { type PreviewStore } from '#client/actors/preview-store.ts'
import { OffscreenPreview } from './offscreen-preview.tsx'
import { supportsOffscreenRendering } from './render-protocol.ts'

// Only where a canvas cannot go to a worker: R3F and three.js on the main thread, a chunk of their own.
const R3fPreview = lazy(() => import('./r3f-preview.tsx'))

export type ModelPreviewProps = {
  loadModel: (signal: AbortSignal) => Promise<ArrayBuffer>
  /** The selected colour (#rrggbb), or null for the default. */
  colour: string | null
  preview: PreviewStore
  /** What the picture shows, for screen readers. */
  label: string
  /** Shown while the model is read and first drawn. */
  loadingText: string
  /** Shown when the model cannot be loaded. */
  errorText: string
}

/**
 * The 3D preview (spec part 1 §2, §4 preview image, §9), a lazy chunk the home page never loads: drawn in a Web
 * Worker on an OffscreenCanvas where the browser allows it, so a large model never blocks the page (issue 14,
 * item 10; decision 0110), else with React Three Fiber on the main thread.
 */
export default function ModelPreview(props: ModelPreviewProps) {
  if (supportsOffscreenRendering())
    return <OffscreenPreview {...props} colour={props.colour ?? PREVIEW.defaultColor} />
  return <R3fPreview {...props} />
}
