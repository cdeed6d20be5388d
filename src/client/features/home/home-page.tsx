import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { ALLOWED_MODEL_EXTENSIONS, MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { pageTitles } from '#client/router/page-titles.ts'
import './home-page.css'

/** Home: the upload hero (the upload itself comes with the upload issue) and, later, CMS content. */
export function HomePage() {
  const { orderProcess } = useAppActors()
  const { i18n } = useLingui()
  const maxMegabytes = MAX_UPLOAD_BYTES / 1_000_000
  const extensions = ALLOWED_MODEL_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ')
  const canStartUpload = useSelector(orderProcess, (snapshot) => snapshot.can({ type: 'order.startUpload' }))
  const canCloseUpload = useSelector(orderProcess, (snapshot) => snapshot.can({ type: 'order.closeUpload' }))

  return (
    <section className="home-hero" aria-labelledby="home-title">
      <h1 id="home-title">{i18n._(pageTitles.home)}</h1>
      <p className="home-hero__lead">
        <Trans>
          Laden Sie Ihr 3D-Modell hoch, wählen Sie Material und Druckverfahren und sehen Sie sofort Preis und
          Produktionszeit.
        </Trans>
      </p>
      {canStartUpload && (
        <button
          type="button"
          className="button button--primary home-hero__upload"
          onClick={() => orderProcess.send({ type: 'order.startUpload' })}
        >
          <Trans>3D-Datei auswählen</Trans>
        </button>
      )}
      {canCloseUpload && (
        <div className="home-hero__upload-panel">
          <p>
            <Trans>
              Hier entsteht der Upload: Dateien bis {maxMegabytes} MB in den Formaten {extensions}.
            </Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => orderProcess.send({ type: 'order.closeUpload' })}
          >
            <Trans>Upload schließen</Trans>
          </button>
        </div>
      )}
    </section>
  )
}
