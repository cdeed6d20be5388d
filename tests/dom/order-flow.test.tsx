import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { type AnalysisTask } from '#shared/contracts/analysis.contract.ts'
import { CART_ID_STORAGE_KEY } from '#shared/contracts/cart.contract.ts'
import { type PricingBatchRequest } from '#shared/contracts/pricing.contract.ts'
import { API_KEY_HEADER, LANGUAGE_HEADER } from '#shared/domain/limits.ts'
import { UPLOAD_INPUT_ATTRIBUTE } from '#client/actors/file-picker.ts'
import { createMemoryStorage } from '#client/testing/memory-storage.ts'
import { CART_ID, cartItemOf, createFakeApi, id, OBJECT_ID, priceBatch, TASK_ID } from './fake-api.ts'
import { renderApp } from './render-app.tsx'

afterEach(cleanup)

const task = (
  state: AnalysisTask['state'],
  progress: number,
  messages: AnalysisTask['messages'],
): AnalysisTask => ({
  taskId: TASK_ID,
  state,
  progress,
  messages,
})

const TASKS = [
  task('running', 30, ['converting-to-stl', 'starting-analysis']),
  task('completed', 100, ['converting-to-stl', 'starting-analysis', 'analysis-completed']),
]

/** Small limits: the analysis is polled every few milliseconds. */
const FAST_UPLOAD = { maxPolls: 5, pollIntervalMs: 5, createNewDelayMs: 5, demoDelayMs: 5 }

async function chooseFile(name = 'bracket.stl', size = 2_000) {
  const input = document.querySelector<HTMLInputElement>(`input[${UPLOAD_INPUT_ATTRIBUTE}]`)
  if (!input) throw new Error('no upload input')
  await userEvent.upload(input, new File([new Uint8Array(size)], name, { type: 'model/stl' }))
}

