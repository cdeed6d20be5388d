import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { pageTitles } from '#client/router/page-titles.ts'
import { UploadPanel } from './upload-panel.tsx'
import { useScrolledPast } from './use-scrolled-past.ts'

/** Scrolled further than this, the hero turns sticky, its background pauses and the sticky upload footer appears. */
export const HERO_STICKY_THRESHOLD_PX = 240

/**
 * The home page's upload hero (spec part 1 §2): title, the upload (desktop; mobile and tablet upload from the header
 * button into the order panel), a decorative background standing in for the video, which pauses once the hero is
 * sticky, a sticky footer with an upload button after scrolling, and a close icon that reloads the page. On mobile
 * a hero image shows while no order is in progress.
 */
export function UploadHero() {
  const actors = useAppActors()
  const { orderProcess } = actors
  const upload = useSlot(actors.upload)
  const { i18n, t } = useLingui()
  const isSticky = useScrolledPast(HERO_STICKY_THRESHOLD_PX)
  const isOrderOngoing = useSelector(orderProcess, (snapshot) => snapshot.hasTag('order-ongoing'))
  const canClose = useSelector(orderProcess, (snapshot) => snapshot.can({ type: 'order.closeUpload' }))
  const canCreateNew = useSelector(upload, (snapshot) => snapshot.can({ type: 'upload.createNew' }))

  return (
    <>
      <section className="upload-hero" data-sticky={isSticky} aria-labelledby="home-title">
        <div className="upload-hero__video" data-paused={isSticky} aria-hidden="true" />
        <div className="upload-hero__content">
          <h1 id="home-title">{i18n._(pageTitles.home)}</h1>
          <p className="upload-hero__lead">
            <Trans>
              Laden Sie Ihr 3D-Modell hoch, wählen Sie Material und Druckverfahren und sehen Sie sofort Preis
              und Produktionszeit.
            </Trans>
          </p>
          <div className="upload-hero__upload">
            <UploadPanel variant="hero" />
          </div>
          {!isOrderOngoing && <div className="upload-hero__image" aria-hidden="true" />}
        </div>
        {canClose && (
          <button
            type="button"
            className="upload-hero__close"
            aria-label={t`Upload schließen`}
            onClick={() => {
              orderProcess.send({ type: 'order.closeUpload' })
              actors.reloadPage()
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </section>
      {isSticky && canCreateNew && (
        <div className="upload-sticky-footer">
          <p>
            <Trans>Bereit für Ihr nächstes Bauteil?</Trans>
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              window.scrollTo({ top: 0, behavior: 'smooth' })
              upload.send({ type: 'upload.createNew' })
            }}
          >
            <Trans>3D-Datei hochladen</Trans>
          </button>
        </div>
      )}
    </>
  )
}
