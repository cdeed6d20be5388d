import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sampleCountries } from '#machines/register/register.fixtures.ts'
import { addressIssues, emptyAddress } from '#shared/domain/forms/address.ts'
import { createCitySuggestionLogic, type LookUpCity } from '#client/actors/postal-lookup.actors.ts'
import { activateLocale, i18n } from '#client/i18n/i18n.ts'
import { AddressFields, type AddressValue } from './address-fields.tsx'

afterEach(cleanup)
beforeAll(async () => {
  await activateLocale('de')
})

/** The billing fieldset with its own state and a fake lookup, as a form's owner would hold it. */
function renderFields(lookUp: LookUpCity) {
  const logic = createCitySuggestionLogic(lookUp)
  function Owner() {
    const [value, setValue] = useState<AddressValue>(emptyAddress(sampleCountries))
    const rules = { countries: sampleCountries, isBusinessCustomer: false, kind: 'billing' as const }
    return (
      <AddressFields
        kind="billing"
        value={value}
        issues={addressIssues(value, rules)}
        countries={sampleCountries}
        isBusinessCustomer={false}
        citySuggestion={logic}
        onChange={(field, next) => setValue((previous) => ({ ...previous, [field]: next }))}
      />
    )
  }
  render(
    <I18nProvider i18n={i18n}>
      <Owner />
    </I18nProvider>,
  )
  return {
    postalCode: screen.getByLabelText(/Postleitzahl/) as HTMLInputElement,
    city: screen.getByLabelText(/^Ort/) as HTMLInputElement,
  }
}

describe('address fields: city suggestion (part 2 §5)', () => {
  it('fills the empty city with the first place name after the postal code, showing the lookup meanwhile', async () => {
    let answer: (city: string | null) => void = () => {}
    const lookUp = vi.fn<LookUpCity>(() => new Promise((resolve) => (answer = resolve)))
    const { postalCode, city } = renderFields(lookUp)
    await userEvent.type(postalCode, '10115')
    expect(await screen.findByText('Ort wird gesucht …', {}, { timeout: 2_000 })).toBeTruthy()
    expect(lookUp).toHaveBeenCalledExactlyOnceWith('DE', '10115', expect.any(AbortSignal))
    answer('Berlin')
    await waitFor(() => expect(city.value).toBe('Berlin'))
    expect(screen.queryByText('Ort wird gesucht …')).toBeNull()
  })

  it('never overwrites a city the shopper typed', async () => {
    const lookUp = vi.fn<LookUpCity>(async () => 'Berlin')
    const { postalCode, city } = renderFields(lookUp)
    await userEvent.type(city, 'Potsdam')
    await userEvent.type(postalCode, '10115')
    await waitFor(() => expect(lookUp).toHaveBeenCalled(), { timeout: 2_000 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(city.value).toBe('Potsdam')
  })

  it('does not look up an incomplete postal code', async () => {
    const lookUp = vi.fn<LookUpCity>(async () => 'Berlin')
    const { postalCode } = renderFields(lookUp)
    await userEvent.type(postalCode, '101')
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(lookUp).not.toHaveBeenCalled()
  })
})
