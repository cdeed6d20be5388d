import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode } from 'react'
import { type ActorRefFrom } from 'xstate'
import { catalogueFields, type CatalogueField } from '#machines/staff-catalogue-form/catalogue-fields.ts'
import {
  type Context,
  type staffCatalogueFormMachine,
  visibleIssues,
} from '#machines/staff-catalogue-form/staff-catalogue-form.machine.ts'
import { StaffLoadFailed, StaffLoading } from '../staff-status.tsx'
import { CatalogueFieldInput } from './catalogue-field.tsx'
import { GROUP_TITLES, RESOURCE_TITLES } from './catalogue-texts.ts'

export type CatalogueFormActor = ActorRefFrom<typeof staffCatalogueFormMachine>

function OutcomeMessage({ outcome }: { outcome: Context['outcome'] }) {
  if (outcome === null) return null
  switch (outcome.kind) {
    case 'saved':
      return (
        <p className="staff-status" role="status">
          <Trans>Gespeichert.</Trans>
        </p>
      )
    case 'created':
      return (
        <p className="staff-status" role="status">
          <Trans>Angelegt.</Trans>
        </p>
      )
    case 'invalid':
      return (
        <p className="staff-warning" role="alert">
          <Trans>Bitte die markierten Felder korrigieren. Nichts wurde gespeichert.</Trans>
        </p>
      )
    case 'conflict':
      return (
        <p className="staff-warning" role="alert">
          <Trans>Ein Eintrag mit diesem Wert existiert schon. Nichts wurde gespeichert.</Trans>
        </p>
      )
    case 'failed':
      return (
        <p className="staff-warning" role="alert">
          <Trans>Speichern ist fehlgeschlagen ({outcome.error}). Ihre Eingaben sind erhalten.</Trans>
        </p>
      )
  }
}

/** Top-level fields first, then each nested object (dimensions, rankings, test parameters) in its own box. */
function groupsOf(fields: readonly CatalogueField[]): { group: string | null; fields: CatalogueField[] }[] {
  const groups: { group: string | null; fields: CatalogueField[] }[] = [{ group: null, fields: [] }]
  for (const field of fields) {
    let target = groups.find((candidate) => candidate.group === field.group)
    if (target === undefined) {
      target = { group: field.group, fields: [] }
      groups.push(target)
    }
    target.fields.push(field)
  }
  return groups
}

function CatalogueFields({ actor, context }: { actor: CatalogueFormActor; context: Context }) {
  const { i18n } = useLingui()
  const issues = visibleIssues(context)
  const render = (field: CatalogueField) => (
    <CatalogueFieldInput
      key={field.key}
      field={field}
      draft={context.draft}
      issues={issues}
      choices={field.ref === undefined ? [] : (context.choices[field.ref] ?? [])}
      readOnly={context.id !== null && field.createOnly}
      onChange={(key, value) => actor.send({ type: 'form.change', key, value })}
    />
  )
  return (
    <>
      {groupsOf(catalogueFields(context.resource)).map(({ group, fields }) =>
        group === null ? (
          <div key="top" className="staff-fields">
            {fields.map(render)}
          </div>
        ) : (
          <fieldset key={group} className="staff-fields catalogue-group">
            <legend>{GROUP_TITLES[group] === undefined ? group : i18n._(GROUP_TITLES[group])}</legend>
            {fields.map(render)}
          </fieldset>
        ),
      )}
    </>
  )
}

/**
 * The form of one catalogue entity (decision 0108) in the machine's state. `children` are the parts an existing
 * entity adds below it (a colour's thumbnail, a white label's keys).
 */
export function CatalogueFormView({ actor, children }: { actor: CatalogueFormActor; children?: ReactNode }) {
  const { i18n } = useLingui()
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('load-failed') ? 'loadFailed' : 'form',
  )
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'))
  const resource = i18n._(RESOURCE_TITLES[context.resource])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  return (
    <section className="staff-page" aria-labelledby="catalogue-form-title">
      <h1 id="catalogue-form-title">
        {context.id === null ? <Trans>Neu: {resource}</Trans> : <Trans>Bearbeiten: {resource}</Trans>}
      </h1>
      {mode === 'loading' && <StaffLoading />}
      {mode === 'loadFailed' && <StaffLoadFailed onRetry={() => actor.send({ type: 'form.reload' })} />}
      {mode === 'form' && (
        <>
          {context.item?.archived === true && (
            <p className="staff-warning">
              <Trans>Dieser Eintrag ist archiviert: Kunden sehen ihn nicht.</Trans>
            </p>
          )}
          <form className="catalogue-form" onSubmit={submit} noValidate aria-busy={saving}>
            <CatalogueFields actor={actor} context={context} />
            <OutcomeMessage outcome={context.outcome} />
            <div className="form__actions">
              <button type="submit" className="button button--primary" disabled={saving}>
                {context.id === null ? <Trans>Anlegen</Trans> : <Trans>Speichern</Trans>}
              </button>
            </div>
          </form>
          {context.id !== null && children}
        </>
      )}
    </section>
  )
}
