import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  EMPTY_SHEET_CELLS,
  type staffSheetEditorMachine,
} from '#machines/staff-sheet-editor/staff-sheet-editor.machine.ts'
import { StaffLoading } from '../staff-status.tsx'

type SheetEditorActor = ActorRefFrom<typeof staffSheetEditorMachine>

/**
 * A print mode without a sheet (decision 0116): start its first version empty (the result cells pricing needs) or
 * as a copy of another print mode's published sheet. Publishing the draft then saves version 1.
 */
export function SheetStart({ actor }: { actor: SheetEditorActor }) {
  const { i18n } = useLingui()
  const id = useId()
  const loadingSources = useSelector(actor, (snapshot) => snapshot.hasTag('loading'))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const sources = useSelector(actor, (snapshot) => snapshot.context.sources)
  const required = EMPTY_SHEET_CELLS.map((cell) => cell.name).join(', ')
  const locale = i18n.locale as 'de' | 'en' | 'fr'
  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`} data-testid="sheet-start">
      <h2 id={`${id}-title`}>
        <Trans>Noch keine Preistabelle</Trans>
      </h2>
      <p>
        <Trans>
          Dieses Druckverfahren hat noch keine Preistabelle. Beginnen Sie die erste Version; sie gilt erst,
          wenn Sie sie veröffentlichen.
        </Trans>
      </p>
      <div className="form__actions staff-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => actor.send({ type: 'sheet.startEmpty' })}
        >
          <Trans>Leere Tabelle</Trans>
        </button>
      </div>
      <p>
        <Trans>
          Eine leere Tabelle beginnt mit den Ergebniszellen, die die Preisberechnung braucht: {required}.
        </Trans>
      </p>
      <h3>
        <Trans>Oder eine veröffentlichte Tabelle kopieren</Trans>
      </h3>
      {loadingSources ? (
        <StaffLoading />
      ) : sources.length === 0 ? (
        <p>
          <Trans>Kein anderes Druckverfahren hat eine veröffentlichte Preistabelle.</Trans>
        </p>
      ) : (
        <ul className="staff-list">
          {sources.map((source) => {
            const name = source.name[locale] ?? source.name.de
            return (
              <li key={source.printModeId}>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'sheet.startCopy', versionId: source.versionId })}
                >
                  <Trans>Kopie von {name}</Trans>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
