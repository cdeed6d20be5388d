import { type Meta, type StoryObj } from '@storybook/react-vite'
import { type CmsElement, type CmsLayout } from '#shared/contracts/cms.contract.ts'
import { storyCards, storyElement } from '#client/testing/cms-story-pages.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { CmsElements } from './cms-element.tsx'

/** Every element type in every layout (spec part 2 §2, part 1 §9), and the fallback for what is not supported. */
const meta = {
  title: 'CMS/Elements',
  component: CmsElements,
  args: { elements: [] },
  render: (args) => (
    <div className="cms-page">
      <CmsElements {...args} />
    </div>
  ),
} satisfies Meta<typeof CmsElements>

export default meta
type Story = StoryObj<typeof meta>

const elements = (list: CmsElement[]): Story => ({ args: { elements: list } })
/** One element; the card layouts (layout-6, layout-7) as a row of four, as pages use them. */
const element = (type: 'heading' | 'text' | 'textpic', layout: CmsLayout): Story =>
  elements(
    layout === 'layout-6' || layout === 'layout-7' ? storyCards(type, layout) : [storyElement(type, layout)],
  )

export const HeadingDefault = element('heading', 'default')
export const HeadingLayout1DarkSplit = element('heading', 'layout-1')
export const HeadingLayout2Split = element('heading', 'layout-2')
export const HeadingLayout3CallToAction = element('heading', 'layout-3')
export const HeadingLayout4Hero = element('heading', 'layout-4')
export const HeadingLayout5ProductBox = element('heading', 'layout-5')
export const HeadingLayout6QuarterBoxes = element('heading', 'layout-6')
export const HeadingLayout7ContentPreview = element('heading', 'layout-7')

export const TextDefault = element('text', 'default')
export const TextLayout1DarkSplit = element('text', 'layout-1')
export const TextLayout2Split = element('text', 'layout-2')
export const TextLayout3CallToAction = element('text', 'layout-3')
export const TextLayout4Hero = element('text', 'layout-4')
export const TextLayout5ProductBox = element('text', 'layout-5')
export const TextLayout6QuarterBoxes = element('text', 'layout-6')
export const TextLayout7ContentPreview = element('text', 'layout-7')

export const TextPicDefault = element('textpic', 'default')
export const TextPicLayout1DarkSplit = element('textpic', 'layout-1')
export const TextPicLayout2Split = element('textpic', 'layout-2')
export const TextPicLayout3CallToAction = element('textpic', 'layout-3')
export const TextPicLayout4Hero = element('textpic', 'layout-4')
export const TextPicLayout5ProductBox = element('textpic', 'layout-5')
export const TextPicLayout6QuarterBoxes = element('textpic', 'layout-6')
export const TextPicLayout7ContentPreview = element('textpic', 'layout-7')

/** Pictures on each side of the text (default layout). */
export const TextPicGalleryPositions = elements(
  (['above', 'below', 'left', 'right'] as const).map((position) =>
    storyElement('textpic', 'default', {
      id: `textpic-${position}`,
      content: {
        header: `Bilder ${position}`,
        headerLink: null,
        gallery: {
          rows: 1,
          columns: 1,
          position,
          images: [
            {
              publicUrl: '/api/cms/media/layers.svg',
              alt: 'Schmelzschichtung',
              width: 400,
              height: 300,
            },
          ],
        },
      },
    }),
  ),
)

/** headerLayout 1–5 set the level, 100 hides the header; headerPosition aligns it. */
export const HeadingLevelsAndPositions = elements([
  ...[1, 2, 3, 4, 5].map((level) =>
    storyElement('heading', 'default', {
      id: `level-${level}`,
      content: { header: `Überschrift h${level}`, subheader: '', headerLayout: level, headerLink: null },
    }),
  ),
  storyElement('heading', 'default', {
    id: 'centred',
    content: { header: 'Zentriert', headerPosition: 'center', headerLink: null },
  }),
  storyElement('text', 'default', {
    id: 'hidden-header',
    content: { header: 'Unsichtbar', headerLayout: 100, bodytext: '<p>Der Text ohne seine Überschrift.</p>' },
  }),
])

export const FallbackUnsupportedType = elements([storyElement('video', 'default')])
export const FallbackUnsupportedLayout = elements([storyElement('textpic', 'layout-9')])
export const FallbackEnglish: Story = { ...FallbackUnsupportedType, globals: { locale: 'en' } }
export const QuarterBoxesMobile: Story = { ...TextPicLayout6QuarterBoxes, ...onMobile }
export const HeroMobile: Story = { ...TextPicLayout4Hero, ...onMobile }
