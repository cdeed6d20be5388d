import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// German is the source and default locale (spec part 1 §1): messages are written in German in the code.
export default defineConfig({
  sourceLocale: 'de',
  locales: ['de', 'en', 'fr'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src/client'],
      exclude: ['**/node_modules/**'],
    },
  ],
  // Without line numbers a catalog changes only when a message does.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
})
