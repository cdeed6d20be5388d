import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { analysedFile } from '#machines/upload/upload.fixtures.ts'
import { type AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { printabilityViewOf } from '#client/features/configure/printability.ts'
import { configurationPrice } from '#client/testing/shop-fixtures.ts'
import { type ConfigureStoryState, type PricingStoryState } from '#client/testing/story-states.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

const printable = configurationPrice('pm-1', 'f-1', 'c-1', 1_250)
const base = {
  scale: 1,
  isCalculating: false,
  printModeId: 'pm-1',
  selectedPrice: printable,
  printabilityForAll: { tooLarge: false },
  file: analysedFile,
}
const unprintable: AnalysisFile = {
  ...analysedFile,
  analysedProperties: { ...analysedFile.analysedProperties, printable: false },
}

describe('printability view', () => {
  it.each([
    ['hidden until the scale is a number', { scale: 0 }, { kind: 'hidden' }],
    ['calculating', { isCalculating: true }, { kind: 'calculating' }],
    ['printable', {}, { kind: 'message', message: 'printable', severity: 'success' }],
    [
      'too large for all print modes, even before one is chosen',
      { printModeId: null, printabilityForAll: { tooLarge: true } },
      { kind: 'message', message: 'too_large_for_all_print_modes', severity: 'danger' },
    ],
    ['nothing without a print mode otherwise', { printModeId: null }, { kind: 'hidden' }],
    [
      'too large for the selected print mode',
      { selectedPrice: configurationPrice('pm-1', 'f-1', 'c-1', 0, { printable: false, tooLarge: true }) },
      { kind: 'message', message: 'too_large_for_print_mode', severity: 'warning' },
    ],
    [
      'not printable with the selected material',
      { selectedPrice: configurationPrice('pm-1', 'f-1', 'c-1', 0, { printable: false }) },
      { kind: 'message', message: 'not_printable_for_print_mode', severity: 'warning' },
    ],
    [
      'too small for the selected print mode',
      { selectedPrice: configurationPrice('pm-1', 'f-1', 'c-1', 0, { printable: false, tooSmall: true }) },
      { kind: 'message', message: 'too_small_for_print_mode', severity: 'warning' },
    ],
    [
      'might cause problems',
      { selectedPrice: configurationPrice('pm-1', 'f-1', 'c-1', 0, { mightCauseProblems: true }) },
      { kind: 'message', message: 'might_cause_problems', severity: 'warning' },
    ],
    [
      'not printable at all',
      { file: unprintable },
      { kind: 'message', message: 'not_printable', severity: 'danger' },
    ],
    [
      'indeterminate without a price',
      { selectedPrice: undefined },
      { kind: 'message', message: 'indeterminate', severity: 'none' },
    ],
  ] as const)('%s', (_name, change, expected) => {
    expect(printabilityViewOf({ ...base, ...change })).toEqual(expected)
  })
})

describe('printability message', () => {
  const show = async (state: ConfigureStoryState, pricing: PricingStoryState, file?: AnalysisFile) => {
    await renderApp({ path: '/', configure: { state, pricing, ...(file ? { file } : {}) } })
    await screen.findByRole('heading', { level: 2, name: 'Material und Druckverfahren' })
    return document.querySelector('.printability')
  }

  it.each([
    ['materials:pm-1', 'printable', 'Druckbar', 'notice--success'],
    ['materials:pm-1:repricing', 'too-large-for-all', 'Zu groß für alle Druckverfahren', 'notice--danger'],
    [
      'materials:pm-1:repricing',
      'too-large-for-print-mode',
      'Zu groß für dieses Druckverfahren',
      'notice--warning',
    ],
    [
      'materials:pm-1:repricing',
      'not-printable-for-print-mode',
      'Mit diesem Druckverfahren nicht druckbar',
      'notice--warning',
    ],
    ['materials:pm-1:repricing', 'too-small', 'Zu klein für dieses Druckverfahren', 'notice--warning'],
    [
      'materials:pm-1',
      'might-cause-problems',
      'Dein Druckergebnis kann verbessert werden',
      'notice--warning',
    ],
    ['materials:pm-1:repricing', 'idle', 'Druckbarkeit unbekannt', 'notice--info'],
  ] as const)('%s with %s says "%s"', async (state, pricing, title, style) => {
    const area = await show(state, pricing)
    expect(area?.querySelector('.notice__title')?.textContent).toBe(title)
    expect(area?.querySelector('.notice')?.classList.contains(style)).toBe(true)
  })

  it('shows no price for a print mode too coarse for the part, and its reason instead (issue 14, item 6)', async () => {
    await show('materials:pm-1:repricing', 'too-small')
    const card = document.querySelector('.print-mode-card[data-selected="true"]')
    expect(card?.querySelector('.print-mode-card__price')?.textContent).toBe('Zu klein für dieses Verfahren')
    expect(document.querySelector('.price-box')?.textContent).not.toMatch(/\d+,\d\d\s*€/)
    expect(screen.getByRole('button', { name: 'Oberfläche wählen' })).toHaveProperty('disabled', true)
  })

  it('links "might cause problems" to the design guidelines', async () => {
    await show('materials:pm-1', 'might-cause-problems')
    const link = screen.getByRole('link', { name: 'Mehr dazu in unseren Tipps und Tricks im 3D-Druck' })
    expect(link.getAttribute('href')).toBe('/produktion/tipps-und-tricks-im-3d-druck#cart-steps')
  })

  it('says "not printable" when the analysis refused the model', async () => {
    const area = await show('materials:pm-1:repricing', 'not-printable', unprintable)
    expect(area?.querySelector('.notice__title')?.textContent).toBe('Nicht druckbar')
    expect(area?.querySelector('.notice--danger')).toBeTruthy()
  })

  it('shows skeletons while calculating and nothing while the scale field is empty', async () => {
    const calculating = await show('materials:pm-1:repricing', 'calculating')
    expect(calculating?.textContent).toBe('Druckbarkeit wird berechnet …')
    cleanup()
    await renderApp({ path: '/', configure: { state: 'materials:scale-empty', pricing: 'idle' } })
    await screen.findByRole('heading', { level: 2, name: 'Material und Druckverfahren' })
    expect(document.querySelector('.printability')?.textContent).toBe('')
  })

  it('marks a colour the prices call not printable', async () => {
    await renderApp({ path: '/', configure: { state: 'finishes:pm-1', pricing: 'black-not-printable' } })
    const black = await screen.findByRole('radio', { name: /Schwarz/ })
    const swatch = black.closest('label')
    expect(swatch?.getAttribute('title')).toBe('Nicht druckbar')
    expect(swatch?.dataset.printable).toBe('false')
    expect(screen.getByRole('radio', { name: /Weiß/ }).closest('label')?.getAttribute('title')).toBe('Weiß')
  })
})
