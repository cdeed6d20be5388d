/**
 * The home route guard (issue 18), run by `npm test` right after the build: the production server on a fresh
 * DATA_DIR with the build just made (CLIENT_DIR, else dist/client), Chromium opening `/` as a first-time visitor
 * until the network is idle, then moving the mouse (the SPA's start, decision 0123). Fails when
 * - the scripts `/` requests before the visitor acts weigh more than issue 18's budget, or the SPA it then starts
 *   more than the regression guard (gzip, the files actually requested), or
 * - the visit created a cart (`POST /api/checkout/cart`) or loaded the print-mode catalogue (`GET /api/print-modes`).
 *
 *   npx tsx tests/build/home-route-js.ts            # after npm run build
 *   CLIENT_DIR=tmp/dist-x npx tsx tests/build/home-route-js.ts
 *
 * The first load is held to issue 18's goal; the SPA's total to the figure reached (tests/bench/README.md, "Home
 * route JS") with a little room, so the guard catches regressions and is lowered with every step toward the goal.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  clientDirOf,
  HOME_JS_BUDGET_BYTES,
  kB,
  launchChromium,
  measureRoute,
  startShopServer,
} from '#tests/bench/home-route.ts'

/**
 * What the SPA `/` starts on the visitor's first sign of use may weigh, all scripts (2026-11-26: 219.0 kB, decision
 * 0118): a guard against regressions. What `/` loads before that must stay within HOME_JS_BUDGET_BYTES (decision 0123).
 */
const GUARD_BYTES = 224_000
/** Calls a first visit must not make. */
const FORBIDDEN_CALLS = ['POST /api/checkout/cart', 'GET /api/print-modes']

const started = Date.now()
const clientDir = clientDirOf()
const dataDir = mkdtempSync(path.join(tmpdir(), 'schichtwerk-home-guard-'))
const server = await startShopServer({ dataDir, clientDir })
const browser = await launchChromium()
const failures: string[] = []
try {
  const home = await measureRoute(browser, { base: server.base, clientDir })
  console.log(
    `home route JS before the visitor acts: ${kB(home.firstLoad.gzipBytes)} gzip over ${home.firstLoad.scripts.length} scripts (goal ${kB(HOME_JS_BUDGET_BYTES)})`,
  )
  for (const script of home.firstLoad.scripts) console.log(`  ${script.file} ${kB(script.gzipBytes)}`)
  console.log(
    `with the SPA after the first mouse move: ${kB(home.gzipBytes)} gzip over ${home.scripts.length} scripts (guard ${kB(GUARD_BYTES)})`,
  )
  for (const script of home.scripts) console.log(`  ${script.file} ${kB(script.gzipBytes)}`)
  console.log(`API calls: ${home.apiCalls.join(', ')}`)
  if (home.firstLoad.gzipBytes > HOME_JS_BUDGET_BYTES)
    failures.push(
      `/ loads ${kB(home.firstLoad.gzipBytes)} of JS (gzip) before the visitor acts, over the ${kB(HOME_JS_BUDGET_BYTES)} goal`,
    )
  if (home.gzipBytes > GUARD_BYTES)
    failures.push(`the SPA on / loads ${kB(home.gzipBytes)} of JS (gzip), over the ${kB(GUARD_BYTES)} guard`)
  for (const call of FORBIDDEN_CALLS)
    if (home.apiCalls.includes(call)) failures.push(`a first visit of / made ${call}`)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`)
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}`)
  process.exit(1)
}
console.log('home route guard ok')
