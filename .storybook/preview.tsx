import { type Decorator, type Preview } from '@storybook/react-vite'
import { DEFAULT_LOCALE, type Locale } from '#shared/domain/limits.ts'
import { activateLocale } from '#client/i18n/i18n.ts'
import { isLocale, LOCALE_AUTONYMS } from '#client/i18n/locales.ts'
import { type AppStoryParameters, StoryApp } from '#client/testing/story-app.tsx'
import { STORY_VIEWPORTS } from '#client/testing/story-viewports.ts'
import '#client/styles/app.css'

const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE)

/** Fake app actors (started in the story's machine states), a memory-history router and Lingui around every story. */
const withApp: Decorator = (Story, context) => {
  const locale = localeOf(context.globals.locale)
  // The story runner opens iframe.html without the manager, so it reads the story's viewport from here.
  const viewport: unknown = context.globals.viewport
  document.documentElement.dataset.storyViewport =
    typeof viewport === 'object' &&
    viewport !== null &&
    'value' in viewport &&
    typeof viewport.value === 'string'
      ? viewport.value
      : ''
  const parameters = context.parameters as AppStoryParameters
  return (
    <StoryApp
      key={`${context.id}:${locale}`}
      locale={locale}
      options={parameters.app ?? {}}
      path={parameters.path ?? '/'}
      fullApp={parameters.fullApp ?? false}
      render={() => <Story />}
    />
  )
}

const px = (value: number) => `${value}px`

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Sprache der Oberfläche',
      toolbar: {
        title: 'Sprache',
        icon: 'globe',
        dynamicTitle: true,
        items: (['de', 'en', 'fr'] as const).map((value) => ({ value, title: LOCALE_AUTONYMS[value] })),
      },
    },
  },
  initialGlobals: { locale: DEFAULT_LOCALE },
  // Activate the toolbar's locale before the story renders (Lingui renders nothing without one).
  loaders: [({ globals }) => activateLocale(localeOf(globals.locale))],
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    viewport: {
      // The breakpoints of spec part 1 §9.
      options: Object.fromEntries(
        Object.entries(STORY_VIEWPORTS).map(([key, viewport]) => [
          key,
          {
            name: viewport.name,
            styles: { width: px(viewport.width), height: px(viewport.height) },
            type: viewport.type,
          },
        ]),
      ),
    },
  },
}

export default preview
