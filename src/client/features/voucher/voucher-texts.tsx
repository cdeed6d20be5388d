import { Trans } from '@lingui/react/macro'
import { type Discount } from '#shared/contracts/checkout.contract.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { formatMoney } from '#client/common/money.ts'

/** What the voucher takes off: "10 %" or "5,00 €" (absolute vouchers come off the net sum, part 2 §9). */
export function discountValueText(discount: Discount, locale: Locale): string {
  return discount.type === 'percentage'
    ? `${new Intl.NumberFormat(locale).format(discount.value)} %`
    : formatMoney(discount.value, locale)
}

/** The voucher's name with what it gives, e.g. "Willkommensrabatt 10 % (WILLKOMMEN10): 10 %". */
export function DiscountSummary({ discount, locale }: { discount: Discount; locale: Locale }) {
  const value = discountValueText(discount, locale)
  const code = discount.code
  const name = discount.name
  return (
    <>
      <strong>{name}</strong> <span className="voucher__code">({code})</span>
      {discount.value > 0 && (
        <>
          {' · '}
          <Trans>{value} Rabatt</Trans>
        </>
      )}
      {discount.rules.freeShipping && (
        <>
          {' · '}
          <Trans>versandkostenfrei (Standard-Versand)</Trans>
        </>
      )}
    </>
  )
}
