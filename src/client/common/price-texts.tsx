import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type Cents } from '#shared/domain/money.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { useLocale } from '#client/i18n/use-locale.ts'
import { formatMoney, formatRate, moneyPlaceholder } from './money.ts'

/** Business customers see net prices, private customers gross (spec part 1 §1, the header's switch). */
export function useIsBusinessCustomer(): boolean {
  const { preferences } = useAppActors()
  return useSelector(preferences, (snapshot) => snapshot.context.isBusinessCustomer.value)
}

/** An amount: net for business customers, gross for private ones; the placeholder when there is none. */
export function Money(props: { net: Cents; gross: Cents; isBusiness: boolean } | { placeholder: true }) {
  const locale = useLocale()
  if ('placeholder' in props) {
    return (
      <span className="money money--placeholder">
        <span aria-hidden="true">{moneyPlaceholder(locale)}</span>
        <span className="visually-hidden">
          <Trans>kein Preis</Trans>
        </span>
      </span>
    )
  }
  return <span className="money">{formatMoney(props.isBusiness ? props.net : props.gross, locale)}</span>
}

/** "zzgl. 19 % MwSt." (business), "inkl. 19 % MwSt." (private), "keine MwSt. enthalten" at 0 %. */
export function TaxNote({ taxRate, isBusiness }: { taxRate: number; isBusiness: boolean }) {
  const locale = useLocale()
  const rate = formatRate(taxRate, locale)
  if (taxRate === 0) return <Trans>keine MwSt. enthalten</Trans>
  return isBusiness ? <Trans>zzgl. {rate} % MwSt.</Trans> : <Trans>inkl. {rate} % MwSt.</Trans>
}
