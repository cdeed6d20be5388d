import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type ChangeEvent, type DragEvent, type RefObject, useId, useRef, useState } from 'react'
import { REPAIR_TASK_MESSAGE } from '#shared/contracts/analysis.contract.ts'
import { ALLOWED_MODEL_EXTENSIONS, MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'
import { UPLOAD_INPUT_ATTRIBUTE } from '#client/actors/file-picker.ts'
import { type UploadActor, useAppActors } from '#client/app/app-actors.tsx'
import { useSlot } from '#client/common/slot.ts'
import { uploadFailureText } from './upload-failure-texts.ts'
import { taskMessageTexts } from './upload-texts.ts'
import './upload.css'

/** The file input accepts the model formats the shop takes (the machine checks again, case-insensitive). */
const ACCEPT = ALLOWED_MODEL_EXTENSIONS.map((extension) => `.${extension}`).join(',')
/** `can` needs a file: any acceptable one answers whether a file may be chosen now. */
const PROBE_FILE = { name: 'probe.stl', size: 1 }

const inputProps = { [UPLOAD_INPUT_ATTRIBUTE]: '' }

/**
 * The upload (spec part 1 §2 upload hero, §4 upload progress states, §5 file checks): choose a file or drop one, or
 * start the demo object; while it uploads and is analysed, the status, every task message (repairing as a warning), a
 * progress bar and abort; a refused or failed upload says why. Used by the desktop hero and the mobile order panel.
 */
export function UploadPanel({ variant }: { variant: 'hero' | 'sidebar' }) {
  const actors = useAppActors()
  const upload = useSlot(actors.upload)
  const { t } = useLingui()
  const inputRef = useRef<HTMLInputElement>(null)
  const [isDragging, setDragging] = useState(false)
  const canChoose = useSelector(upload, (snapshot) =>
    snapshot.can({ type: 'upload.selectFile', file: PROBE_FILE }),
  )
  const canStartDemo = useSelector(upload, (snapshot) => snapshot.can({ type: 'upload.startDemo' }))
  const isBusy = useSelector(upload, (snapshot) => snapshot.hasTag('busy'))

  const choose = (file: File | undefined) => {
    if (file) upload.send({ type: 'upload.selectFile', file })
  }
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files?.[0])
    // The same file may be chosen again after an abort.
    event.target.value = ''
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (canChoose) choose(event.dataTransfer.files[0])
  }
  const maxMegabytes = MAX_UPLOAD_BYTES / 1_000_000
  const extensions = ALLOWED_MODEL_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ')

  return (
    <div className={`upload-panel upload-panel--${variant}`} data-upload-surface="">
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={onInput}
        aria-label={t`3D-Datei auswählen`}
        {...inputProps}
      />
      <UploadProblem upload={upload} />
      {isBusy ? (
        <UploadProgress upload={upload} />
      ) : (
        <div
          className="upload-drop"
          data-dragging={isDragging}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p className="upload-drop__title">
            <Trans>Ziehen Sie Ihr 3D-Modell hierher oder wählen Sie eine Datei.</Trans>
          </p>
          <UploadDropActions
            upload={upload}
            inputRef={inputRef}
            canChoose={canChoose}
            canStartDemo={canStartDemo}
          />
          <p className="upload-drop__hint">
            <Trans>
              Formate: {extensions} · bis {maxMegabytes} MB
            </Trans>
          </p>
        </div>
      )}
    </div>
  )
}

/** Choose a file (opens the hidden file input) or start the demo object, each only when the machine allows it. */
function UploadDropActions({
  upload,
  inputRef,
  canChoose,
  canStartDemo,
}: {
  upload: UploadActor
  inputRef: RefObject<HTMLInputElement | null>
  canChoose: boolean
  canStartDemo: boolean
}) {
  return (
    <div className="upload-drop__actions">
      <button
        type="button"
        className="button button--primary"
        disabled={!canChoose}
        onClick={() => inputRef.current?.click()}
        // Enter activates a button on keydown, and the picker opened then lost the key's rest in Chromium:
        // open it on keyup as Space does (the keydown's user activation still holds) (issue 14, item 9).
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
        onKeyUp={(event) => {
          if (event.key === 'Enter') inputRef.current?.click()
        }}
      >
        <Trans>3D-Datei auswählen</Trans>
      </button>
      <button
        type="button"
        className="button"
        disabled={!canStartDemo}
        onClick={() => upload.send({ type: 'upload.startDemo' })}
      >
        <Trans>Demo-Objekt ausprobieren</Trans>
      </button>
    </div>
  )
}

