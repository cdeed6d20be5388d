import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type SheetEditorActor } from './sheet-editor-view.tsx'
import { formatDateTime } from './staff-format.ts'

const formulaText = (formula: string | number | null) => (formula === null ? '–' : String(formula))

function VersionDiff({ actor }: { actor: SheetEditorActor }) {
  const diff = useSelector(actor, (snapshot) => snapshot.context.diff)
  if (diff === null) return null
  return (
    <section className="staff-panel" aria-labelledby="sheet-diff-title">
      <h3 id="sheet-diff-title">
        <Trans>
          Unterschiede von Version {diff.from.version} zu Version {diff.to.version}
        </Trans>
      </h3>
      {diff.cells.length === 0 ? (
        <p>
          <Trans>Keine Unterschiede in den Zellen.</Trans>
        </p>
      ) : (
        <table className="sheet-grid">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Zelle</Trans>
              </th>
              <th scope="col">
                <Trans>Vorher</Trans>
              </th>
              <th scope="col">
                <Trans>Nachher</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {diff.cells.map((cell) => (
              <tr key={cell.name} className={`sheet-diff--${cell.kind}`}>
                <th scope="row">{cell.name}</th>
                <td>{formulaText(cell.before)}</td>
                <td>{formulaText(cell.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** The version history: compare a version with the published one, restore an old one as a new version. */
export function SheetHistory({ actor }: { actor: SheetEditorActor }) {
  const { i18n } = useLingui()
  const versions = useSelector(actor, (snapshot) => snapshot.context.versions)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const current = versions.find((version) => version.current)
  return (
    <section className="staff-panel" aria-labelledby="sheet-history-title">
      <h2 id="sheet-history-title">
        <Trans>Versionen</Trans>
      </h2>
      <ul className="staff-list">
        {versions.map((version) => (
          <li key={version.id}>
            <span>
              <Trans>
                Version {version.version} vom {formatDateTime(version.createdAt, i18n.locale)}
              </Trans>
              {version.current && (
                <strong>
                  {' '}
                  <Trans>(veröffentlicht)</Trans>
                </strong>
              )}
            </span>
            {!version.current && current !== undefined && (
              <span className="staff-list__actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    actor.send({ type: 'sheet.compare', versionId: current.id, againstId: version.id })
                  }
                >
                  <Trans>Mit veröffentlichter vergleichen</Trans>
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'sheet.restore', versionId: version.id })}
                >
                  <Trans>Als neue Version wiederherstellen</Trans>
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <VersionDiff actor={actor} />
      <button type="button" className="button" onClick={() => actor.send({ type: 'sheet.closeHistory' })}>
        <Trans>Zurück zur Tabelle</Trans>
      </button>
    </section>
  )
}
