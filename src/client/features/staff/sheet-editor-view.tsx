import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  issuesByCell,
  type staffSheetEditorMachine,
  type TestParameterKey,
} from '#machines/staff-sheet-editor/staff-sheet-editor.machine.ts'
import { type PricingTestParametersInput } from '#shared/contracts/staff-catalogue.contract.ts'
import { type ReplaySheetResponse } from '#shared/contracts/staff-sheet.contract.ts'
import { formatEuros } from './staff-format.ts'
import { ReplayChart } from './replay-chart.tsx'
import { SheetHistory } from './sheet-history.tsx'
import { UploadPicker, type UploadPickerActor } from './sheet/upload-picker.tsx'
import { SheetStart } from './sheet/sheet-start.tsx'
import { SHEET_ISSUE_TEXTS, UNKNOWN_SHEET_ISSUE } from './sheet-issue-texts.ts'
import { StaffLoadFailed, StaffLoading } from './staff-status.tsx'

export type SheetEditorActor = ActorRefFrom<typeof staffSheetEditorMachine>

/** One row of the grid: name, formula, and the value or the error at the cell. */
function CellRow({ actor, index }: { actor: SheetEditorActor; index: number }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const cell = useSelector(actor, (snapshot) => snapshot.context.cells[index])
  const outcome = useSelector(actor, (snapshot) =>
    snapshot.context.evaluation?.cells.find((evaluated) => evaluated.name === cell?.name),
  )
  const issue = useSelector(actor, (snapshot) => issuesByCell(snapshot.context).get(cell?.name ?? ''))
  if (cell === undefined) return null
  const reason = issue ?? outcome?.reason
  const errorId = `${id}-error`
  const edit = (name: string, formula: string) => actor.send({ type: 'sheet.editCell', index, name, formula })
  return (
    <tr className={reason === undefined ? undefined : 'sheet-grid__row--error'}>
      <td>
        <input
          aria-label={t`Zellname`}
          value={cell.name}
          onChange={(event) => edit(event.target.value, String(cell.formula))}
        />
      </td>
      <td>
        <input
          aria-label={t`Formel von ${cell.name}`}
          className="sheet-grid__formula"
          value={String(cell.formula)}
          aria-invalid={reason === undefined ? undefined : true}
          aria-describedby={reason === undefined ? undefined : errorId}
          onChange={(event) => edit(cell.name, event.target.value)}
        />
      </td>
      <td className="sheet-grid__value">
        {reason === undefined ? (
          String(outcome?.value ?? '')
        ) : (
          <span id={errorId} className="sheet-grid__error" data-cell={cell.name}>
            {i18n._(SHEET_ISSUE_TEXTS[reason] ?? UNKNOWN_SHEET_ISSUE)}
          </span>
        )}
      </td>
      <td>
        <button
          type="button"
          className="button button--link"
          onClick={() => actor.send({ type: 'sheet.removeCell', index })}
        >
          <Trans>Entfernen</Trans>
        </button>
      </td>
    </tr>
  )
}

function SheetGrid({ actor }: { actor: SheetEditorActor }) {
  const count = useSelector(actor, (snapshot) => snapshot.context.cells.length)
  return (
    <section className="staff-panel" aria-labelledby="sheet-grid-title">
      <h2 id="sheet-grid-title">
        <Trans>Zellen</Trans>
      </h2>
      <table className="sheet-grid">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            <th scope="col">
              <Trans>Formel</Trans>
            </th>
            <th scope="col">
              <Trans>Wert</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Aktion</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: count }, (_, index) => (
            <CellRow key={index} actor={actor} index={index} />
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={() => actor.send({ type: 'sheet.addCell' })}>
        <Trans>Zelle hinzufügen</Trans>
      </button>
    </section>
  )
}

const PARAMETER_KEYS: readonly TestParameterKey[] = [
  'xMm',
  'yMm',
  'zMm',
  'internalVolumeMm3',
  'externalVolumeMm3',
  'surfaceAreaMm2',
  'minXMm',
  'maxXMm',
  'maxYMm',
]