/** A refused file (too large, unsupported type) or a failed upload. */
function UploadProblem({ upload }: { upload: UploadActor }) {
  const { i18n, t } = useLingui()
  const isRejected = useSelector(upload, (snapshot) => snapshot.matches({ beforeUpload: 'rejected' }))
  const isFailed = useSelector(upload, (snapshot) => snapshot.matches({ beforeUpload: 'failed' }))
  const error = useSelector(upload, (snapshot) => snapshot.context.error)
  const fileName = useSelector(upload, (snapshot) => snapshot.context.file?.name ?? null)
  const cause = useSelector(upload, (snapshot) => snapshot.context.errorCause)
  const canReset = useSelector(upload, (snapshot) => snapshot.can({ type: 'upload.reset' }))
  if (!error || !(isRejected || isFailed)) return null
  const failure = uploadFailureText(error, cause)

  return (
    <div
      className={`notice ${isRejected ? 'notice--danger' : 'notice--warning'} upload-problem`}
      role="alert"
    >
      {/* One text: the file, why it failed and what to do (no generic sentence around the code's own text). */}
      <div>
        {fileName && <p className="upload-problem__file">{fileName}</p>}
        <p className={isFailed ? 'notice__title' : undefined}>{i18n._(failure.why)}</p>
        {failure.todo && <p>{i18n._(failure.todo)}</p>}
      </div>
      {canReset && (
        <button
          type="button"
          className="notice__close"
          aria-label={t`Meldung schließen`}
          onClick={() => upload.send({ type: 'upload.reset' })}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  )
}

/** Uploading, the demo's "analyzing" and the analysis: status, messages, progress bar and abort. */
function UploadProgress({ upload }: { upload: UploadActor }) {
  const { i18n, t } = useLingui()
  const id = useId()
  const isUploading = useSelector(upload, (snapshot) => snapshot.hasTag('uploading'))
  const progress = useSelector(upload, (snapshot) => Math.round(snapshot.context.progress))
  const messages = useSelector(upload, (snapshot) => snapshot.context.messages)
  const isDemo = useSelector(upload, (snapshot) => snapshot.context.isDemo)
  const fileName = useSelector(upload, (snapshot) => snapshot.context.file?.name ?? null)
  const repairWarning = useSelector(upload, (snapshot) => snapshot.hasTag('repair-warning'))
  const canAbort = useSelector(upload, (snapshot) => snapshot.can({ type: 'upload.abort' }))
  const latest = messages[messages.length - 1]

  const status = isUploading
    ? t`Datei wird hochgeladen …`
    : latest
      ? i18n._(taskMessageTexts[latest])
      : isDemo
        ? t`Demo-Objekt wird analysiert …`
        : t`Datei wird analysiert …`

  return (
    <div className="upload-progress">
      {fileName && <p className="upload-progress__file">{fileName}</p>}
      <p className="upload-progress__status" id={`${id}-status`} role="status">
        {status}
      </p>
      <div className="upload-progress__row">
        <div
          className="upload-progress__track"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress} %`}
          aria-labelledby={`${id}-status`}
        >
          <div className="upload-progress__bar" style={{ width: `${progress}%` }} />
        </div>
        <span className="upload-progress__percent" aria-hidden="true">
          {progress} %
        </span>
      </div>
      {messages.length > 0 && (
        <ol className="upload-progress__messages" aria-label={t`Analyseschritte`}>
          {messages.map((message) => (
            <li
              key={message}
              className={message === REPAIR_TASK_MESSAGE ? 'upload-progress__message--warning' : undefined}
            >
              {i18n._(taskMessageTexts[message])}
            </li>
          ))}
        </ol>
      )}
      {repairWarning && (
        <p className="notice notice--warning">
          <Trans>Ihre Datei wird gerade automatisch repariert. Das kann einen Moment dauern.</Trans>
        </p>
      )}
      <button
        type="button"
        className="button upload-progress__abort"
        disabled={!canAbort}
        onClick={() => upload.send({ type: 'upload.abort' })}
      >
        <Trans>Abbrechen</Trans>
      </button>
    </div>
  )
}
