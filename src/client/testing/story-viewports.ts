import { VIEWPORTS } from '#shared/domain/limits.ts'

/** The story viewports (spec part 1 §9): Storybook's viewport toolbar and the story runner use the same sizes. */
export const STORY_VIEWPORTS = {
  mobile: { name: 'Mobile (375)', width: 375, height: 812, type: 'mobile' },
  tablet: { name: 'Tablet (900)', width: 900, height: 1024, type: 'tablet' },
  desktop: { name: 'Desktop (1024)', width: VIEWPORTS.desktop.min, height: 800, type: 'desktop' },
  fullhd: { name: 'Full HD (1440)', width: 1440, height: 900, type: 'desktop' },
} as const

export type StoryViewport = keyof typeof STORY_VIEWPORTS

/** The size a story runs at when it names no viewport. */
export const DEFAULT_STORY_VIEWPORT: StoryViewport = 'fullhd'

export function isStoryViewport(value: unknown): value is StoryViewport {
  return typeof value === 'string' && value in STORY_VIEWPORTS
}
