import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

const total = () => document.querySelector('.price-box__total dd')?.textContent ?? ''

/** Step 2 with a printable, priced selection: the add button is enabled and a total is shown. */
async function atFinishes() {
  const rendered = await renderApp({ path: '/', configure: { state: 'finishes:pm-1', pricing: 'printable' } })
  const add = (await screen.findByRole(
    'button',
    { name: 'In den Warenkorb' },
    { timeout: 15_000 },
  )) as HTMLButtonElement
  const quantity = screen.getByRole('spinbutton', { name: 'Menge' }) as HTMLInputElement
  return { ...rendered, add, quantity }
}

/** Step 1 with a printable, priced selection: the scale field and "Oberfläche wählen". */
async function atMaterials() {
  const rendered = await renderApp({
    path: '/',
    configure: { state: 'materials:pm-1', pricing: 'printable' },
  })
  const scale = (await screen.findByRole(
    'spinbutton',
    { name: 'Skalierung' },
    { timeout: 15_000 },
  )) as HTMLInputElement
  const next = screen.getByRole('button', { name: 'Oberfläche wählen' }) as HTMLButtonElement
  return { ...rendered, scale, next }
}

// The first render transforms the app's chunks: leave room on a busy machine.
describe('refused quantity and scale (issue 14, item 5)', { timeout: 30_000 }, () => {
  it('0, −3 and 2.5 are refused at the field: no stale total, no add to cart', async () => {
    const { add, quantity, edges } = await atFinishes()
    expect(add.disabled).toBe(false)
    expect(total()).toMatch(/\d,\d\d/)

    for (const typed of ['0', '-3', '2.5']) {
      await userEvent.clear(quantity)
      await userEvent.type(quantity, typed)
      const field = quantity.closest('.quantity-input') as HTMLElement
      expect(
        within(field).getByText(/Die Menge muss mindestens 1 sein|Bitte geben Sie eine ganze Zahl ein/),
      ).toBeTruthy()
      expect(quantity.getAttribute('aria-invalid')).toBe('true')
      // The price follows the field: no total of the last valid quantity.
      expect(total()).not.toMatch(/\d,\d\d/)
      expect(add.disabled).toBe(true)
    }
    await userEvent.click(add)
    expect(edges.navigations).not.toContain('cart')
  })

  it('a scale of −1 is refused with a message; the price and the button follow the field', async () => {
    const { next, scale } = await atMaterials()
    expect(next.disabled).toBe(false)
    await userEvent.clear(scale)
    await userEvent.type(scale, '-1')
    expect(screen.getByText('Die Skalierung muss mindestens 0,01 betragen.')).toBeTruthy()
    expect(scale.getAttribute('aria-invalid')).toBe('true')
    expect(total()).not.toMatch(/\d,\d\d/)
    expect(next.disabled).toBe(true)
    // A valid scale again: the message goes, a new price is asked for.
    await userEvent.clear(scale)
    await userEvent.type(scale, '2')
    expect(screen.queryByText('Die Skalierung muss mindestens 0,01 betragen.')).toBeNull()
  })
})
