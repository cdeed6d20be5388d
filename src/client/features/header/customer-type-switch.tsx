import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { useAppActors } from '#client/app/app-actors.tsx'

/** Private or business customer (gross or net prices), bound to the preferences. */
export function CustomerTypeSwitch() {
  const { preferences } = useAppActors()
  const { t } = useLingui()
  const name = useId()
  const isBusiness = useSelector(preferences, (snapshot) => snapshot.context.isBusinessCustomer.value)
  const canSet = useSelector(preferences, (snapshot) =>
    snapshot.can({
      type: 'preferences.setBusinessCustomer',
      value: !snapshot.context.isBusinessCustomer.value,
    }),
  )
  const choose = (value: boolean) => preferences.send({ type: 'preferences.setBusinessCustomer', value })

  return (
    <fieldset className="customer-type-switch" disabled={!canSet}>
      <legend className="visually-hidden">{t`Kundentyp`}</legend>
      <label>
        <input type="radio" name={name} checked={!isBusiness} onChange={() => choose(false)} />
        <span>
          <Trans>Privatkunde</Trans>
        </span>
      </label>
      <label>
        <input type="radio" name={name} checked={isBusiness} onChange={() => choose(true)} />
        <span>
          <Trans>Geschäftskunde</Trans>
        </span>
      </label>
    </fieldset>
  )
}
