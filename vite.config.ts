/// <reference types="vitest/config" />
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompressDir } from './src/server/http/precompress.ts'
import { runOnceServerTests } from './tests/db-independent-tests.ts'

const rootDir = fileURLToPath(new URL('.', import.meta.url))
const apiPort = process.env.PORT ?? '3000'
// CLIENT_DIR: the server reads the same variable, so a second build can run beside a served one.
const clientOutDir =
  process.env.CLIENT_DIR === undefined ? `${rootDir}dist/client` : resolve(process.env.CLIENT_DIR)

/** After a production build: brotli and gzip siblings of every text asset, served by the API server (issue 18). */
const precompress = (): Plugin => {
  let outDir = ''
  return {
    name: 'schichtwerk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      // Only the shop's own build: Storybook reuses this config for its static build, which needs no compression.
      if (outDir !== clientOutDir) return
      const summary = await precompressDir(outDir)
      const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`
      this.info(
        `precompressed ${summary.files} files: ${kb(summary.bytes)} → br ${kb(summary.brotliBytes)}, gz ${kb(summary.gzipBytes)}`,
      )
    },
  }
}

/**
 * The SSR bundle (`vite build --ssr ssr/entry-server.tsx`, decision 0109) goes beside the SPA (`<client dir>-ssr`,
 * where the server looks for it), never into the served folder; the SPA's build writes its manifest, from which the
 * server takes a prerendered page's route chunk (its CSS and module preloads).
 */
const ssrBundle = (): Plugin => ({
  name: 'schichtwerk-ssr-bundle',
  apply: 'build',
  config: (_config, env) =>
    env.isSsrBuild
      ? {
          build: {
            outDir: `${clientOutDir.replace(/\/+$/, '')}-ssr`,
            emptyOutDir: true,
            copyPublicDir: false,
          },
        }
      : { build: { manifest: true } },
})

const plugins = [
  react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
  lingui(),
  precompress(),
  ssrBundle(),
]

// The SPA lives in src/client (index.html there); the API server serves dist/client in production
// and Vite proxies /api to it in development.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  envDir: rootDir,
  plugins,
  build: {
    outDir: clientOutDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    root: rootDir,
    // One Vitest run, several projects: each test file lives in exactly one of them.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: rootDir,
          environment: 'node',
          // Pure code (machines, shared): one module graph for all files. A fresh process per file cost 57 s for
          // 16 s of tests; shared, the project takes 20 s (tests/README.md, "CI time").
          isolate: false,
          include: ['machines/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          root: rootDir,
          environment: 'happy-dom',
          include: ['src/client/**/*.test.{ts,tsx}', 'tests/dom/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
          // The first test of a file renders the whole app (lazy routes, catalogue, i18n): on a loaded 2-core
          // machine with both database lanes running beside it that has taken over 5 s, which is not a defect.
          testTimeout: 15_000,
        },
      },
      {
        // The analysis engine is pure: its tests need no database, so they run once, not in both database lanes.
        extends: true,
        test: {
          name: 'engine',
          root: rootDir,
          environment: 'node',
          // Pure too: shared module graph, as for unit.
          isolate: false,
          include: ['src/engine/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: rootDir,
          environment: 'node',
          // One module graph for the server files: a fresh process per file spent 4-5 s a file on start and imports
          // (861 of the PGlite lane's 1649 s). Each test builds its own app, database and pools; checked on both
          // lanes in a fresh order (PGlite 59 files in 578 s, PostgreSQL with server-no-db 587 s). server-no-db
          // stays isolated: its heap-limit test lost its child's heap bound that way.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/server/**/*.test.ts'],
          exclude: [...runOnceServerTests],
          setupFiles: ['tests/setup/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Server tests that open no test database, or only to hold the analysis child's tasks
        // (tests/db-independent-tests.ts): once per run, not once per lane.
        extends: true,
        test: {
          name: 'server-no-db',
          root: rootDir,
          environment: 'node',
          include: [...runOnceServerTests],
          setupFiles: ['tests/setup/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
