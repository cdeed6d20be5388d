import sanitize from 'sanitize-html'
import { DROPPED_WITH_CONTENT, isSuspiciousHref } from '#shared/domain/cms-html.ts'

/**
 * The allow-list sanitiser for CMS `bodytext` (commerce-reliability check 41). Only the markup the content view
 * styles survives: paragraphs, h2–h4, strong, em, links, lists, br, blockquote, code and simple tables. Everything
 * else goes: scripts, styles, iframes, objects, SVG and MathML (with their content), event handlers, `style`,
 * classes and ids, and any link that is not relative, http(s) or mailto. Run on save and again on serve, so content
 * written before a rule changed is still cleaned.
 */

export const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'a',
  'ul',
  'ol',
  'li',
  'br',
  'blockquote',
  'code',
  'pre',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const

export const ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const

/** The rel every link gets: no window.opener for the target, no referrer to other sites. */
export const LINK_REL = 'noopener noreferrer'

/** Deeper nesting is flattened (DOMPurify 3.1.1 fixed an mXSS through nesting depth). */
const NESTING_LIMIT = 40

const options: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: [...ALLOWED_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  parseStyleAttributes: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_CONTENT],
  enforceHtmlBoundary: false,
  nestingLimit: NESTING_LIMIT,
  selfClosing: ['br'],
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const { href, title } = attribs
      const kept: sanitize.Attributes = { rel: LINK_REL }
      if (href !== undefined && !isSuspiciousHref(href)) kept.href = href
      if (title !== undefined) kept.title = title
      return { tagName, attribs: kept }
    },
  },
}

/** Cleans one HTML fragment. Idempotent: cleaning the result again changes nothing. */
export function sanitizeCmsHtml(html: string): string {
  return sanitize(html, options)
}

/** A page (or page document) with every element's bodytext cleaned; the rest is checked by the contract. */
export function sanitizeCmsPage<
  TPage extends { content: { colPos0: readonly { content: { bodytext: string } }[] } },
>(page: TPage): TPage {
  return {
    ...page,
    content: {
      ...page.content,
      colPos0: page.content.colPos0.map((element) => ({
        ...element,
        content: { ...element.content, bodytext: sanitizeCmsHtml(element.content.bodytext) },
      })),
    },
  }
}