function useParameterLabels(): Record<TestParameterKey, string> {
  const { t } = useLingui()
  return {
    xMm: t`Abmessung X (mm)`,
    yMm: t`Abmessung Y (mm)`,
    zMm: t`Abmessung Z (mm)`,
    internalVolumeMm3: t`Inneres Volumen (mm³)`,
    externalVolumeMm3: t`Äußeres Volumen (mm³)`,
    surfaceAreaMm2: t`Oberfläche (mm²)`,
    minXMm: t`Min X (mm)`,
    maxXMm: t`Max X (mm)`,
    maxYMm: t`Max Y (mm)`,
  }
}

/** The uploaded object the parameters come from, and how to go back to typed ones. */
function PickedObject({ actor }: { actor: SheetEditorActor }) {
  const object = useSelector(actor, (snapshot) => snapshot.context.object)
  if (object === null) return null
  return (
    <p className="staff-result" data-testid="picked-object">
      <Trans>Werte von „{object.name}“; eine Änderung von Hand löst sie vom Objekt.</Trans>{' '}
      <button
        type="button"
        className="button button--link"
        onClick={() => actor.send({ type: 'sheet.pickObject', object: null })}
      >
        <Trans>Objekt lösen</Trans>
      </button>
    </p>
  )
}

/**
 * The pricing test parameters (part 2 §3), editable by hand, and the picker that fills them from a real uploaded
 * object (decision 0114).
 */
function TestInputs({ actor, picker }: { actor: SheetEditorActor; picker: UploadPickerActor }) {
  const id = useId()
  const labels = useParameterLabels()
  const parameters = useSelector(
    actor,
    (snapshot) => snapshot.context.testParameters ?? snapshot.context.evaluation?.testParameters ?? null,
  )
  const change = (key: TestParameterKey, value: string) => {
    const number = Number(value)
    if (parameters === null || value.trim() === '' || !Number.isFinite(number) || number < 0) return
    const next: PricingTestParametersInput = { ...parameters, [key]: number }
    actor.send({ type: 'sheet.setTestParameters', testParameters: next })
  }
  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Testparameter</Trans>
      </h2>
      <PickedObject actor={actor} />
      <div className="staff-fields">
        {PARAMETER_KEYS.map((key) => (
          <label key={key} className="field">
            <span>{labels[key]}</span>
            <input
              type="number"
              min={0}
              disabled={parameters === null}
              value={parameters?.[key] ?? ''}
              onChange={(event) => change(key, event.target.value)}
            />
          </label>
        ))}
      </div>
      <UploadPicker
        picker={picker}
        onPick={(upload) => actor.send({ type: 'sheet.pickObject', object: upload })}
      />
    </section>
  )
}

/** The draft's price for the test inputs, or why it has none. */
function EvaluationResult({ actor }: { actor: SheetEditorActor }) {
  const { i18n } = useLingui()
  const evaluating = useSelector(actor, (snapshot) => snapshot.hasTag('evaluating'))
  const evaluation = useSelector(actor, (snapshot) => snapshot.context.evaluation)
  const issues = evaluation?.issues.length ?? 0
  return (
    <p className="staff-result" role="status" aria-live="polite">
      {evaluating ? (
        <Trans>Wird berechnet …</Trans>
      ) : evaluation?.result ? (
        <Trans>
          Stückpreis netto {formatEuros(evaluation.result.netUnitCents, i18n.locale)}, Produktionszeit{' '}
          {evaluation.result.productionDays} Tage
        </Trans>
      ) : issues > 0 ? (
        <Trans>Die Tabelle hat {issues} Fehler; sie kann so nicht veröffentlicht werden.</Trans>
      ) : null}
    </p>
  )
}

