import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type CmsPage } from '#shared/contracts/cms.contract.ts'
import {
  aboutPageWithBanner,
  contactPage,
  designGuidelinesPage,
  startPage,
  storyElement,
  storyPage,
} from '#client/testing/cms-story-pages.ts'
import { cmsPagesFetch } from '#client/testing/cms-story-fetch.ts'
import { type CmsPageStoryState } from '#client/testing/content-story-states.ts'
import { type AppStoryParameters, onMobile, onTablet } from '#client/testing/story-app.tsx'
import { CmsPageOutlet } from './cms-page-outlet.tsx'
import { HomeCmsContent } from '#client/router/home-cms-content.tsx'

/**
 * CMS pages from the CMS page machine's states (`cmsPage`: loading, loaded, failed): breadcrumbs, the sticky story
 * navigation, the elements; whole screens through the real routes.
 */
const meta = {
  title: 'CMS/Page',
  component: CmsPageOutlet,
  args: { lang: 'de', slug: 'kontakt', loadingTitle: 'Kontakt' },
} satisfies Meta<typeof CmsPageOutlet>

export default meta
type Story = StoryObj<typeof meta>

const inState = (state: CmsPageStoryState, page: CmsPage, title: string): Story => ({
  args: { lang: page.lang, slug: page.slug, loadingTitle: title },
  parameters: { app: { content: { page: { state, page } } } } satisfies AppStoryParameters,
})

export const Loaded = inState('loaded', contactPage, 'Kontakt')
export const Loading = inState('loading', contactPage, 'Kontakt')
/** Breadcrumbs and the story navigation, which sticks below the header (178 px desktop). */
export const BreadcrumbsAndStoryNavigation = inState(
  'loaded',
  designGuidelinesPage,
  'Tipps und Tricks im 3D-Druck',
)
/** The story navigation as a scrolling bar that sticks at 56 px. */
export const StoryNavigationMobile: Story = { ...BreadcrumbsAndStoryNavigation, ...onMobile }
export const StoryNavigationTablet: Story = { ...BreadcrumbsAndStoryNavigation, ...onTablet }
export const EnglishPage: Story = {
  ...inState(
    'loaded',
    { ...contactPage, lang: 'en', meta: { ...contactPage.meta, title: 'Contact' } },
    'Contact',
  ),
  globals: { locale: 'en' },
}
/**
 * A page with a picture of its own (`resources.media`) and no hero element: the picture is a decorative banner above
 * the content (decision 0064). A page with a layout-4 hero (the start page) shows no banner.
 */
export const WithBanner = inState('loaded', aboutPageWithBanner, 'Über uns')
export const WithBannerMobile: Story = { ...WithBanner, ...onMobile }
/** A page with an element the shop cannot show: the others render, that one shows the fallback. */
export const WithUnsupportedElement = inState(
  'loaded',
  storyPage({
    slug: 'downloads',
    title: 'Downloads',
    elements: [
      storyElement('heading', 'default', {
        id: 'downloads',
        content: { header: 'Downloads', headerLayout: 1, headerLink: null },
      }),
      storyElement('uploads', 'default', { id: 'files' }),
    ],
  }),
  'Downloads',
)

/** The start page below the home page's hero: headings start at h2 (the hero has the h1). */
export const HomeContent: Story = {
  render: () => <HomeCmsContent />,
  parameters: {
    app: { content: { page: { state: 'loaded', page: startPage } } },
  } satisfies AppStoryParameters,
}

const screen = (parameters: AppStoryParameters): Story => ({ parameters: { fullApp: true, ...parameters } })

export const ScreenDesignGuidelines = screen({
  path: '/produktion/tipps-und-tricks-im-3d-druck#cart-steps',
  app: { content: { page: { state: 'loaded', page: designGuidelinesPage } } },
})
export const ScreenHomeWithStartPage = screen({
  path: '/',
  app: { content: { page: { state: 'loaded', page: startPage } } },
})
export const ScreenHomeWithStartPageMobile: Story = {
  ...ScreenHomeWithStartPage,
  ...onMobile,
}
export const ScreenCmsPageLoading = screen({ path: '/portfolio' })

/** A path with no CMS page: the route goes to /not-available with the 4xx wording (part 2 §2). */
export const ScreenUnknownPageNotAvailable404 = screen({
  path: '/gibt-es-nicht',
  app: { fetch: cmsPagesFetch({ error: 'not_found' }) },
})
/** The CMS answers with a server error: /not-available with the 5xx wording. */
export const ScreenServerErrorNotAvailable500 = screen({
  path: '/portfolio',
  app: { fetch: cmsPagesFetch({ error: 'service_unavailable' }) },
})
export const ScreenServerErrorNotAvailable500English: Story = {
  ...ScreenServerErrorNotAvailable500,
  globals: { locale: 'en' },
}
