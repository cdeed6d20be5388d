import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { ChunkLoadBoundary } from '#client/common/chunk-load-boundary.tsx'
import { useSlot } from '#client/common/slot.ts'
import { UploadHero } from '#client/features/upload/upload-hero.tsx'

// The configuration is only needed once a file is uploaded: a chunk of its own (and three.js one more behind it).
const ConfigureView = lazy(async () => ({
  default: (await import('#client/features/configure/configure-view.tsx')).ConfigureView,
}))

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
  return <UploadHero />
}
