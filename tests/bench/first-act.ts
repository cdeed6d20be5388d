/**
 * The price of starting the SPA on the first sign of use (decision 0128): on a prerendered `/` a first-time visitor
 * moves the pointer to the cookie dialog and clicks "Nur notwendige"; measured from that first pointer move (which
 * starts the SPA) until the dialog is gone (the click replayed on the SPA's dialog). Five fresh contexts, Debian's
 * Chromium, phone-sized viewport. Against a running shop:
 *
 *   npm run build && npm run serve                          # another shell
 *   npx tsx tests/bench/first-act.ts http://127.0.0.1:3000/
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_PATH } from './home-route.ts'

const url = process.argv[2] ?? 'http://127.0.0.1:3000/'
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--disable-gpu'] })
const results: number[] = []
try {
  for (let run = 0; run < 5; run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    const page = await context.newPage()
    await page.goto(url)
    await page.waitForTimeout(1000)
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' })
    const box = await dialog.getByRole('button', { name: 'Nur notwendige' }).boundingBox()
    if (box === null) throw new Error('no cookie dialog on the page: is it a first visit of a prerendered /?')
    const started = Date.now()
    await page.mouse.move(box.x + 5, box.y + 5)
    await page.mouse.down()
    await page.mouse.up()
    await dialog.waitFor({ state: 'hidden' })
    results.push(Date.now() - started)
    await context.close()
  }
} finally {
  await browser.close()
}
console.log(`first pointer move → cookie dialog closed (ms): ${results.join(', ')}`)
