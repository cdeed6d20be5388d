import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent } from 'react'
import { type ActorRefFrom } from 'xstate'
import { type staffOrderDetailMachine } from '#machines/staff-order-detail/staff-order-detail.machine.ts'
import { STATUS_NOTE_MAX } from '#shared/contracts/staff-orders.contract.ts'
import { type OrderStatus } from '#shared/domain/order-status.ts'
import { CountedTextarea } from './counted-textarea.tsx'
import { staffOrderStatusTexts } from './staff-order-texts.ts'

export type OrderDetailActor = ActorRefFrom<typeof staffOrderDetailMachine>

function ConfirmStatusChange({ actor }: { actor: OrderDetailActor }) {
  const { i18n } = useLingui()
  const target = useSelector(actor, (snapshot) => snapshot.context.target)
  const from = useSelector(actor, (snapshot) => snapshot.context.detail?.order.orderStatus)
  const note = useSelector(actor, (snapshot) => snapshot.context.note.trim())
  if (target === null || from === undefined) return null
  const fromLabel = i18n._(staffOrderStatusTexts[from])
  const toLabel = i18n._(staffOrderStatusTexts[target])
  return (
    <div className="staff-confirm" role="alertdialog" aria-labelledby="status-confirm-title">
      <p id="status-confirm-title">
        <strong>
          <Trans>
            Status von „{fromLabel}“ auf „{toLabel}“ ändern?
          </Trans>
        </strong>
      </p>
      <p>
        {note === '' ? (
          <Trans>Der Kunde erhält eine E-Mail zu diesem Status (ohne Hinweis).</Trans>
        ) : (
          <Trans>Der Kunde erhält eine E-Mail zu diesem Status mit Ihrem Hinweis.</Trans>
        )}
      </p>
      <div className="staff-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'order.confirm' })}
        >
          <Trans>Ja, Status ändern</Trans>
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'order.cancel' })}>
          <Trans>Abbrechen</Trans>
        </button>
      </div>
    </div>
  )
}

/** The status change: only the next statuses the server allows, a note to the customer, then a confirmation. */
export function OrderStatusForm({ actor }: { actor: OrderDetailActor }) {
  const { t, i18n } = useLingui()
  const allowed = useSelector(actor, (snapshot) => snapshot.context.detail?.allowedNextStatuses ?? [])
  const target = useSelector(actor, (snapshot) => snapshot.context.target)
  const note = useSelector(actor, (snapshot) => snapshot.context.note)
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('confirm-status'))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canRequest = useSelector(actor, (snapshot) => snapshot.can({ type: 'order.requestStatusChange' }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'order.requestStatusChange' })
  }
  return (
    <section className="staff-panel" aria-labelledby="status-change-title">
      <h2 id="status-change-title">
        <Trans>Status ändern</Trans>
      </h2>
      {allowed.length === 0 ? (
        <p>
          <Trans>Von diesem Status aus ist kein Wechsel möglich.</Trans>
        </p>
      ) : (
        <form className="staff-fields" onSubmit={submit} noValidate>
          <label className="field">
            <span>
              <Trans>Neuer Status</Trans>
            </span>
            <select
              value={target ?? ''}
              disabled={confirming || busy}
              onChange={(event) =>
                actor.send({
                  type: 'order.chooseStatus',
                  to: event.target.value === '' ? null : (event.target.value as OrderStatus),
                })
              }
            >
              <option value="">{t`Bitte wählen`}</option>
              {allowed.map((status) => (
                <option key={status} value={status}>
                  {i18n._(staffOrderStatusTexts[status])} ({status})
                </option>
              ))}
            </select>
          </label>
          <CountedTextarea
            id="status-note"
            label={t`Hinweis an den Kunden (optional)`}
            value={note}
            max={STATUS_NOTE_MAX}
            rows={3}
            disabled={confirming || busy}
            tooLongText={t`Der Hinweis ist zu lang.`}
            onChange={(value) => actor.send({ type: 'order.changeNote', note: value })}
          />
          {!confirming && (
            <div className="form__actions">
              <button type="submit" className="button button--primary" disabled={!canRequest || busy}>
                <Trans>Status ändern …</Trans>
              </button>
            </div>
          )}
        </form>
      )}
      {confirming && <ConfirmStatusChange actor={actor} />}
    </section>
  )
}
