import { type MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type StaffOrderDetailResponse } from '#shared/contracts/staff-orders.contract.ts'
import { formatDateTime } from '../staff-format.ts'
import { staffMailKindTexts, staffOrderStatusTexts, staffPaymentStatusTexts } from './staff-order-texts.ts'

type History = StaffOrderDetailResponse['history'][number]
type Items = StaffOrderDetailResponse['order']['items']

function statusLabel(kind: History['kind'], status: string, translate: (text: MessageDescriptor) => string) {
  const texts: Partial<Record<string, MessageDescriptor>> =
    kind === 'order' ? staffOrderStatusTexts : staffPaymentStatusTexts
  const text = texts[status]
  return text === undefined ? status : translate(text)
}

/** Who made a change: the customer, the payment provider, the system or a staff member (by id). */
function ByWhom({ by }: { by: string }) {
  if (by === 'customer') return <Trans>Kunde</Trans>
  if (by === 'payments') return <Trans>Zahlungsanbieter</Trans>
  if (by === 'system') return <Trans>System</Trans>
  return (
    <Trans>
      Mitarbeiter <code>{by}</code>
    </Trans>
  )
}

/** A status or payment change: from → to. */
function StatusChange({ entry }: { entry: History }) {
  const { i18n } = useLingui()
  const translate = (text: MessageDescriptor) => i18n._(text)
  return (
    <>
      {entry.kind === 'payment' ? <Trans>Zahlung:</Trans> : <Trans>Bestellung:</Trans>}{' '}
      {entry.from === null ? '' : `${statusLabel(entry.kind, entry.from, translate)} → `}
      <strong>{statusLabel(entry.kind, entry.to, translate)}</strong> <code>{entry.to}</code>
    </>
  )
}

/** A printability note: `to` names the line (its position and model in this order). */
function PrintabilityNote({ lineId, items }: { lineId: string; items: Items }) {
  const index = items.findIndex((item) => item._id === lineId)
  const position = index + 1
  const model = items[index]?.modelName ?? lineId
  return (
    <>
      <strong>
        <Trans>Druckbarkeitshinweis gesendet</Trans>
      </strong>{' '}
      {index < 0 ? (
        <code>{lineId}</code>
      ) : (
        <Trans>
          zu Position {position} ({model})
        </Trans>
      )}
    </>
  )
}

/** The order's status and payment changes and printability notes, oldest first, with the notes to the customer. */
export function OrderTimeline({
  history,
  items,
}: {
  history: StaffOrderDetailResponse['history']
  items: Items
}) {
  const { i18n } = useLingui()
  return (
    <section className="staff-panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">
        <Trans>Verlauf</Trans>
      </h2>
      <ol className="staff-timeline">
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.locale)}</time>{' '}
            {entry.kind === 'printability_note' ? (
              <PrintabilityNote lineId={entry.to} items={items} />
            ) : (
              <StatusChange entry={entry} />
            )}{' '}
            · <ByWhom by={entry.by} />
            {entry.note !== '' && <blockquote className="staff-note">{entry.note}</blockquote>}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** The order's mails: written into the outbox, sent (or still waiting). */
export function OrderMails({ mails }: { mails: StaffOrderDetailResponse['mails'] }) {
  const { i18n } = useLingui()
  return (
    <section className="staff-panel" aria-labelledby="mails-title">
      <h2 id="mails-title">
        <Trans>Gesendete E-Mails</Trans>
      </h2>
      {mails.length === 0 ? (
        <p>
          <Trans>Keine E-Mails.</Trans>
        </p>
      ) : (
        <table className="sheet-grid">
          <thead>
            <tr>
              <th scope="col">
                <Trans>E-Mail</Trans>
              </th>
              <th scope="col">
                <Trans>Erstellt</Trans>
              </th>
              <th scope="col">
                <Trans>Versendet</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail, index) => {
              const text = staffMailKindTexts[mail.kind]
              return (
                <tr key={`${mail.createdAt}-${index}`}>
                  <td>{text === undefined ? mail.kind : i18n._(text)}</td>
                  <td>{formatDateTime(mail.createdAt, i18n.locale)}</td>
                  <td>
                    {mail.doneAt === null ? (
                      <Trans>wartet im Postausgang</Trans>
                    ) : (
                      formatDateTime(mail.doneAt, i18n.locale)
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}
