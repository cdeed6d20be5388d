import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent } from 'react'
import { PRINTABILITY_NOTE_MAX } from '#shared/contracts/staff-orders.contract.ts'
import { CountedTextarea } from './counted-textarea.tsx'
import { type OrderDetailActor } from './order-status-form.tsx'

/** A printability note to the customer about one line; the server attaches the line's wall-thickness picture. */
export function PrintabilityNoteForm({ actor }: { actor: OrderDetailActor }) {
  const { t } = useLingui()
  const items = useSelector(actor, (snapshot) => snapshot.context.detail?.order.items ?? [])
  const lineId = useSelector(actor, (snapshot) => snapshot.context.noteLineId)
  const message = useSelector(actor, (snapshot) => snapshot.context.printabilityMessage)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const canSend = useSelector(actor, (snapshot) => snapshot.can({ type: 'order.sendPrintabilityNote' }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'order.sendPrintabilityNote' })
  }
  return (
    <section className="staff-panel" aria-labelledby="printability-title">
      <h2 id="printability-title">
        <Trans>Hinweis zur Druckbarkeit</Trans>
      </h2>
      <p>
        <Trans>
          Der Kunde erhält eine E-Mail in der Sprache der Bestellung mit Ihrem Text und dem Wandstärkenbild
          der gewählten Position.
        </Trans>
      </p>
      <form className="staff-fields" onSubmit={submit} noValidate>
        <label className="field">
          <span>
            <Trans>Position</Trans>
          </span>
          <select
            value={lineId ?? ''}
            disabled={busy}
            onChange={(event) =>
              actor.send({
                type: 'order.chooseNoteLine',
                lineId: event.target.value === '' ? null : event.target.value,
              })
            }
          >
            <option value="">{t`Bitte wählen`}</option>
            {items.map((item, index) => (
              <option key={item._id} value={item._id}>
                {index + 1}. {item.modelName}
              </option>
            ))}
          </select>
        </label>
        <CountedTextarea
          id="printability-message"
          label={t`Nachricht an den Kunden`}
          value={message}
          max={PRINTABILITY_NOTE_MAX}
          rows={4}
          disabled={busy}
          tooLongText={t`Die Nachricht ist zu lang.`}
          onChange={(value) => actor.send({ type: 'order.changePrintabilityMessage', message: value })}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!canSend || busy}>
            <Trans>Hinweis senden</Trans>
          </button>
        </div>
      </form>
    </section>
  )
}
