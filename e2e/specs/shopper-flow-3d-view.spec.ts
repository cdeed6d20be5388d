import { join, resolve } from 'node:path'
import { acceptCookies, expect, test } from '../fixtures.ts'

// Issue 14, item 10 (decision 0110): the 3D view is drawn by a Web Worker on an OffscreenCanvas, so no WebGL work
// runs on the main thread. What the shopper sees must not change: the model is drawn, turns when dragged, zooms with
// the wheel, takes the chosen colour, and the cart item gets a picture of the view.
const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')

test.beforeEach(async ({ page }) => acceptCookies(page))
// An upload, an analysis and three steps on a machine shared with other work: more than the default minute.
test.setTimeout(180_000)

test('the worker-drawn 3D view turns, zooms, follows the colour and gives the cart item its picture', async ({
  page,
}) => {
  const workers: string[] = []
  page.on('worker', (worker) => workers.push(worker.url()))
  await page.goto('/')
  await page.locator('input[data-upload-input]').setInputFiles(binaryCube)
  await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
    timeout: 60_000,
  })
  const view = page.getByRole('img', { name: /^3D-Ansicht von / })
  await expect(view).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 })
  const canvas = view.locator('canvas')
  await expect(canvas).toBeVisible()
  expect(workers.some((url) => /render\.worker/.test(url))).toBe(true)

  // Every check compares what the canvas shows, as the shopper sees it.
  const shot = () => canvas.screenshot()
  const drawn = await shot()
  const box = await canvas.boundingBox()
  if (!box) throw new Error('the canvas has no box')
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }

  await page.mouse.move(centre.x, centre.y)
  await page.mouse.down()
  await page.mouse.move(centre.x + 120, centre.y + 30, { steps: 8 })
  await page.mouse.up()
  await expect.poll(async () => (await shot()).equals(drawn), { timeout: 10_000 }).toBe(false)
  const turned = await shot()

  const scrolled = await page.evaluate(() => window.scrollY)
  await page.mouse.move(centre.x, centre.y)
  await page.mouse.wheel(0, -400)
  await expect.poll(async () => (await shot()).equals(turned), { timeout: 10_000 }).toBe(false)
  // The wheel zoomed the model, it did not scroll the page.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)

  // Another colour: the model is drawn again in it.
  await page.getByRole('button', { name: 'Weiter' }).click()
  await page.getByRole('radio', { name: /PLA \(Polylactid\)/ }).click()
  await page.getByRole('button', { name: 'Oberfläche wählen' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Oberfläche und Farbe' })).toBeVisible()
  const colours = page.getByRole('group', { name: 'Farbe', exact: true }).getByRole('radio')
  expect(await colours.count()).toBeGreaterThan(1)
  const before = await shot()
  for (let index = 0; index < (await colours.count()); index += 1) {
    const colour = colours.nth(index)
    if ((await colour.isChecked()) || !(await colour.isEnabled())) continue
    // The swatch's label is what a click hits (the radio itself is covered by its chip).
    await colour.locator('xpath=ancestor::label').click()
    await expect(colour).toBeChecked()
    break
  }
  await expect.poll(async () => (await shot()).equals(before), { timeout: 10_000 }).toBe(false)

  // The cart item's picture comes from the worker's canvas: the cart shows it, and it is a PNG.
  const thumbnail = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/item\/[^/]+\/thumbnail$/.test(response.url()),
  )
  await page.getByRole('button', { name: 'In den Warenkorb' }).click()
  expect((await thumbnail).ok()).toBe(true)
  await expect(page.getByRole('link', { name: 'Warenkorb: 1 Objekt' })).toBeVisible({ timeout: 20_000 })
  await page.goto('/cart')
  const picture = page.getByRole('img', { name: /^Vorschau von / })
  await expect(picture).toBeVisible({ timeout: 20_000 })
  const source = await picture.getAttribute('src')
  if (!source) throw new Error('the cart picture has no src')
  const bytes = await (await page.request.get(source)).body()
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
})
