/**
 * Rules for CMS bodytext shared by the server sanitiser and the client renderer, so the two layers of the XSS
 * defence (commerce-reliability check 41) cannot drift apart.
 */

/**
 * Elements dropped with everything inside them: raw-text and template elements, embedded content and foreign
 * (SVG, MathML) namespaces, where parser differences make mutation XSS possible.
 */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'textarea',
  'title',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'plaintext',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'select',
  'option',
  'head',
  'meta',
  'link',
  'base',
] as const

// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g
const SUSPICIOUS_HREF = /[<>"'`\\]|(?:java|vb|live)script:|data:/i

/**
 * A link is dropped when, read as a browser would (whitespace and controls removed), it holds markup characters or
 * names a script or data scheme anywhere, not only at its start.
 */
export const isSuspiciousHref = (href: string): boolean =>
  SUSPICIOUS_HREF.test(href.replace(IGNORED_IN_URLS, ''))
