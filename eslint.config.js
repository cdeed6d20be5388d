// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { builtinRules } from 'eslint/use-at-your-own-risk'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Imports run one way: shared <- machines <- client, shared <- server (docs/decisions/0001). ESLint's own
// no-restricted-imports enforces the zones: eslint-plugin-import-x needs a native resolver whose platform packages
// the registry here does not serve, which breaks `npm ci`.
// Patterns are regular expressions (a leading # would be a comment in gitignore-style groups).
const patternsOf = (message, ...regexes) => regexes.map((regex) => ({ regex, message }))
const restrict = (...groups) => ({ 'no-restricted-imports': ['error', { patterns: groups.flat() }] })
const forbid = (message, ...regexes) => restrict(patternsOf(message, ...regexes))
const clientNeverServer = patternsOf(
  'The client never imports the server.',
  '^#server/',
  '(^|/)src/server/',
  '^(\\.\\./)+server/',
)
// Patterns every feature folder's block carries besides its own: a later flat-config block for the same files would
// replace the rule's options instead of adding to them, so further client rules for features join this list.
const featureWide = [
  // Features reach the app through the app-actors context only (docs/decisions/0080): app/ provides the actors and
  // starts the order flow; what features share with it lives in src/client/common/.
  ...patternsOf(
    'A feature imports from app/ only #client/app/app-actors.tsx (the app actors context).',
    '^#client/app/(?!app-actors\\.tsx$)',
    '(^|/)app/(?!app-actors\\.tsx$)',
  ),
]
// One block per feature folder (docs/decisions/0084): a feature imports itself, src/client/common and the client's
// shared folders, never another feature; what two features share moves to common/, and router/ or app/ composes them.
const featuresDir = new URL('./src/client/features/', import.meta.url)
const featureBoundaries = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    files: [`src/client/features/${name}/**/*.{ts,tsx}`],
    rules: restrict(
      clientNeverServer,
      featureWide,
      patternsOf(
        `The ${name} feature imports no other feature: share through src/client/common/ or compose in router/ or app/.`,
        `(^|/)features/(?!${name}/)`,
        '^\\.\\./[^./][^/]*/',
      ),
    ),
  }))
const serverWide = patternsOf(
  'The server imports src/shared and the engine face (#engine/engine.ts) only.',
  '^#client/',
  '^#machines/',
  '(^|/)src/client/',
  '(^|/)machines/',
  '^(\\.\\./)+client/',
  '^#engine/(?!engine\\.ts$|testing/)',
  '(^|/)engine/(?!engine\\.ts$)',
)
// One block per server module folder (docs/decisions/0081): a module reaches another only through that module's
// <y>.module.ts (its factory, service type and the types it re-exports) or its <z>-ports.ts (the typed seams two
// modules implement for each other, e.g. orders/order-ports.ts), never its routes, services, repos or tables.
// Each block repeats the server-wide patterns: a later block for the same files replaces the rule's options.
const modulesDir = new URL('./src/server/modules/', import.meta.url)
const moduleBoundaries = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    files: [`src/server/modules/${name}/**/*.ts`],
    rules: restrict(
      serverWide,
      patternsOf(
        `The ${name} module imports another module only through its <module>.module.ts (docs/decisions/0081).`,
        `^#server/modules/(?!${name}/)[^/]+/(?![^/]+\\.module\\.ts$|[^/]+-ports\\.ts$)`,
        `^(\\.\\./)+(?!${name}/)[^./][^/]*/(?![^/]+\\.module\\.ts$|[^/]+-ports\\.ts$)`,
      ),
    ),
  }))
const boundaries = [
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: forbid(
      'src/shared imports nothing but itself.',
      '^#client/',
      '^#server/',
      '^#machines/',
      '(^|/)src/client/',
      '(^|/)src/server/',
      '(^|/)machines/',
    ),
  },
  {
    files: ['machines/**/*.ts'],
    rules: forbid(
      'machines may import src/shared only.',
      '^#client/',
      '^#server/',
      '(^|/)src/client/',
      '(^|/)src/server/',
    ),
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: restrict(clientNeverServer),
  },
  ...featureBoundaries,
  {
    files: ['src/server/**/*.ts'],
    rules: restrict(serverWide),
  },
  ...moduleBoundaries,
  {
    // The engine is its own package (src/engine/README.md): it imports itself and #shared only.
    files: ['src/engine/**/*.ts'],
    rules: forbid(
      'The engine imports itself and #shared only.',
      '^#client/',
      '^#server/',
      '^#machines/',
      '(^|/)src/(client|server)/',
      '(^|/)machines/',
    ),
  },
  {
    // Tests and benchmarks use the engine through its face too (fixtures excepted).
    files: ['tests/**/*.ts', 'e2e/**/*.ts'],
    rules: forbid('Import the engine through #engine/engine.ts.', '^#engine/(?!engine\\.ts$|testing/)'),
  },
]

// Size limits (docs/decisions/0082-size-limits.md): a function over 80 lines or a file over 400 is a warning
// (`npm run lint:size` lists them), a function over 150 fails `npm run lint`. The two core rules are registered a
// second time as the local plugin `size`, so the 80/400 warnings and the 150 error can be switched separately:
// `npm run lint` turns `size/*` off and keeps --max-warnings=0 for everything else.
const size = {
  rules: {
    'max-lines-per-function': builtinRules.get('max-lines-per-function'),
    'max-lines': builtinRules.get('max-lines'),
  },
}
const countedLines = { skipBlankLines: true, skipComments: true }
const sizeExemptions = [
  // Seed data: tables of the demo catalogue written as literals, not logic to read.
  'src/server/db/seed-data/**',
  'src/server/db/seed.ts',
  // Mesh algorithms: one numeric loop reads best whole (decision 0082); they are covered by the engine's corpus.
  'src/engine/{repair,readers,thickness,render,measure,mesh,export}/**',
  // Tests and their harness: a describe block is as long as its cases, a fixture as long as its data.
  '**/*.test.{ts,tsx}',
  'tests/**',
  'e2e/**',
  'src/engine/testing/**',
  'src/client/testing/**',
  // Stories: one file lists every state of a view.
  '**/*.stories.tsx',
]
const sizeLimits = [
  // Registered for every file, so `--rule '{"size/…":"off"}'` is valid wherever ESLint looks.
  { plugins: { size } },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: sizeExemptions,
    rules: {
      'size/max-lines-per-function': ['warn', { max: 80, ...countedLines }],
      'size/max-lines': ['warn', { max: 400, ...countedLines }],
      'max-lines-per-function': ['error', { max: 150, ...countedLines }],
    },
  },
]

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'storybook-static',
      'coverage',
      'test-results',
      'locales/**/*.ts',
      'tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^\\.\\..*(src\\/server|src\\/client)/]',
          message: 'Use the #shared/#machines/#client/#server import aliases.',
        },
      ],
    },
  },
  ...boundaries,
  ...sizeLimits,
  {
    // Machines are pure: no fetch, no DOM, no storage, no timers outside XState.
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'fetch',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'setTimeout',
        'setInterval',
        'XMLHttpRequest',
      ],
    },
  },
)
