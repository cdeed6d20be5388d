import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type ActorRefFrom } from 'xstate'
import {
  isUploadedThumbnail,
  type Rejection,
  type staffColorThumbnailMachine,
  THUMBNAIL_MIME_TYPES,
} from '#machines/staff-color-thumbnail/staff-color-thumbnail.machine.ts'
import { THUMBNAILS_PATH } from '#shared/contracts/print-modes.contract.ts'

export type ColorThumbnailActor = ActorRefFrom<typeof staffColorThumbnailMachine>

/** Why a picked file was refused (it is not previewed): too large or not an accepted picture type. */
function ThumbnailRejection({ rejection }: { rejection: Rejection }) {
  return (
    <p id="color-thumbnail-rejection" className="field-error" role="alert">
      {rejection === 'too_large' ? (
        <Trans>Das Bild ist größer als 2 MB.</Trans>
      ) : (
        <Trans>Nur PNG-, JPEG- und WebP-Bilder sind möglich.</Trans>
      )}
    </p>
  )
}

/** Upload or discard a previewed picture; otherwise remove an uploaded one (a generated swatch has nothing to do). */
function ThumbnailActions({
  actor,
  previewing,
  uploaded,
  busy,
}: {
  actor: ColorThumbnailActor
  previewing: boolean
  uploaded: boolean
  busy: boolean
}) {
  return (
    <div className="staff-actions">
      {previewing && (
        <>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => actor.send({ type: 'thumb.upload' })}
          >
            <Trans>Hochladen</Trans>
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => actor.send({ type: 'thumb.cancel' })}
          >
            <Trans>Verwerfen</Trans>
          </button>
        </>
      )}
      {!previewing && uploaded && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => actor.send({ type: 'thumb.remove' })}
        >
          <Trans>Bild entfernen</Trans>
        </button>
      )}
    </div>
  )
}

/**
 * A colour's thumbnail (decision 0106): the stored picture, a picked one previewed before it is sent, upload and
 * remove. The view makes the preview's object URL (browser I/O); the machine frees it.
 */
export function ColorThumbnailView({ actor }: { actor: ColorThumbnailActor }) {
  const { t } = useLingui()
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const previewing = useSelector(actor, (snapshot) => snapshot.hasTag('previewing'))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const uploaded = isUploadedThumbnail(context.thumbnailPath)
  const pick = (files: FileList | null) => {
    const file = files?.[0]
    if (file === undefined) return
    actor.send({ type: 'thumb.choose', file, name: file.name, previewUrl: URL.createObjectURL(file) })
  }
  return (
    <section className="staff-page catalogue-thumbnail" aria-labelledby="color-thumbnail-title">
      <h2 id="color-thumbnail-title">
        <Trans>Vorschaubild</Trans>
      </h2>
      <figure>
        <img
          src={`${THUMBNAILS_PATH}${context.thumbnailPath}`}
          alt={t`Gespeichertes Vorschaubild`}
          width={96}
          height={96}
          data-testid="stored-thumbnail"
        />
        <figcaption>
          {uploaded ? <Trans>Hochgeladenes Bild</Trans> : <Trans>Erzeugtes Farbfeld</Trans>}
        </figcaption>
      </figure>
      <div className="field">
        <label htmlFor="color-thumbnail-file">
          <Trans>Bild wählen (PNG, JPEG oder WebP, höchstens 2 MB)</Trans>
        </label>
        <input
          id="color-thumbnail-file"
          type="file"
          accept={THUMBNAIL_MIME_TYPES.join(',')}
          disabled={busy}
          aria-describedby={context.rejection === null ? undefined : 'color-thumbnail-rejection'}
          onChange={(event) => {
            pick(event.target.files)
            event.target.value = ''
          }}
        />
        {context.rejection !== null && <ThumbnailRejection rejection={context.rejection} />}
      </div>
      {previewing && context.chosen !== null && (
        <figure>
          <img
            src={context.chosen.previewUrl}
            alt={t`Vorschau: ${context.chosen.name}`}
            width={96}
            height={96}
          />
          <figcaption>
            <Trans>Vorschau, noch nicht hochgeladen</Trans>
          </figcaption>
        </figure>
      )}
      {context.error !== null && (
        <p className="staff-warning" role="alert">
          <Trans>Das hat nicht geklappt ({context.error}).</Trans>
        </p>
      )}
      <ThumbnailActions actor={actor} previewing={previewing} uploaded={uploaded} busy={busy} />
    </section>
  )
}
