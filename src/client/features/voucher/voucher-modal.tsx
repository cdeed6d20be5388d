import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { missingCentsOf } from '#machines/voucher/voucher.machine.ts'
import { showModalAndReturnFocus } from '#client/common/focus.ts'
import { formatMoney } from '#client/common/money.ts'
import { useLocale } from '#client/i18n/use-locale.ts'
import { type VoucherActor } from './voucher-form.tsx'
import { DiscountSummary } from './voucher-texts.tsx'

/**
 * The modal with the validated voucher (part 2 §4): redeem or discard; below the voucher's minimum only discard,
 * with the amount still needed. A native modal dialog keeps the focus inside; Escape discards (decision 0099): the
 * voucher is not applied until the shopper says so, and leaving without a choice must not apply it.
 */
export function VoucherModal({ actor }: { actor: VoucherActor }) {
  const id = useId()
  const locale = useLocale()
  const pending = useSelector(actor, (snapshot) => snapshot.context.pending)
  const missingCents = useSelector(actor, (snapshot) =>
    missingCentsOf(snapshot.context.pending, snapshot.context.itemNetCents),
  )
  const canApply = useSelector(actor, (snapshot) => snapshot.can({ type: 'voucher.apply' }))
  if (pending === null) return null
  const missing = formatMoney(missingCents, locale)
  const minimum = formatMoney(pending.rules.minValue ?? 0, locale)
  return (
    <dialog
      ref={showModalAndReturnFocus}
      className="form-dialog voucher-modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault()
        actor.send({ type: 'voucher.discard' })
      }}
    >
      <h2 id={`${id}-title`} className="form-dialog__title" tabIndex={-1} data-autofocus>
        <Trans>Gutschein einlösen?</Trans>
      </h2>
      <div id={`${id}-body`}>
        <p>
          <DiscountSummary discount={pending} locale={locale} />
        </p>
        {missingCents > 0 && (
          <p className="voucher-modal__missing">
            <Trans>
              Dieser Gutschein gilt ab einem Warenwert von {minimum} (netto). Es fehlen noch {missing}.
            </Trans>
          </p>
        )}
      </div>
      <div className="voucher-modal__actions">
        {canApply && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'voucher.apply' })}
          >
            <Trans>Einlösen</Trans>
          </button>
        )}
        <button type="button" className="button" onClick={() => actor.send({ type: 'voucher.discard' })}>
          <Trans>Verwerfen</Trans>
        </button>
      </div>
    </dialog>
  )
}
