// @ts-check
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Imports run one way: shared <- machines <- client, shared <- server (docs/decisions/0001).
const boundaries = {
  zones: [
    {
      target: './src/shared',
      from: ['./src/client', './src/server', './machines'],
      message: 'src/shared imports nothing but itself.',
    },
    {
      target: './machines',
      from: ['./src/client', './src/server'],
      message: 'machines may import src/shared only.',
    },
    { target: './src/client', from: ['./src/server'], message: 'The client never imports the server.' },
    {
      target: './src/server',
      from: ['./src/client', './machines'],
      message: 'The server imports src/shared only.',
    },
  ],
}

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
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      'import-x/no-restricted-paths': ['error', boundaries],
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
