/**
 * Server-side test files that never open the test database (no createTestDb, createTestApp, serverDatabase or
 * TEST_DATABASE_URL, directly or through a helper): pure modules, worker pools, file locks, and the PGlite crash
 * test, which always writes to its own embedded PGlite. Run in the PostgreSQL lane as well, they would repeat the
 * same code on the same inputs; so they form the `server-no-db` project, which `npm test` runs once (in the lane
 * that has room, tests/run-all.ts), like the analysis engine.
 *
 * A file that starts to use the database must leave this list, or it loses its PostgreSQL run. A file missing from
 * the list only costs time: it then runs in both lanes.
 */
export const dbIndependentTests: readonly string[] = [
  'src/server/build/bundle-server.test.ts',
  'src/server/config/contact-inbox.test.ts',
  'src/server/http/api-path.test.ts',
  'src/server/http/security-headers.test.ts',
  'src/server/http/serialization-schema.test.ts',
  'src/server/modules/analysis/content-sniff.test.ts',
  'src/server/modules/analysis/demo/demo-vase.test.ts',
  'src/server/modules/analysis/file-name.test.ts',
  'src/server/modules/auth/hash-queue.test.ts',
  'src/server/modules/auth/initial-staff-password.test.ts',
  'src/server/modules/auth/sign-in-throttle.test.ts',
  'src/server/modules/cart/cart-files.test.ts',
  'src/server/modules/cart/cart-read-cache.test.ts',
  'src/server/modules/cart/cart-version-batch.test.ts',
  'src/server/modules/catalogue/catalogue-cache.test.ts',
  'src/server/modules/catalogue/staff/color-image.test.ts',
  'src/server/modules/content/sanitize-html.test.ts',
  'src/server/modules/content/seed/seed-content.test.ts',
  'src/server/modules/pricing/price-configuration.test.ts',
  'src/server/modules/pricing/pricing-answer-cache.test.ts',
  'src/server/modules/pricing/pricing-answer-json.test.ts',
  'src/server/modules/pricing/pricing-body.test.ts',
  'src/server/modules/pricing/pricing-request.test.ts',
  'src/server/modules/pricing/seen-keys.test.ts',
  'src/server/modules/pricing/sheet-replay.test.ts',
  'src/server/modules/pricing/sheet/compile-sheet.test.ts',
  'src/server/modules/pricing/sheet/default-sheets.test.ts',
  'src/server/modules/pricing/sheet/formula-functions.test.ts',
  'src/server/modules/pricing/sheet/formula-parser.test.ts',
  'src/server/modules/pricing/sheet/sheet-variables.test.ts',
  'src/server/modules/pricing/sheet/test-sheet.test.ts',
  'src/server/modules/pricing/sheet/validate-sheet.test.ts',
  'src/server/server-v8-flags.test.ts',
  'tests/integration/analysis-process-pool.test.ts',
  'tests/integration/analysis-worker-pool.test.ts',
  'tests/integration/data-dir-lock.test.ts',
  'tests/integration/env.test.ts',
  'tests/integration/health.test.ts',
  // Start the server process on its own embedded PGlite (DATA_DIR), whatever TEST_DATABASE_URL says.
  'tests/integration/idle-server.test.ts',
  'tests/integration/mail-outbox.test.ts',
  'tests/integration/pglite-crash.test.ts',
  'tests/integration/server-process.test.ts',
  'tests/server/bench/paced-load.test.ts',
  'tests/server/order-documents/order-documents.test.ts',
]

/**
 * Server tests that open the test database only to hold an upload's task and result, through the same queries as
 * every other analysis test: their subject is the analysis child (hostile files and its limits, the event loop
 * while it works, its second thread). They are among the slowest files (each analyses large models), and a second
 * database engine adds nothing to what they check, so they run once too: in the `server-no-db` project, on
 * PostgreSQL in CI (the lane that runs that project) and on PGlite without TEST_DATABASE_URL. The task queue's
 * engine-dependent parts (leases, interrupted runs, two processes, crashes) stay in both lanes.
 */
export const analysisChildTests: readonly string[] = [
  'tests/integration/analysis-bad-inputs.test.ts',
  'tests/integration/analysis-event-loop.test.ts',
  'tests/integration/analysis-second-thread.test.ts',
]

/** Every server test file that `npm test` runs once rather than once per database lane. */
export const runOnceServerTests: readonly string[] = [...dbIndependentTests, ...analysisChildTests]
