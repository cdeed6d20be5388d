import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type PricingStoryState } from '#client/testing/story-states.ts'
import { type FakeStates } from '#client/testing/fake-app-actors.ts'
import { formatMoney, moneyPlaceholder } from '#client/common/money.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

/** The price box of the configure view with pm-1 / f-1 / c-1 selected and these prices. */
async function priceBox(
  pricing: PricingStoryState,
  preferences: FakeStates['preferences'] = 'ready:private',
  locale: 'de' | 'en' = 'de',
) {
  await renderApp({
    path: '/',
    locale,
    configure: {
      state:
        pricing === 'printable' || pricing === 'zero-tax' ? 'materials:pm-1' : 'materials:pm-1:repricing',
      pricing,
    },
    states: { preferences },
  })
  const label = await screen.findByText(locale === 'de' ? 'Stückpreis' : 'Unit price', { selector: 'dt' })
  return within(label.closest('.price-box') as HTMLElement)
}

describe('money formatting', () => {
  it('formats cents in each language', () => {
    expect(formatMoney(1_488, 'de')).toBe('14,88\u00a0€')
    expect(formatMoney(1_488, 'en')).toBe('€14.88')
    expect(formatMoney(123_456, 'fr')).toMatch(/^1\s234,56\s€$/)
  })

  it('has an empty-value placeholder in the same shape', () => {
    expect(moneyPlaceholder('de')).toBe('–,––\u00a0€')
    expect(moneyPlaceholder('en')).toBe('€–.––')
  })
})

describe('price display', () => {
  it('shows private customers gross prices including tax, and the production time', async () => {
    const box = await priceBox('printable')
    expect(box.getAllByText('14,88 €')).toHaveLength(2)
    expect(box.getByText('inkl. 19 % MwSt.')).toBeTruthy()
    expect(box.getByText('Produktionszeit: 5 Werktage')).toBeTruthy()
  })

  it('shows business customers net prices plus tax', async () => {
    const box = await priceBox('printable', 'ready:business')
    expect(box.getAllByText('12,50 €')).toHaveLength(2)
    expect(box.getByText('zzgl. 19 % MwSt.')).toBeTruthy()
  })

  it('says that no tax is included at 0 %', async () => {
    expect((await priceBox('zero-tax')).getByText('keine MwSt. enthalten')).toBeTruthy()
    cleanup()
    expect((await priceBox('zero-tax', 'ready:business')).getByText('keine MwSt. enthalten')).toBeTruthy()
  })

  it('shows the currency placeholder for a selection that cannot be printed', async () => {
    const box = await priceBox('too-large-for-print-mode')
    expect(box.getAllByText('–,–– €')).toHaveLength(2)
    expect(box.queryByText(/MwSt/)).toBeNull()
  })

  it('shows skeletons and "wird berechnet" while calculating', async () => {
    const box = await priceBox('calculating')
    expect(box.getByText('Preis wird berechnet …')).toBeTruthy()
    expect(box.queryByText(/€/)).toBeNull()
  })

  it('formats English prices the English way', async () => {
    const box = await priceBox('printable', 'ready:private', 'en')
    expect(box.getAllByText('€14.88')).toHaveLength(2)
    expect(box.getByText('incl. 19% VAT')).toBeTruthy()
  })
})
