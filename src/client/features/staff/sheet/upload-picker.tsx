import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  type staffUploadPickerMachine,
  UPLOAD_PICKER_PAGE_SIZE,
} from '#machines/staff-sheet-editor/upload-picker.machine.ts'
import { type StaffUpload } from '#shared/contracts/staff-sheet.contract.ts'
import { formatDateTime } from '../staff-format.ts'
import { StaffLoadFailed, StaffLoading } from '../staff-status.tsx'

export type UploadPickerActor = ActorRefFrom<typeof staffUploadPickerMachine>

/** Millimetres without trailing noise from the unit conversion. */
const formatMm = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)

/** mm³ as cm³: the size a person reads a part's volume in. */
const formatCm3 = (valueMm3: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(valueMm3 / 1000)

function UploadRow({ upload, onPick }: { upload: StaffUpload; onPick: (upload: StaffUpload) => void }) {
  const { i18n } = useLingui()
  const { locale } = i18n
  const { measures } = upload
  const size = `${formatMm(measures.xMm, locale)} × ${formatMm(measures.yMm, locale)} × ${formatMm(measures.zMm, locale)}`
  const volume = formatCm3(measures.internalVolumeMm3, locale)
  const triangles = new Intl.NumberFormat(locale).format(upload.triangles)
  return (
    <li className="upload-picker__item">
      <div>
        <strong>{upload.name}</strong>{' '}
        <span className="upload-picker__meta">{formatDateTime(upload.createdAt, locale)}</span>
        <br />
        <span className="upload-picker__meta">
          <Trans>
            {size} mm, Volumen {volume} cm³, {triangles} Dreiecke
          </Trans>
        </span>
      </div>
      <button type="button" className="button" onClick={() => onPick(upload)}>
        <Trans>Wählen</Trans>
        <span className="visually-hidden"> {upload.name}</span>
      </button>
    </li>
  )
}

function UploadPage({
  picker,
  onPick,
}: {
  picker: UploadPickerActor
  onPick: (upload: StaffUpload) => void
}) {
  const uploads = useSelector(picker, (snapshot) => snapshot.context.uploads)
  const total = useSelector(picker, (snapshot) => snapshot.context.total)
  const offset = useSelector(picker, (snapshot) => snapshot.context.offset)
  const canPrevious = useSelector(picker, (snapshot) => snapshot.can({ type: 'picker.previous' }))
  const canNext = useSelector(picker, (snapshot) => snapshot.can({ type: 'picker.next' }))
  const from = offset + 1
  const to = Math.min(offset + UPLOAD_PICKER_PAGE_SIZE, total)
  return (
    <>
      <ul className="upload-picker__list">
        {uploads.map((upload) => (
          <UploadRow key={upload.id} upload={upload} onPick={onPick} />
        ))}
      </ul>
      <div className="upload-picker__paging">
        <button
          type="button"
          className="button button--link"
          disabled={!canPrevious}
          onClick={() => picker.send({ type: 'picker.previous' })}
        >
          <Trans>Neuere</Trans>
        </button>
        <span>
          <Trans>
            {from}–{to} von {total}
          </Trans>
        </span>
        <button
          type="button"
          className="button button--link"
          disabled={!canNext}
          onClick={() => picker.send({ type: 'picker.next' })}
        >
          <Trans>Ältere</Trans>
        </button>
      </div>
    </>
  )
}

/**
 * The object picker (decision 0114): a search over recently analysed uploads; picking one hands its measures to
 * the sheet editor (`onPick`) and closes the list.
 */
export function UploadPicker({
  picker,
  onPick,
}: {
  picker: UploadPickerActor
  onPick: (upload: StaffUpload) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const mode = useSelector(picker, (snapshot) =>
    !snapshot.hasTag('open')
      ? 'closed'
      : snapshot.hasTag('loading')
        ? 'loading'
        : snapshot.hasTag('load-failed')
          ? 'failed'
          : snapshot.hasTag('empty')
            ? 'empty'
            : 'list',
  )
  const query = useSelector(picker, (snapshot) => snapshot.context.query)
  if (mode === 'closed') {
    return (
      <button type="button" className="button" onClick={() => picker.send({ type: 'picker.open' })}>
        <Trans>Hochgeladenes Objekt wählen</Trans>
      </button>
    )
  }
  const pick = (upload: StaffUpload) => {
    onPick(upload)
    picker.send({ type: 'picker.close' })
  }
  return (
    <div className="upload-picker" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <Trans>Hochgeladene Objekte</Trans>
      </h3>
      <div className="staff-inline-form">
        <label className="field">
          <span>
            <Trans>Dateiname enthält</Trans>
          </span>
          <input
            type="search"
            value={query}
            placeholder={t`z. B. halter`}
            onChange={(event) => picker.send({ type: 'picker.search', query: event.target.value })}
          />
        </label>
        <button type="button" className="button" onClick={() => picker.send({ type: 'picker.close' })}>
          <Trans>Schließen</Trans>
        </button>
      </div>
      {mode === 'loading' && <StaffLoading />}
      {mode === 'failed' && <StaffLoadFailed onRetry={() => picker.send({ type: 'picker.retry' })} />}
      {mode === 'empty' && (
        <p className="staff-status" role="status">
          {query.trim() === '' ? (
            <Trans>Es gibt noch keine analysierten Uploads.</Trans>
          ) : (
            <Trans>Kein analysierter Upload passt zu „{query}“.</Trans>
          )}
        </p>
      )}
      {mode === 'list' && <UploadPage picker={picker} onPick={pick} />}
    </div>
  )
}
