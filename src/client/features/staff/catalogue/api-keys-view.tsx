import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent } from 'react'
import { type ActorRefFrom } from 'xstate'
import { createBodyOf, type staffApiKeysMachine } from '#machines/staff-api-keys/staff-api-keys.machine.ts'
import { type StaffApiKey } from '#shared/contracts/staff-catalogue.contract.ts'
import { formatDateTime } from '../staff-format.ts'
import { StaffLoadFailed, StaffLoading } from '../staff-status.tsx'

export type ApiKeysActor = ActorRefFrom<typeof staffApiKeysMachine>

function KeyState({ apiKey }: { apiKey: StaffApiKey }) {
  const { i18n } = useLingui()
  if (apiKey.revoked) return <Trans>widerrufen</Trans>
  if (!apiKey.active) return <Trans>abgelaufen</Trans>
  if (apiKey.expiresAt !== null) {
    const end = formatDateTime(apiKey.expiresAt, i18n.locale)
    return <Trans>rotiert, gültig bis {end}</Trans>
  }
  return <Trans>aktiv</Trans>
}

function Secret({ actor }: { actor: ApiKeysActor }) {
  const secret = useSelector(actor, (snapshot) => snapshot.context.secret)
  const copied = useSelector(actor, (snapshot) => snapshot.context.copied)
  if (secret === null) return null
  return (
    <div className="staff-warning catalogue-secret" role="status">
      <p>
        {secret.rotated ? (
          <Trans>Neuer Schlüssel nach der Rotation. Er wird nur jetzt angezeigt:</Trans>
        ) : (
          <Trans>Neuer Schlüssel. Er wird nur jetzt angezeigt:</Trans>
        )}
      </p>
      <p>
        <code data-testid="api-key-secret">{secret.key}</code>
      </p>
      <div className="staff-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'keys.copy' })}
        >
          {copied ? <Trans>Kopiert</Trans> : <Trans>Kopieren</Trans>}
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'keys.dismissSecret' })}>
          <Trans>Ausblenden</Trans>
        </button>
      </div>
    </div>
  )
}

function KeyRow({ actor, apiKey }: { actor: ApiKeysActor; apiKey: StaffApiKey }) {
  const { i18n } = useLingui()
  const idle = useSelector(actor, (snapshot) => snapshot.matches({ shown: 'idle' }))
  const confirming = useSelector(actor, (snapshot) => snapshot.context.revokeId === apiKey.id)
  const live = apiKey.active && apiKey.expiresAt === null
  return (
    <tr>
      <td>{apiKey.label}</td>
      <td>
        <code>…{apiKey.lastFour}</code>
      </td>
      <td>{formatDateTime(apiKey.createdAt, i18n.locale)}</td>
      <td>
        <KeyState apiKey={apiKey} />
      </td>
      <td className="staff-actions">
        {confirming ? (
          <>
            <span role="alert">
              <Trans>Schlüssel …{apiKey.lastFour} sofort widerrufen?</Trans>
            </span>
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'keys.confirmRevoke' })}
            >
              <Trans>Ja, widerrufen</Trans>
            </button>
            <button
              type="button"
              className="button"
              onClick={() => actor.send({ type: 'keys.cancelRevoke' })}
            >
              <Trans>Abbrechen</Trans>
            </button>
          </>
        ) : (
          <>
            {live && (
              <button
                type="button"
                className="button"
                disabled={!idle}
                onClick={() => actor.send({ type: 'keys.rotate', keyId: apiKey.id })}
              >
                <Trans>Rotieren</Trans>
                <span className="visually-hidden"> …{apiKey.lastFour}</span>
              </button>
            )}
            {apiKey.active && (
              <button
                type="button"
                className="button"
                disabled={!idle}
                onClick={() => actor.send({ type: 'keys.askRevoke', keyId: apiKey.id })}
              >
                <Trans>Widerrufen</Trans>
                <span className="visually-hidden"> …{apiKey.lastFour}</span>
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  )
}

function CreateKey({ actor }: { actor: ApiKeysActor }) {
  const label = useSelector(actor, (snapshot) => snapshot.context.label)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const invalid = createBodyOf(label) === null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'keys.create' })
  }
  return (
    <form className="staff-fields" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="api-key-label">
          <Trans>Bezeichnung des neuen Schlüssels</Trans>
        </label>
        <input
          id="api-key-label"
          value={label}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? 'api-key-label-error' : undefined}
          onChange={(event) => actor.send({ type: 'keys.changeLabel', value: event.target.value })}
        />
        {invalid && (
          <p id="api-key-label-error" className="field-error">
            <Trans>Bitte höchstens 100 Zeichen eingeben.</Trans>
          </p>
        )}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy || invalid}>
          <Trans>Schlüssel erzeugen</Trans>
        </button>
      </div>
    </form>
  )
}

/** A white label's API keys (decision 0106) in the machine's state. */
export function ApiKeysView({ actor }: { actor: ApiKeysActor }) {
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const mode = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('load-failed') ? 'loadFailed' : 'list',
  )
  return (
    <section className="staff-page" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">
        <Trans>API-Schlüssel</Trans>
      </h2>
      {mode === 'loading' && <StaffLoading />}
      {mode === 'loadFailed' && <StaffLoadFailed onRetry={() => actor.send({ type: 'keys.reload' })} />}
      {mode === 'list' && (
        <>
          <Secret actor={actor} />
          {context.actionError !== null && (
            <p className="staff-warning" role="alert">
              <Trans>Das hat nicht geklappt ({context.actionError}).</Trans>
            </p>
          )}
          {context.apiKeys.length === 0 ? (
            <p>
              <Trans>Noch keine Schlüssel.</Trans>
            </p>
          ) : (
            <table className="sheet-grid catalogue-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Bezeichnung</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Endet auf</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Erzeugt</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Aktionen</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {context.apiKeys.map((apiKey) => (
                  <KeyRow key={apiKey.id} actor={actor} apiKey={apiKey} />
                ))}
              </tbody>
            </table>
          )}
          <CreateKey actor={actor} />
        </>
      )}
    </section>
  )
}
