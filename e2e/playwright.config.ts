import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { serverOutDirOf } from '#server/build/bundle-server.ts'

// Browsers come from Debian (apt-get install chromium); Playwright never downloads its own.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
]

const port = Number(process.env.E2E_PORT ?? 3199)
// Each run starts on an empty embedded database so the seed is what the tests see. Kept in the environment so the
// workers (which inherit it) read the same DATA_DIR, e.g. its outbox.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'schichtwerk-e2e-')))

/**
 * The server runs as in production (decision 0127): the bundle `npm run build` wrote beside the client build the
 * run serves (SERVER_DIR, else `<CLIENT_DIR>-server`, else dist/server), with plain node. So e2e tests the build, as
 * it does for the client; after a change of server code, build first. `E2E_SERVER=sources` runs src/server through
 * tsx instead (working on the server without rebuilding), as does a build without a bundle, with a warning.
 */
function serverCommand(): string {
  if (process.env.E2E_SERVER === 'sources') return 'npx tsx src/server/main.ts'
  const main = join(serverOutDirOf(process.env), 'main.js')
  if (!existsSync(main)) {
    // A CLIENT_DIR build made before the bundle went beside it (decision 0127) has none: say so, run the sources.
    console.warn(`e2e: no server bundle at ${main} (npm run build makes it); running src/server through tsx`)
    return 'npx tsx src/server/main.ts'
  }
  return `node --max-semi-space-size=32 ${JSON.stringify(main)}`
}

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../test-results/e2e/results.json' }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
      grepInvert: /@mobile/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' }, grep: /@mobile/ },
  ],
  webServer: {
    command: serverCommand(),
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // PAYMENT_TEST_PROVIDER: PayPal orders are paid on the shop's local test page (decision 0096), so checkout specs
    // run the PayPal path without credentials.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The origin the browser uses: the provider's return links then come back to the same site (its cookies).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_TEST_PROVIDER: '1',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
