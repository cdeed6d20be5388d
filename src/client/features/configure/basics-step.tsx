import { focusOnAppear } from '#client/common/focus.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { OBJECT_NAME_MAX } from '#shared/contracts/analysis.contract.ts'
import { UNITS_OF_LENGTH } from '#shared/domain/limits.ts'
import { toMillimetres } from '#shared/domain/units.ts'
import { type ConfigureSession } from '#client/app/app-actors.tsx'
import { notificationTexts } from '#client/i18n/notification-texts.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import {
  drawnInQuestions,
  formatSize,
  scaledSize,
  unitNames,
  unitSymbols,
} from '#client/common/unit-texts.ts'

/**
 * Step 0 (spec part 1 §2, §5): the object name (trimmed when saved), the unit of length with the "was this drawn in
 * inches?" suggestion, and the repair agreement when the model was repaired; "Weiter" saves the file and creates the
 * current item (disabled until the agreement is ticked).
 */
export function BasicsStep({ session }: { session: ConfigureSession }) {
  const { configure } = session
  const { i18n, t } = useLingui()
  const id = useId()
  const name = useSelector(configure, (snapshot) => snapshot.context.name)
  const isBusy = useSelector(configure, (snapshot) => snapshot.hasTag('busy'))
  // "Next" waits for the wall thickness of a file measured while its analysis goes on (decision 0124 §2).
  const isCalculating = useSelector(configure, (snapshot) => snapshot.hasTag('analysis-pending'))
  const error = useSelector(configure, (snapshot) => snapshot.context.error)
  const canEditName = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.setName', name: '' }),
  )
  const canNext = useSelector(configure, (snapshot) => snapshot.can({ type: 'configure.next' }))

  return (
    <form
      className="configure-step"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        configure.send({ type: 'configure.next' })
      }}
    >
      <h2 id={`${id}-title`} tabIndex={-1} ref={focusOnAppear}>
        <Trans>Grunddaten</Trans>
      </h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>
          <Trans>Objektname</Trans>
        </label>
        <input
          id={`${id}-name`}
          type="text"
          value={name}
          maxLength={OBJECT_NAME_MAX}
          disabled={!canEditName}
          autoComplete="off"
          onChange={(event) => configure.send({ type: 'configure.setName', name: event.target.value })}
        />
      </div>
      <UnitChoice session={session} id={id} />
      <UnitSuggestion session={session} />
      <RepairAgreement session={session} id={id} />
      {error === 'configure-failure' && (
        <p className="notice notice--warning" role="alert">
          {i18n._(notificationTexts['configure-failure'].body)}
        </p>
      )}
      <div className="configure-step__actions">
        <button type="submit" className="button button--primary" disabled={!canNext} aria-busy={isBusy}>
          {isCalculating ? t`Wird berechnet …` : isBusy ? t`Wird gespeichert …` : t`Weiter`}
        </button>
      </div>
    </form>
  )
}

/** "Was this drawn in inches?": the size read both ways, one click to switch, or keep the unit. */
function UnitSuggestion({ session }: { session: ConfigureSession }) {
  const { configure } = session
  const { i18n } = useLingui()
  const locale = useLocale()
  const suggestion = useSelector(configure, (snapshot) => snapshot.context.unitSuggestion)
  const unit = useSelector(configure, (snapshot) => snapshot.context.unit)
  const scale = useSelector(configure, (snapshot) => snapshot.context.scale)
  const dimensions = useSelector(configure, (snapshot) => snapshot.context.file.analysedProperties.dimensions)
  const canAccept = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.acceptUnitSuggestion' }),
  )
  if (!suggestion) return null

  const size = scaledSize(dimensions, scale > 0 ? scale : 1)
  const inMillimetres = (readIn: typeof unit) => ({
    x: toMillimetres(size.x, readIn),
    y: toMillimetres(size.y, readIn),
    z: toMillimetres(size.z, readIn),
  })
  // The size in that unit, and in millimetres for comparison.
  const readAs = (readIn: typeof unit) =>
    readIn === 'mm'
      ? formatSize(size, 'mm', locale, i18n)
      : `${formatSize(size, readIn, locale, i18n)} (${formatSize(inMillimetres(readIn), 'mm', locale, i18n)})`
  const current = readAs(unit)
  const suggested = readAs(suggestion)
  const unitName = i18n._(unitSymbols[suggestion])

  return (
    <div className="notice notice--info unit-suggestion" role="status">
      <div>
        <p className="notice__title">{i18n._(drawnInQuestions[suggestion])}</p>
        <p>
          <Trans>
            In der eingestellten Einheit ist Ihr Modell {current} groß. In der vorgeschlagenen Einheit wäre es{' '}
            {suggested} groß.
          </Trans>
        </p>
        <div className="unit-suggestion__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!canAccept}
            onClick={() => configure.send({ type: 'configure.acceptUnitSuggestion' })}
          >
            <Trans>Auf {unitName} umstellen</Trans>
          </button>
          <button
            type="button"
            className="button"
            disabled={!canAccept}
            onClick={() => configure.send({ type: 'configure.dismissUnitSuggestion' })}
          >
            <Trans>Einheit beibehalten</Trans>
          </button>
        </div>
      </div>
    </div>
  )
}

/** The unit of length the file was drawn in. */
function UnitChoice({ session, id }: { session: ConfigureSession; id: string }) {
  const { configure } = session
  const { i18n } = useLingui()
  const unit = useSelector(configure, (snapshot) => snapshot.context.unit)
  const canSetUnit = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.setUnit', unit: 'mm' }),
  )
  return (
    <fieldset className="field unit-choice" disabled={!canSetUnit}>
      <legend>
        <Trans>Maßeinheit der Datei</Trans>
      </legend>
      {UNITS_OF_LENGTH.map((option) => (
        <label key={option}>
          <input
            type="radio"
            name={`${id}-unit`}
            checked={unit === option}
            onChange={() => configure.send({ type: 'configure.setUnit', unit: option })}
          />
          {i18n._(unitNames[option])}
        </label>
      ))}
    </fieldset>
  )
}

/** The agreement to the automatic repair, shown only when the model was repaired. */
function RepairAgreement({ session, id }: { session: ConfigureSession; id: string }) {
  const { configure } = session
  const hasRepairInfo = useSelector(configure, (snapshot) => snapshot.context.file.repairInfo !== null)
  const agreed = useSelector(configure, (snapshot) => snapshot.context.acknowledgedRepairInfo)
  const canToggle = useSelector(configure, (snapshot) =>
    snapshot.can({ type: 'configure.toggleRepairAgreement' }),
  )
  if (!hasRepairInfo) return null
  return (
    <div className="field repair-agreement">
      <input
        id={`${id}-repair`}
        type="checkbox"
        checked={agreed}
        disabled={!canToggle}
        onChange={() => configure.send({ type: 'configure.toggleRepairAgreement' })}
      />
      <label htmlFor={`${id}-repair`}>
        <Trans>
          Mein Modell wurde automatisch repariert. Ich habe den Reparaturbericht gesehen und bin mit der
          reparierten Fassung einverstanden.
        </Trans>
      </label>
    </div>
  )
}
