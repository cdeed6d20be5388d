import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { ChunkLoadBoundary } from '#client/common/chunk-load-boundary.tsx'
import { useSlot } from '#client/common/slot.ts'
import { UploadHero } from '#client/features/upload/upload-hero.tsx'

// The configuration is only needed once a file is uploaded: a chunk of its own (and three.js one more behind it).
const loadConfigureView = () => import('#client/features/configure/configure-view.tsx')
const ConfigureView = lazy(async () => ({ default: (await loadConfigureView()).ConfigureView }))

let configurePreloaded = false
/**
 * The configure chunk as soon as the upload area is used (pointer over it, focus in it, a file dragged onto it or
 * chosen): it then loads while the file uploads and is analysed, not after, and a first visit that never uses it
 * loads none of it (issue 18). A failed preload is forgotten; the lazy view asks again and its boundary shows the failure.
 */
const preloadConfigureView = () => {
  if (configurePreloaded) return
  configurePreloaded = true
  loadConfigureView().catch(() => {
    configurePreloaded = false
  })
}

/**
 * Home (spec part 1 §2): the upload hero, or, while a model is being configured, the checkout hero with the
 * configuration. CMS content follows in a later issue.
 */
export function HomePage() {
  const actors = useAppActors()
  const session = useSlot(actors.configuration)
  const isConfiguring = useSelector(actors.orderProcess, (snapshot) => snapshot.hasTag('step-configure'))
  if (isConfiguring && session) {
    return (
      <ChunkLoadBoundary part="configure">
        <Suspense
          fallback={
            <p className="configure-loading" aria-busy="true">
              <Trans>Konfiguration wird geladen …</Trans>
            </p>
          }
        >
          <ConfigureView key={session.id} session={session} />
        </Suspense>
      </ChunkLoadBoundary>
    )
  }
  return (
    // `display: contents`: the wrapper only listens; the hero keeps its own layout.
    <div
      style={{ display: 'contents' }}
      onPointerOver={preloadConfigureView}
      onFocus={preloadConfigureView}
      onDragEnter={preloadConfigureView}
      // A file chosen without pointer or focus on the area (assistive technology, a script) starts it too.
      onChange={preloadConfigureView}
    >
      <UploadHero />
    </div>
  )
}
