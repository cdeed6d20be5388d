import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { analysisAssetUrl } from '#client/actors/api-paths.ts'
import { ChunkLoadBoundary } from '#client/common/chunk-load-boundary.tsx'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { findColour, findPrintMode } from '#client/common/catalogue.ts'
import { useCatalogue } from '#client/common/use-catalogue.ts'
import { useSelection } from './use-configure.ts'

// The 3D view: a chunk of its own (with its worker, or three.js and R3F), loaded only when a model is shown.
const ModelPreview = lazy(() => import('#client/scene/model-preview.tsx'))

let webGLSupport: boolean | undefined

/** Whether this browser can draw WebGL (not in DOM tests; headless Chromium can, by software). */
export function supportsWebGL(): boolean {
  if (webGLSupport === undefined) {
    try {
      const canvas = document.createElement('canvas')
      const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl')
      webGLSupport = context !== null
      context?.getExtension('WEBGL_lose_context')?.loseContext()
    } catch {
      webGLSupport = false
    }
  }
  return webGLSupport
}

/** The 3D view of the model in the selected colour; a still picture where WebGL is not available. */
export function PreviewStage({ session }: { session: ConfigureSession }) {
  const { t } = useLingui()
  const name = useSelector(session.configure, (snapshot) => snapshot.context.name)
  const selection = useSelection(session.configure)
  const { printModes } = useCatalogue()
  const colour = findColour(findPrintMode(printModes, selection.printModeId), selection.colorId)

  if (!supportsWebGL()) return <StillPreview session={session} />
  return (
    <ChunkLoadBoundary part="model">
      <Suspense
        fallback={
          <div className="model-preview model-preview--loading" aria-busy="true">
            <p>
              <Trans>3D-Ansicht wird geladen …</Trans>
            </p>
          </div>
        }
      >
        <ModelPreview
          loadModel={session.loadModel}
          colour={colour?.hex ?? null}
          preview={session.preview}
          label={t`3D-Ansicht von ${name}`}
          loadingText={t`3D-Ansicht wird geladen …`}
          errorText={t`Die 3D-Ansicht konnte nicht geladen werden.`}
        />
      </Suspense>
    </ChunkLoadBoundary>
  )
}

/** The analysis' front picture instead of the 3D view. */
function StillPreview({ session }: { session: ConfigureSession }) {
  const { t } = useLingui()
  const [first] = Object.values(session.file.frontPictures)
  return (
    <div className="model-preview model-preview--still">
      {first ? (
        <img
          src={analysisAssetUrl(first)}
          alt={t`Vorschau von ${session.file.name}`}
          width={400}
          height={400}
        />
      ) : (
        <p>
          <Trans>Die 3D-Ansicht ist in diesem Browser nicht verfügbar.</Trans>
        </p>
      )}
    </div>
  )
}
