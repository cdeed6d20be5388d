/**
 * One Chromium page holding Storybook's preview (`iframe.html`) for the story runner. The first story of a page is
 * opened with a full navigation; every further story is switched to through the preview's channel
 * (`setCurrentStory`, as Storybook's manager does), which saves loading, parsing and compiling the preview bundle,
 * the lazy chunks and axe-core again for each story. Storybook tears the previous story down (React unmount, fake
 * actors stopped) before it renders the next one; the runner also resets what the page keeps between stories
 * (viewport, scroll position, web storage, the attributes of `<html>`).
 */
import axe from 'axe-core'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { DEFAULT_STORY_VIEWPORT, isStoryViewport, STORY_VIEWPORTS } from '#client/testing/story-viewports.ts'

export type StoryEntry = { id: string; title: string; name: string }

const RENDER_TIMEOUT_MS = 15_000
/** How long no request may be open before a story counts as settled (Playwright's `networkidle` uses 500 ms). */
const NETWORK_QUIET_MS = 500
/** axe impacts that fail a story. */
const FAILING_IMPACTS = new Set(['serious', 'critical'])
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
]

const firstLine = (text: string): string => (text.split('\n')[0] ?? '').slice(0, 300)
const size = (viewport: keyof typeof STORY_VIEWPORTS) => ({
  width: STORY_VIEWPORTS[viewport].width,
  height: STORY_VIEWPORTS[viewport].height,
})

export const launchOptions = (executablePath: string) => ({ executablePath, args: CHROMIUM_ARGS })

type Channel = {
  on: (event: string, listener: (payload?: unknown) => void) => void
  off: (event: string, listener: (payload?: unknown) => void) => void
  emit: (event: string, payload: unknown) => void
}
type PreviewWindow = {
  __STORYBOOK_ADDONS_CHANNEL__?: Channel
  __initialHtmlAttributes?: Array<[string, string]>
  axe?: typeof axe
}

/**
 * Records the attributes of `<html>` as iframe.html has them, before any script of the preview runs (the document
 * turns `interactive` before its deferred and module scripts run). A string, not a function: tsx would wrap a
 * function's inner names in its `__name` helper, which the page does not have.
 */
const RECORD_HTML_ATTRIBUTES = `document.addEventListener('readystatechange', () => {
  if (document.readyState === 'interactive' && !window.__initialHtmlAttributes) {
    window.__initialHtmlAttributes = [...document.documentElement.attributes].map((a) => [a.name, a.value])
  }
})`
type AxeViolation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown }> }

export class PreviewPage {
  /** Problems of the story being checked: console errors, page errors and stray requests land here. */
  private problems: string[] = []
  private openRequests = 0
  private lastRequestAt = 0
  private storiesShown = 0
  private resized = false

  private constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {}

  static async open(browser: Browser): Promise<PreviewPage> {
    const context = await browser.newContext({ viewport: size(DEFAULT_STORY_VIEWPORT) })
    await context.addInitScript({ content: RECORD_HTML_ATTRIBUTES })
    const preview = new PreviewPage(context, await context.newPage())
    await preview.listen()
    return preview
  }

  /** How many stories this page has shown (the runner starts a new page now and then to bound its memory). */
  get shown(): number {
    return this.storiesShown
  }

  close(): Promise<void> {
    return this.context.close()
  }

  /** Shows the story and returns its problems; a page that has shown a story switches instead of navigating. */
  async check(origin: string, entry: StoryEntry): Promise<string[]> {
    this.problems = []
    try {
      const outcome =
        this.storiesShown === 0 ? await this.navigate(origin, entry.id) : await this.switchTo(entry.id)
      this.storiesShown += 1
      if (outcome === 'main') await this.inspect()
      else this.problems.push(`render ${outcome}`)
    } catch (error) {
      this.problems.push(`runner: ${error instanceof Error ? firstLine(error.message) : String(error)}`)
    }
    return this.problems
  }

