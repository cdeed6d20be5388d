import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent } from 'react'
import { type ActorRefFrom } from 'xstate'
import {
  type AuditFilterField,
  isRangeValid,
  pageCountOf,
  type staffAuditLogMachine,
} from '#machines/staff-audit-log/staff-audit-log.machine.ts'
import { type AuditEntry } from '#shared/contracts/staff-audit.contract.ts'
import { formatDateTime } from './staff-format.ts'
import { StaffPager } from './staff-pager.tsx'
import { StaffLoadFailed, StaffLoading } from './staff-status.tsx'

export type AuditLogActor = ActorRefFrom<typeof staffAuditLogMachine>

function AuditFilters({ actor }: { actor: AuditLogActor }) {
  const { t } = useLingui()
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft)
  const canApply = useSelector(actor, (snapshot) => snapshot.can({ type: 'list.apply' }))
  const fields: { field: AuditFilterField; label: string; type: 'text' | 'date' }[] = [
    { field: 'actor', label: t`Mitarbeiter (Benutzername)`, type: 'text' },
    { field: 'entity', label: t`Bereich (z. B. print-mode, colors)`, type: 'text' },
    { field: 'from', label: t`Von`, type: 'date' },
    { field: 'to', label: t`Bis`, type: 'date' },
  ]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'list.apply' })
  }
  return (
    <form className="staff-fields staff-filters" onSubmit={submit} noValidate>
      {fields.map(({ field, label, type }) => (
        <label key={field} className="field">
          <span>{label}</span>
          <input
            type={type}
            value={draft[field]}
            aria-invalid={field === 'to' && !isRangeValid(draft) ? true : undefined}
            onChange={(event) => actor.send({ type: 'list.changeFilter', field, value: event.target.value })}
          />
        </label>
      ))}
      {!isRangeValid(draft) && (
        <p className="staff-warning" role="alert">
          <Trans>Das Ende des Zeitraums liegt vor seinem Anfang.</Trans>
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!canApply}>
          <Trans>Filtern</Trans>
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'list.reset' })}>
          <Trans>Zurücksetzen</Trans>
        </button>
      </div>
    </form>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui()
  return (
    <tr>
      <td>{formatDateTime(entry.at, i18n.locale)}</td>
      <td>{entry.actor.username}</td>
      <td>{entry.action}</td>
      <td>
        {entry.entity} <code>{entry.entityId}</code>
      </td>
      <td>
        <code className="audit-details">{entry.details === null ? '–' : JSON.stringify(entry.details)}</code>
      </td>
    </tr>
  )
}

function AuditTable({ actor }: { actor: AuditLogActor }) {
  const result = useSelector(actor, (snapshot) => snapshot.context.result)
  const page = useSelector(actor, (snapshot) => snapshot.context.page)
  const pages = pageCountOf(result)
  return (
    <>
      <table className="sheet-grid audit-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Zeitpunkt</Trans>
            </th>
            <th scope="col">
              <Trans>Wer</Trans>
            </th>
            <th scope="col">
              <Trans>Aktion</Trans>
            </th>
            <th scope="col">
              <Trans>Was</Trans>
            </th>
            <th scope="col">
              <Trans>Vorher → nachher</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {result?.entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
      <StaffPager
        page={page}
        pages={pages}
        onPage={(next) => actor.send({ type: 'list.goToPage', page: next })}
      />
    </>
  )
}

/** The audit log (issue 17: who, when, what, before → after) in the machine's state. */
export function AuditLogView({ actor }: { actor: AuditLogActor }) {
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.hasTag('load-failed')
        ? 'loadFailed'
        : snapshot.hasTag('empty')
          ? 'empty'
          : 'list',
  )
  return (
    <section className="staff-page" aria-labelledby="audit-log-title">
      <h1 id="audit-log-title">
        <Trans>Änderungsprotokoll</Trans>
      </h1>
      <AuditFilters actor={actor} />
      {mode === 'loading' && <StaffLoading />}
      {mode === 'loadFailed' && <StaffLoadFailed onRetry={() => actor.send({ type: 'list.reload' })} />}
      {mode === 'empty' && (
        <p role="status">
          <Trans>Keine Einträge für diese Filter.</Trans>
        </p>
      )}
      {mode === 'list' && <AuditTable actor={actor} />}
    </section>
  )
}
