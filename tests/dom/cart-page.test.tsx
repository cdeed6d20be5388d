import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { CART_ID_STORAGE_KEY } from '#shared/contracts/cart.contract.ts'
import { cartTotalsOf } from '#client/features/cart/cart-totals.ts'
import { createMemoryStorage } from '#client/testing/memory-storage.ts'
import { bracketItem, clipItem, discountedItem, smallItem } from '#client/testing/shop-fixtures.ts'
import { CART_ID, cartItemOf, createFakeApi, id, OBJECT_ID } from './fake-api.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

describe('cart page', () => {
  it('says the cart is empty', async () => {
    await renderApp({ path: '/cart', cartItems: [] })
    expect(await screen.findByText('Ihr Warenkorb ist leer.')).toBeTruthy()
    // Nothing to go on with: no "Weiter", only another file.
    expect(screen.getByRole('button', { name: 'Andere 3D-Datei wählen' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Weiter' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Bestellung abschließen' })).toBeNull()
  })

  it('shows every field of an item', async () => {
    await renderApp({
      path: '/cart',
      cartItems: [bracketItem, clipItem],
      states: { orderProcess: 'viewCart' },
    })
    const item = within(
      (await screen.findByRole('heading', { level: 2, name: 'Halterung' })).closest('li') as HTMLElement,
    )
    expect(item.getByText('Größe: 40,00 × 20,00 × 10,00 mm')).toBeTruthy()
    expect(item.getByText(/PA12 – Lasersintern · Gestrahlt/)).toBeTruthy()
    expect(item.getByText('Weiß')).toBeTruthy()
    expect((item.getByRole('spinbutton', { name: 'Menge' }) as HTMLInputElement).value).toBe('2')
    expect(item.getByRole('img', { name: 'Vorschau von Halterung' })).toBeTruthy()
    expect(item.getByText('14,88 €')).toBeTruthy()
    expect(item.getByText('29,75 €')).toBeTruthy()
    // The clip was drawn in inches: its size is in its own unit.
    const clip = within(screen.getByRole('heading', { level: 2, name: 'Clip' }).closest('li') as HTMLElement)
    expect(clip.getByText('Größe: 3,05 × 2,54 × 1,27 Zoll')).toBeTruthy()
    expect(clip.getByRole('link', { name: 'zeichnung.pdf' })).toBeTruthy()
    expect(screen.getByText(/inkl. 19 % MwSt./)).toBeTruthy()
  })

  it('names print mode, finish and colour in the page language, not the one the item was added in', async () => {
    // Added on /fr/: the item carries the French names; the page is German.
    const addedInFrench = {
      ...bracketItem,
      surfaceFinish: { name: 'Brut' },
      color: bracketItem.color && { ...bracketItem.color, name: 'Blanc naturel' },
    }
    await renderApp({ path: '/cart', cartItems: [addedInFrench], states: { orderProcess: 'viewCart' } })
    const item = within(
      (await screen.findByRole('heading', { level: 2, name: 'Halterung' })).closest('li') as HTMLElement,
    )
    expect(item.getByText(/PA12 – Lasersintern · Gestrahlt/)).toBeTruthy()
    expect(item.getByText('Weiß')).toBeTruthy()
    expect(item.queryByText(/Brut|Blanc naturel/)).toBeNull()
  })

  it('strikes through the price before a discount', async () => {
    await renderApp({ path: '/cart', cartItems: [discountedItem] })
    const before = await screen.findByText('29,76 €')
    expect(before.closest('del')).toBeTruthy()
    expect(screen.getAllByText('26,78 €').length).toBeGreaterThan(0)
  })

  it('warns below the minimum order value and adds the small-order surcharge', async () => {
    await renderApp({ path: '/cart', cartItems: [smallItem] })
    expect(await screen.findByText('Der Mindestbestellwert von 30€ wurde noch nicht erreicht.')).toBeTruthy()
    const surcharge = screen.getByText('Mindermengenzuschlag').closest('div')
    expect(within(surcharge as HTMLElement).getByText('21,79 €')).toBeTruthy()
    expect(cartTotalsOf([smallItem])).toMatchObject({
      goods: { net: 690, gross: 821 },
      surcharge: { net: 1_831, gross: 2_179 },
      total: { gross: 3_000 },
    })
    cleanup()
    await renderApp({ path: '/cart', cartItems: [clipItem] })
    await screen.findByRole('heading', { level: 2, name: 'Clip' })
    expect(screen.queryByText(/Mindestbestellwert/)).toBeNull()
  })

  it('shows business customers net amounts', async () => {
    await renderApp({ path: '/cart', cartItems: [bracketItem], states: { preferences: 'ready:business' } })
    const item = within(
      (await screen.findByRole('heading', { level: 2, name: 'Halterung' })).closest('li') as HTMLElement,
    )
    expect(item.getByText('12,50 €')).toBeTruthy()
    expect(item.getByText('25,00 €')).toBeTruthy()
    expect(screen.getByText(/zzgl. 19 % MwSt./)).toBeTruthy()
  })

  it('asks for the attachment disclaimer before the first attachment', async () => {
    const { actors } = await renderApp({ path: '/cart', cartItems: [bracketItem] })
    await userEvent.click(await screen.findByRole('button', { name: 'Hinweis akzeptieren' }))
    expect(actors.preferences.getSnapshot().context.acceptAttachmentDisclaimer.value).toBe(true)
    expect(screen.getByRole('button', { name: 'Anhang hinzufügen' })).toBeTruthy()
  })

  it('opens the processing steps as a demo whose add button needs an option', async () => {
    await renderApp({ path: '/cart', cartItems: [bracketItem] })
    await userEvent.click(await screen.findByRole('button', { name: 'Nachbearbeitung wählen (Demo)' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Nachbearbeitung für Halterung' }))
    expect(dialog.getByText(/Demo: Diese Funktion ist eine Vorschau/)).toBeTruthy()
    const add = dialog.getByRole('button', { name: 'Hinzufügen' }) as HTMLButtonElement
    expect(add.disabled).toBe(true)
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Option' }), 'M4')
    expect(add.disabled).toBe(false)
    await userEvent.clear(dialog.getByRole('spinbutton', { name: 'Anzahl' }))
    expect(add.disabled).toBe(true)
  })
})

describe('cart quantity input', () => {
  const storage = () => createMemoryStorage({ [CART_ID_STORAGE_KEY]: JSON.stringify(CART_ID) })
  const item = cartItemOf(id('item-1'), {
    objectId: OBJECT_ID,
    quantity: 2,
    scale: 1,
    printModeId: id('pm-1'),
    acknowledgedRepairInfo: true,
  })

  const setup = async () => {
    const api = createFakeApi({ cartItems: [item] })
    await renderApp({ path: '/cart', fetch: api.fetch, storage: storage(), states: { cart: 'loading' } })
    const input = (await screen.findByRole('spinbutton', { name: 'Menge' })) as HTMLInputElement
    return { api, input }
  }
  const patches = (api: ReturnType<typeof createFakeApi>) =>
    api.requests.filter((request) => request.method === 'PATCH')

  it('sends a whole number of at least 1 on Enter, and shows the new prices', async () => {
    const { api, input } = await setup()
    await userEvent.clear(input)
    await userEvent.type(input, '3{Enter}')
    await waitFor(() => expect(patches(api)).toHaveLength(1))
    expect(patches(api)[0]?.body).toEqual({ items: [{ _id: id('item-1'), quantity: 3 }] })
    expect((await screen.findAllByText('44,63 €')).length).toBeGreaterThan(0)
  })

  it('refuses 0 and fractions with a reason, without a call', async () => {
    const { api, input } = await setup()
    await userEvent.clear(input)
    await userEvent.type(input, '0{Enter}')
    expect(screen.getByText('Die Menge muss mindestens 1 sein.')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    await userEvent.clear(input)
    await userEvent.type(input, '1.5')
    await userEvent.tab()
    expect(screen.getByText('Bitte geben Sie eine ganze Zahl ein.')).toBeTruthy()
    expect(patches(api)).toHaveLength(0)
  })

  it('sends nothing when the quantity did not change', async () => {
    const { api, input } = await setup()
    await userEvent.clear(input)
    await userEvent.type(input, '2')
    await userEvent.tab()
    expect(patches(api)).toHaveLength(0)
  })
})