describe('order flow: upload → configure → price → cart', () => {
  it('takes a file through the analysis, the three configure steps and into the cart', async () => {
    const api = createFakeApi({ tasks: TASKS })
    const { actors, edges } = await renderApp({
      path: '/',
      fetch: api.fetch,
      upload: api.upload,
      uploadInput: FAST_UPLOAD,
      apiKey: 'white-label-key',
      states: { cart: 'loading', printModes: 'loading' },
    })
    // A first visit creates no cart and loads no catalogue (issue 18).
    await waitFor(() => expect(actors.cart.getSnapshot().hasTag('ready')).toBe(true))
    expect(api.calls()).not.toContain('GET /api/print-modes')
    expect(api.calls()).not.toContain('POST /api/checkout/cart')

    await chooseFile()
    // Upload success → configure (sub-step 0): now the catalogue is needed, the cart still is not.
    expect(await screen.findByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeTruthy()
    expect(actors.orderProcess.getSnapshot().value).toBe('configureModel')
    expect(api.calls()).toEqual(
      expect.arrayContaining([
        'POST /api/analytx/file/',
        `GET /api/analytx/task/${TASK_ID}`,
        `GET /api/analytx/file/${OBJECT_ID}`,
        'GET /api/print-modes',
      ]),
    )
    expect(api.calls()).not.toContain('POST /api/checkout/cart')
    expect(edges.navigations).toContain('configure')
    // Every call carries the language and the API key.
    for (const request of api.requests) {
      expect(request.headers[LANGUAGE_HEADER]).toBe('DE')
      expect(request.headers[API_KEY_HEADER]).toBe('white-label-key')
    }

    // Step 0 → 1: the name and unit are saved.
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Material und Druckverfahren' })).toBeTruthy()
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Bracket',
      givenUnitOfLength: 'mm',
    })
    expect(actors.orderProcess.getSnapshot().context.configureSubStep).toBe(1)

    // A print mode: prices for the selection first, then every mode's default and the mode's colours.
    await userEvent.click(await screen.findByRole('radio', { name: /PA12 – Lasersintern/ }))
    expect(await screen.findByText('Druckbar')).toBeTruthy()
    const priceRequest = api.requests.findLast(
      (request) => request.path === '/api/pricing/batch-calculations',
    )
    expect(priceRequest?.body).toMatchObject({
      objectId: OBJECT_ID,
      objectScale: 1,
      objectUnitLength: 'mm',
      objectQuantity: 1,
      params: expect.arrayContaining([
        { printModeId: id('pm-1'), surfaceFinishId: id('f-1'), printModeColorId: id('c-1') },
        { printModeId: id('pm-2'), printModeColorId: id('c-4') },
        { printModeId: id('pm-1'), surfaceFinishId: id('f-2'), printModeColorId: id('c-3') },
      ]),
    })
    const price = screen.getByText('Gesamtpreis (1 Stück)').closest('div')
    expect(within(price as HTMLElement).getByText('14,88 €')).toBeTruthy()

    // Step 1 → 2 → add to cart → view cart.
    await userEvent.click(screen.getByRole('button', { name: 'Oberfläche wählen' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Oberfläche und Farbe' })).toBeTruthy()
    expect(actors.orderProcess.getSnapshot().context.configureSubStep).toBe(2)
    // The 3D view stores a preview image whenever the model changes (no WebGL here: store one by hand).
    const preview = new Blob(['png'], { type: 'image/png' })
    actors.configuration.get()?.preview.store(preview)
    await userEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }))
    await waitFor(() => expect(actors.orderProcess.getSnapshot().value).toBe('viewCart'))
    // The first add created the cart, and its id is stored for the next visit.
    expect(api.calls().filter((call) => call === 'POST /api/checkout/cart')).toHaveLength(1)
    expect(JSON.parse(edges.storage.getItem(CART_ID_STORAGE_KEY) ?? 'null')).toBe(CART_ID)
    // …and it becomes the cart item's thumbnail.
    await waitFor(() => expect(api.thumbnails).toEqual([preview]))
    expect(api.calls()).toContain(`POST /api/checkout/cart/${CART_ID}/item/${id('item-1')}/thumbnail`)
    expect(edges.navigations).toContain('cart')
    expect(actors.configuration.get()).toBeNull()
    expect(api.items()).toHaveLength(1)
    expect(api.items()[0]).toMatchObject({ objectId: OBJECT_ID, printModeId: id('pm-1'), quantity: 1 })
    // The header's count comes from the cart machine.
    expect(await screen.findByRole('link', { name: 'Warenkorb: 1 Objekt' })).toBeTruthy()
  })

  it('shows the pricing error, and no price, for an answer whose result columns are cut short', async () => {
    // The server's answer in columns (decision 0149) with one column a value short: it fits no request.
    const cutShort = (request: PricingBatchRequest) => {
      const answer = priceBatch(request)
      const { linePrice } = answer.results
      return {
        ...answer,
        results: { ...answer.results, linePrice: { ...linePrice, tax: linePrice.tax.slice(1) } },
      }
    }
    const api = createFakeApi({ tasks: TASKS, pricingAnswer: cutShort })
    await renderApp({
      path: '/',
      fetch: api.fetch,
      upload: api.upload,
      uploadInput: FAST_UPLOAD,
      states: { cart: 'loading', printModes: 'loading' },
    })
    await chooseFile()
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }))
    await userEvent.click(await screen.findByRole('radio', { name: /PA12 – Lasersintern/ }))

    expect(await screen.findByText('Der Preis konnte nicht berechnet werden.')).toBeTruthy()
    expect(api.calls()).toContain('POST /api/pricing/batch-calculations')
    // Placeholders only: no amount in euros anywhere in the price box.
    expect(document.querySelector('.price-box')?.textContent ?? '').not.toMatch(/\d,\d\d\s*€/)
  })

  it('shows the analysis messages and a progress bar while polling, and aborts', async () => {
    const api = createFakeApi({ tasks: [task('running', 40, ['converting-to-stl', 'repairing-file'])] })
    const { actors } = await renderApp({
      path: '/',
      fetch: api.fetch,
      upload: api.upload,
      uploadInput: { ...FAST_UPLOAD, maxPolls: 1_000, pollIntervalMs: 20 },
    })
    await chooseFile()
    // The desktop hero (the mobile order panel shows the same upload; CSS picks one by screen size).
    const hero = within(await screen.findByRole('region', { name: '3D-Druck online bestellen' }))
    const bar = await hero.findByRole('progressbar')
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'))
    expect(hero.getAllByText('Datei wird repariert').length).toBeGreaterThan(0)
    expect(
      hero.getByText('Ihre Datei wird gerade automatisch repariert. Das kann einen Moment dauern.'),
    ).toBeTruthy()
    expect(actors.notifications.getSnapshot().context.current?.message).toBe('upload-repairing')
    expect(actors.orderProcess.getSnapshot().value).toBe('upload')
    await userEvent.click(hero.getByRole('button', { name: 'Abbrechen' }))
    expect(hero.queryByRole('progressbar')).toBeNull()
    expect(hero.getByRole('button', { name: '3D-Datei auswählen' })).toBeTruthy()
  })

  it('a failed upload says so once, at the upload, and goes back to no order', async () => {
    const api = createFakeApi({
      failures: [{ method: 'POST', path: '/api/analytx/file/', code: 'internal_error' }],
    })
    const { actors } = await renderApp({
      path: '/',
      fetch: api.fetch,
      upload: api.upload,
      uploadInput: FAST_UPLOAD,
    })
    await chooseFile()
    expect(
      await screen.findAllByText(
        'Hier scheint ein Fehler aufgetreten zu sein. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.',
        { selector: '.notice__title' },
      ),
    ).toBeTruthy()
    expect(actors.orderProcess.getSnapshot().value).toBe('noOrderOngoing')
    // Not a second time in the snackbar (issue 14, item 8).
    expect(actors.notifications.getSnapshot().context.current).toBeNull()
  })

  it('the repairing notice leaves the snackbar when the configure view appears', async () => {
    const repairing = task('running', 40, ['converting-to-stl', 'repairing-file'])
    const api = createFakeApi({ tasks: [repairing, repairing, ...TASKS.slice(1)] })
    const { actors } = await renderApp({
      path: '/',
      fetch: api.fetch,
      upload: api.upload,
      uploadInput: { ...FAST_UPLOAD, pollIntervalMs: 20 },
    })
    await chooseFile()
    await waitFor(() =>
      expect(actors.notifications.getSnapshot().context.current?.message).toBe('upload-repairing'),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeTruthy()
    expect(actors.notifications.getSnapshot().context.current).toBeNull()
  })

  it('the demo object is analysed like a file', async () => {
    const api = createFakeApi({ tasks: TASKS })
    const { actors } = await renderApp({
      path: '/',
      fetch: api.fetch,
      upload: api.upload,
      uploadInput: FAST_UPLOAD,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Demo-Objekt ausprobieren' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeTruthy()
    expect(api.calls()).toContain('POST /api/analytx/demo')
    expect(actors.orderProcess.getSnapshot().value).toBe('configureModel')
  })

  it('the logo ends the configuration and goes back to no order', async () => {
    const { actors } = await renderApp({
      path: '/',
      configure: { state: 'materials:pm-1', pricing: 'printable' },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeTruthy()
    await userEvent.click(screen.getByRole('link', { name: 'Schichtwerk – zur Startseite' }))
    expect(await screen.findByRole('heading', { level: 1, name: '3D-Druck online bestellen' })).toBeTruthy()
    expect(actors.orderProcess.getSnapshot().value).toBe('noOrderOngoing')
    expect(actors.configuration.get()).toBeNull()
  })

  it('"choose a different 3D file" starts a new upload and opens the file picker', async () => {
    const { actors, edges } = await renderApp({
      path: '/',
      configure: { state: 'materials:pm-1', pricing: 'printable' },
      uploadInput: FAST_UPLOAD,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Andere 3D-Datei wählen' }))
    expect(actors.orderProcess.getSnapshot().value).toBe('upload')
    expect(actors.configuration.get()).toBeNull()
    await waitFor(() => expect(edges.openedFilePicker).toBe(1))
  })
})

describe('order flow: the cart', () => {
  const storedCart = () => createMemoryStorage({ [CART_ID_STORAGE_KEY]: JSON.stringify(CART_ID) })
  const item = cartItemOf(id('item-1'), {
    objectId: OBJECT_ID,
    quantity: 2,
    scale: 1,
    printModeId: id('pm-1'),
    acknowledgedRepairInfo: true,
  })

  it('loads the stored cart, and deleting the last item ends the order', async () => {
    const api = createFakeApi({ cartItems: [item] })
    const { actors } = await renderApp({
      path: '/cart',
      fetch: api.fetch,
      storage: storedCart(),
      states: { cart: 'loading', printModes: 'loading', orderProcess: 'noOrderOngoing' },
    })
    // Opening the cart is the cart step.
    expect(actors.orderProcess.getSnapshot().value).toBe('viewCart')
    const remove = await screen.findByRole('button', { name: 'Entfernen: Bracket' })
    expect(await screen.findByText(/PA12 – Lasersintern/)).toBeTruthy()
    // The stored cart is read (the header counts its items), never created anew; the cart page asks for the
    // catalogue to name the print modes.
    expect(await screen.findByRole('link', { name: /^Warenkorb: / })).toBeTruthy()
    expect(api.calls()).toContain(`GET /api/checkout/cart/${CART_ID}`)
    expect(api.calls()).toContain('GET /api/print-modes')
    expect(api.calls()).not.toContain('POST /api/checkout/cart')
    await userEvent.click(remove)
    expect(await screen.findByText('Ihr Warenkorb ist leer.')).toBeTruthy()
    expect(api.calls()).toContain(`DELETE /api/checkout/cart/${CART_ID}/item/${id('item-1')}`)
    expect(actors.orderProcess.getSnapshot().value).toBe('noOrderOngoing')
  })

  it('"add another 3D file" goes to configure sub-step 0 at home', async () => {
    const { actors, edges } = await renderApp({
      path: '/cart',
      cartItems: [item],
      states: { orderProcess: 'viewCart' },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Weitere 3D-Datei hinzufügen' }))
    expect(actors.orderProcess.getSnapshot().value).toBe('configureModel')
    expect(actors.orderProcess.getSnapshot().context.configureSubStep).toBe(0)
    expect(edges.wentHome).toBe(1)
  })

  it('"Bestellung abschließen" goes to the customer and payment details', async () => {
    const { actors, router } = await renderApp({
      path: '/cart',
      cartItems: [item],
      states: { orderProcess: 'viewCart' },
    })
    await userEvent.click(await screen.findByRole('link', { name: 'Bestellung abschließen' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-details'))
    expect(actors.orderProcess.getSnapshot().value).toBe('provideCustomerDetails')
  })
})