  private async listen(): Promise<void> {
    const { page } = this
    page.on('console', (message) => {
      if (message.type() === 'error') this.problems.push(`console error: ${firstLine(message.text())}`)
    })
    page.on('pageerror', (error) => this.problems.push(`page error: ${firstLine(error.message)}`))
    page.on('crash', () => this.problems.push('page crashed'))
    page.on('request', () => this.countRequest(1))
    page.on('requestfinished', () => this.countRequest(-1))
    page.on('requestfailed', () => this.countRequest(-1))
    // Stories run on fakes: any request leaving localhost is a bug (and would hang offline).
    await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
      this.problems.push(`request to ${route.request().url()}`)
      return route.abort()
    })
  }

  private countRequest(delta: number): void {
    this.openRequests += delta
    this.lastRequestAt = Date.now()
  }

  /** A full load of iframe.html for the story: Storybook shows the story, an error display or "no preview". */
  private async navigate(origin: string, storyId: string): Promise<string> {
    await this.page.goto(`${origin}/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story`)
    const shown = await this.page.waitForFunction(
      () => {
        const classes = document.body.classList
        if (classes.contains('sb-show-errordisplay')) return 'error'
        if (classes.contains('sb-show-nopreview')) return 'nopreview'
        return classes.contains('sb-show-main') ? 'main' : false
      },
      undefined,
      { timeout: RENDER_TIMEOUT_MS },
    )
    const outcome = String(await shown.jsonValue())
    return outcome === 'main' ? outcome : `${outcome}: ${await this.errorDisplayText()}`
  }

  private errorDisplayText(): Promise<string> {
    return this.page
      .locator('#error-message, .sb-errordisplay')
      .first()
      .innerText()
      .then((text) => text.trim().split('\n')[0] ?? '')
      .catch(() => '')
  }

  /** Asks the loaded preview for the next story and waits for Storybook's verdict on it. */
  private async switchTo(storyId: string): Promise<string> {
    await this.resetPage()
    // No named functions in here: tsx would wrap them in its `__name` helper, which the page does not have.
    return this.page.evaluate(
      ({ id, timeoutMs }) =>
        new Promise<string>((resolve) => {
          const channel = (window as unknown as PreviewWindow).__STORYBOOK_ADDONS_CHANNEL__
          if (!channel) return resolve('error: the preview has no channel')
          const verdicts: Array<[string, (payload?: unknown) => string | undefined]> = [
            ['storyRendered', (payload) => (payload === id ? 'main' : undefined)],
            ['storyMissing', () => 'missing'],
            ['storyErrored', (payload) => `error: ${JSON.stringify(payload)}`],
            ['storyThrewException', (payload) => `exception: ${JSON.stringify(payload)}`],
            ['playFunctionThrewException', (payload) => `play function threw: ${JSON.stringify(payload)}`],
          ]
          const listeners = verdicts.map(([event, verdict]): [string, (payload?: unknown) => void] => [
            event,
            (payload) => {
              const outcome = verdict(payload)
              if (outcome === undefined) return
              for (const [name, listener] of listeners) channel.off(name, listener)
              clearTimeout(timer)
              resolve(outcome.slice(0, 300))
            },
          ])
          const timer = setTimeout(() => resolve(`timeout: no verdict after ${timeoutMs} ms`), timeoutMs)
          for (const [name, listener] of listeners) channel.on(name, listener)
          channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
        }),
      { id: storyId, timeoutMs: RENDER_TIMEOUT_MS },
    )
  }

  /** What a fresh page would start with: the default viewport, no scroll, empty storage, the first `<html>`. */
  private async resetPage(): Promise<void> {
    if (this.resized) await this.page.setViewportSize(size(DEFAULT_STORY_VIEWPORT))
    this.resized = false
    await this.page.evaluate(() => {
      const html = document.documentElement
      const initial = (window as unknown as PreviewWindow).__initialHtmlAttributes ?? []
      for (const name of html.getAttributeNames()) html.removeAttribute(name)
      for (const [name, value] of initial) html.setAttribute(name, value)
      window.scrollTo(0, 0)
      localStorage.clear()
      sessionStorage.clear()
    })
  }

  /** The checks on a rendered story: quiet network, the story's viewport, no router error page, axe. */
  private async inspect(): Promise<void> {
    // Lazy route chunks, catalogs and 3D models: wait until the network is quiet.
    await this.networkQuiet()
    const viewport = await this.page.evaluate(() => document.documentElement.dataset.storyViewport)
    if (isStoryViewport(viewport) && viewport !== DEFAULT_STORY_VIEWPORT) {
      await this.page.setViewportSize(size(viewport))
      this.resized = true
      await this.page.waitForTimeout(50)
    }
    const rootHtml = await this.page.locator('#storybook-root').innerHTML()
    if (rootHtml.includes('data-tsr-error') || rootHtml.includes('Something went wrong!')) {
      this.problems.push('the router rendered its error component')
    }
    for (const violation of await this.runAxe()) {
      if (!FAILING_IMPACTS.has(violation.impact ?? '')) continue
      const targets = violation.nodes
        .map((node) => JSON.stringify(node.target))
        .slice(0, 3)
        .join(', ')
      this.problems.push(`axe ${violation.impact} ${violation.id}: ${violation.help} (${targets})`)
    }
  }

  private async networkQuiet(): Promise<void> {
    const deadline = Date.now() + RENDER_TIMEOUT_MS
    while (this.openRequests > 0 || Date.now() - this.lastRequestAt < NETWORK_QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`network not quiet after ${RENDER_TIMEOUT_MS} ms`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  private async runAxe(): Promise<AxeViolation[]> {
    // axe-core is injected once per page: it keeps no state between runs.
    const loaded = await this.page.evaluate(() => (window as unknown as PreviewWindow).axe !== undefined)
    if (!loaded) await this.page.addScriptTag({ content: axe.source })
    return this.page.evaluate(async () => {
      const runner = (window as unknown as { axe: typeof axe }).axe
      const results = await runner.run(document, { resultTypes: ['violations'] })
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target })),
      }))
    })
  }
}