/** Where the replayed prices come from (decision 0114): items of open carts and lines of placed orders. */
function ReplaySources({ sources }: { sources: ReplaySheetResponse['sources'] }) {
  return (
    <dl className="replay-sources" data-testid="replay-sources">
      <dt>
        <Trans>Aus offenen Warenkörben</Trans>
      </dt>
      <dd>{sources.cart}</dd>
      <dt>
        <Trans>Aus Bestellungen</Trans>
      </dt>
      <dd>{sources.order}</dd>
    </dl>
  )
}

function ReplayResult({ actor }: { actor: SheetEditorActor }) {
  const replay = useSelector(actor, (snapshot) => snapshot.context.replay)
  if (replay === null) return null
  return (
    <section className="staff-panel" aria-labelledby="replay-title">
      <h2 id="replay-title">
        <Trans>Wirkung auf die letzten Preise</Trans>
      </h2>
      <p>
        <Trans>
          Von {replay.total} Konfigurationen ändern sich {replay.changed}, {replay.unchanged} bleiben gleich,{' '}
          {replay.failed} könnten nicht berechnet werden.
        </Trans>
      </p>
      <div className="replay-result">
        <ReplayChart histogram={replay.histogram} />
        <ReplaySources sources={replay.sources} />
      </div>
    </section>
  )
}

function EditorActions({ actor }: { actor: SheetEditorActor }) {
  const canPublish = useSelector(actor, (snapshot) => snapshot.can({ type: 'sheet.publish' }))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const hasVersions = useSelector(actor, (snapshot) => snapshot.context.versions.length > 0)
  return (
    <div className="form__actions staff-actions">
      <button
        type="button"
        className="button button--primary"
        disabled={!canPublish || busy}
        onClick={() => actor.send({ type: 'sheet.publish' })}
      >
        {busy ? <Trans>Bitte warten …</Trans> : <Trans>Veröffentlichen</Trans>}
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => actor.send({ type: 'sheet.replay' })}
      >
        <Trans>Wirkung auf die letzten Preise prüfen</Trans>
      </button>
      {hasVersions && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => actor.send({ type: 'sheet.openHistory' })}
        >
          <Trans>Versionen</Trans>
        </button>
      )}
    </div>
  )
}

/** The price-sheet editor (issue 17) in the machine's state: stories start the actor in a path-model state. */
export function SheetEditorView({
  actor,
  picker,
  title,
}: {
  actor: SheetEditorActor
  /** The object picker beside the test parameters (decision 0114). */
  picker: UploadPickerActor
  title: string
}) {
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('start')
      ? 'start'
      : snapshot.hasTag('loading')
        ? 'loading'
        : snapshot.hasTag('load-failed')
          ? 'loadFailed'
          : snapshot.hasTag('history')
            ? 'history'
            : 'editor',
  )
  const version = useSelector(actor, (snapshot) => snapshot.context.current?.version)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  return (
    <section className="staff-page" aria-labelledby="sheet-editor-title">
      <h1 id="sheet-editor-title">
        <Trans>Preistabelle: {title}</Trans>
      </h1>
      {mode === 'loading' && <StaffLoading />}
      {mode === 'loadFailed' && <StaffLoadFailed onRetry={() => actor.send({ type: 'sheet.reload' })} />}
      {mode !== 'loading' && mode !== 'loadFailed' && (
        <>
          <p>
            {version === undefined ? (
              <Trans>Noch keine veröffentlichte Version</Trans>
            ) : (
              <Trans>Veröffentlichte Version: {version}</Trans>
            )}
          </p>
          {error !== null && (
            <p className="staff-warning" role="alert">
              <Trans>Das hat nicht geklappt. Bitte versuchen Sie es erneut.</Trans>
            </p>
          )}
        </>
      )}
      {mode === 'editor' && (
        <>
          <SheetGrid actor={actor} />
          <EvaluationResult actor={actor} />
          <EditorActions actor={actor} />
          <TestInputs actor={actor} picker={picker} />
          <ReplayResult actor={actor} />
        </>
      )}
      {mode === 'start' && <SheetStart actor={actor} />}
      {mode === 'history' && <SheetHistory actor={actor} />}
    </section>
  )
}
