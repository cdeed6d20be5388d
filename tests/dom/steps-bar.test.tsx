import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StepsBar } from '#client/features/steps-bar/steps-bar.tsx'
import { FAKE_STATES } from '#client/testing/fake-app-actors.ts'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(cleanup)

type OrderState = (typeof FAKE_STATES.orderProcess)[number]

/** Spec part 1 §2: 'upload' for no order, upload and completed; 'configure' for configure model; 'cart' otherwise. */
const activeStep = {
  noOrderOngoing: '3D-Datei wählen',
  upload: '3D-Datei wählen',
  orderCompleted: '3D-Datei wählen',
  configureModel: 'Druckverfahren wählen',
  viewCart: 'Bestellung abschließen',
  provideCustomerDetails: 'Bestellung abschließen',
  reviewOrder: 'Bestellung abschließen',
} as const satisfies Record<OrderState, string>

describe('steps bar', () => {
  it('lists the three steps in order', async () => {
    await renderWithApp(<StepsBar />)
    const steps = within(await screen.findByRole('navigation', { name: 'Bestellschritte' })).getAllByRole(
      'listitem',
    )
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Schritt 1: 3D-Datei wählen',
      '2Schritt 2: Druckverfahren wählen',
      '3Schritt 3: Bestellung abschließen',
    ])
  })

  it.each(FAKE_STATES.orderProcess)('marks the right step as current in %s', async (orderProcess) => {
    await renderWithApp(<StepsBar />, { states: { orderProcess } })
    const nav = await screen.findByRole('navigation', { name: 'Bestellschritte' })
    const current = within(nav)
      .getAllByRole('listitem')
      .filter((step) => step.getAttribute('aria-current') === 'step')
    expect(current).toHaveLength(1)
    expect(current[0]?.textContent).toContain(activeStep[orderProcess])
  })

  it('follows the order process as it moves', async () => {
    const { actors } = await renderWithApp(<StepsBar />, { states: { orderProcess: 'upload' } })
    await screen.findByRole('navigation', { name: 'Bestellschritte' })
    actors.orderProcess.send({ type: 'upload.succeeded', objectId: 'object-1' })
    const current = await screen.findByText('Druckverfahren wählen')
    expect(current.closest('li')?.getAttribute('aria-current')).toBe('step')
  })

  // Issue 16: the checkout pages are opened by URL too (reload, login return, provider return), where the order
  // process never walked through the cart and still says 'upload'; the page names its step.
  it.each([
    ['/payment-details', 'Bestellung abschließen'],
    ['/review-order', 'Bestellung abschließen'],
    ['/payment-details/order-1?access=token', 'Bestellung abschließen'],
    ['/order-complete/order-1?access=token', '3D-Datei wählen'],
  ])('marks the step of %s, whatever the order process says', async (path, step) => {
    await renderApp({ path, states: { orderProcess: 'noOrderOngoing' } })
    const nav = await screen.findByRole('navigation', { name: 'Bestellschritte' })
    const current = within(nav)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'step')
    expect(current.map((item) => item.textContent)).toEqual([expect.stringContaining(step)])
  })

  it('keeps the order process step on the pages that name none (home)', async () => {
    await renderApp({ path: '/', states: { orderProcess: 'configureModel' } })
    const nav = await screen.findByRole('navigation', { name: 'Bestellschritte' })
    const current = within(nav)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step')
    expect(current?.textContent).toContain('Druckverfahren wählen')
  })
})
