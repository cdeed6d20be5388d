import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { type AnalysisFile, type PictureKey, type RepairInfo } from '#shared/contracts/analysis.contract.ts'
import { analysisAssetUrl } from '#client/actors/api-paths.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatNumber } from '#client/common/money.ts'
import { showModalAndReturnFocus } from '#client/common/focus.ts'
import { pictureLabel } from './wall-thickness.tsx'
import { DownloadLink } from '#client/common/download-link.tsx'

/**
 * The repair report (spec part 1 §2 repair data, §3 repair info): the four counts, the repair pictures and the
 * repaired file to download, in a modal dialog (Escape or the close button closes it).
 */
export function RepairDialog({
  file,
  repairInfo,
  onClose,
}: {
  file: AnalysisFile
  repairInfo: RepairInfo
  onClose: () => void
}) {
  const { t } = useLingui()
  const id = useId()

  return (
    <dialog
      ref={showModalAndReturnFocus}
      className="repair-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="repair-dialog__header">
        <h2 id={`${id}-title`} tabIndex={-1} data-autofocus>
          <Trans>Reparaturbericht</Trans>
        </h2>
        <button
          type="button"
          className="notice__close"
          aria-label={t`Reparaturbericht schließen`}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p>
        <Trans>
          Ihr Modell hatte Fehler, die einen Druck verhindert hätten. Wir haben sie automatisch behoben:
        </Trans>
      </p>
      <RepairCounts repairInfo={repairInfo} />
      <RepairPictures repairInfo={repairInfo} />
      <div className="repair-dialog__actions">
        {file.files.repaired && (
          <DownloadLink className="button" href={analysisAssetUrl(file.files.repaired)}>
            <Trans>Reparierte Datei herunterladen</Trans>
          </DownloadLink>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          <Trans>Schließen</Trans>
        </button>
      </div>
    </dialog>
  )
}

/** The four counts of the repair. */
function RepairCounts({ repairInfo }: { repairInfo: RepairInfo }) {
  const locale = useLocale()
  const count = (value: number) => formatNumber(value, locale, { max: 0 })
  return (
    <dl className="repair-dialog__counts">
      <div>
        <dt>
          <Trans>Umgedrehte Flächen</Trans>
        </dt>
        <dd>{count(repairInfo.numberOfFlippedPolygons)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Entfernte flache, offene Hüllen</Trans>
        </dt>
        <dd>{count(repairInfo.numberOfRemovedFlatOpenShells)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Geschlossene Löcher</Trans>
        </dt>
        <dd>{count(repairInfo.numberOfClosedOpenLoops)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Zusammengeführte Punktpaare</Trans>
        </dt>
        <dd>{count(repairInfo.numberOfMergedVertexPairs)}</dd>
      </div>
    </dl>
  )
}

/** The pictures of the repaired places, if any. */
function RepairPictures({ repairInfo }: { repairInfo: RepairInfo }) {
  const { i18n, t } = useLingui()
  const pictures = Object.entries(repairInfo.repairImages) as [PictureKey, string][]
  if (pictures.length === 0) return null
  return (
    <ul className="repair-dialog__pictures">
      {pictures.map(([key, path]) => (
        <li key={key}>
          <img
            src={analysisAssetUrl(path)}
            alt={t`Reparierte Stellen, ${pictureLabel(key, i18n)}`}
            width={200}
            height={200}
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  )
}
