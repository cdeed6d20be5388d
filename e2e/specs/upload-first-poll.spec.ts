import { join, resolve } from 'node:path'
import { acceptCookies, expect, test } from '../fixtures.ts'

// Public test files, used in place (never copied into the project).
const corpus = resolve(import.meta.dirname, '../../../shared/corpus')
const binaryCube = join(corpus, 'stl/trimesh__20mm-xyz-cube.stl')

const UPLOAD = /\/api\/analytx\/file\/?$/
const TASK_POLL = /\/api\/analytx\/task\/[^/?]+\?/

test.describe('the first task poll (decision 0134)', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page))

  // Before, the client waited one poll interval (1 s) after the upload's answer before it asked; now it asks at once
  // and the server holds the answer until the measures are stored.
  test("goes out with the upload's answer, held until the measures are stored", async ({ page }) => {
    await page.goto('/')
    await page.locator('input[data-upload-input]').setInputFiles(binaryCube)
    await expect(page.getByRole('heading', { level: 1, name: 'Modell konfigurieren' })).toBeVisible({
      timeout: 60_000,
    })
    // The page's own clock (resource timing): when the upload's answer was in, when the first poll began.
    const calls = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        url: entry.name,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    )
    const upload = calls.find((call) => UPLOAD.test(new URL(call.url).pathname))
    const firstPoll = calls.filter((call) => TASK_POLL.test(call.url)).sort((a, b) => a.start - b.start)[0]
    expect(upload).toBeDefined()
    expect(firstPoll).toBeDefined()
    expect(new URL(firstPoll!.url).searchParams.get('until')).toBe('measured')
    // Well under the 1 s interval the first poll used to wait (a busy page's main thread included).
    expect(firstPoll!.start - upload!.end).toBeLessThan(500)
  })
})
