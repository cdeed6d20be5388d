import { Fragment, type ReactNode } from 'react'
import { DROPPED_WITH_CONTENT } from '#shared/domain/cms-html.ts'
import { CmsLink } from '#client/common/cms-link.tsx'

/**
 * CMS bodytext as React elements (spec part 2 §2; commerce-reliability check 41). The server sanitises bodytext, but
 * the client does not rely on it: the HTML is parsed with `DOMParser` (which runs nothing and loads nothing) and only
 * an allow-list is rebuilt as React elements — p, h2–h4, strong, em, links, lists, br, blockquote, code, pre and
 * tables — with no attribute but a safe `href` and table cell spans. Anything else is dropped (scripts, styles,
 * embedded and foreign content, with their content) or unwrapped to its allowed children; no HTML string ever
 * reaches the DOM. Elements are only kept where HTML allows them (no block inside a paragraph, list items only in
 * lists, rows only in tables), so React sees valid nesting whatever the input.
 */

/** Dropped together with everything inside them. */
const DROPPED = new Set<string>([
  ...DROPPED_WITH_CONTENT,
  // The renderer shows text only: media and form controls go too.
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'canvas',
  'form',
  'input',
  'button',
])

type Context = 'flow' | 'phrasing' | 'list' | 'table' | 'tableSection' | 'row'

const PHRASING_TAGS = new Set(['strong', 'em', 'a', 'code', 'br'])
const BLOCK_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'blockquote', 'pre', 'table'])

/** May this element stand here? Anything else is unwrapped (its children are tried in the same place). */
function isAllowed(tag: string, context: Context): boolean {
  switch (context) {
    case 'flow':
      return BLOCK_TAGS.has(tag) || PHRASING_TAGS.has(tag)
    case 'phrasing':
      return PHRASING_TAGS.has(tag)
    case 'list':
      return tag === 'li'
    case 'table':
      return tag === 'caption' || tag === 'thead' || tag === 'tbody' || tag === 'tfoot'
    case 'tableSection':
      return tag === 'tr'
    case 'row':
      return tag === 'th' || tag === 'td'
  }
}

/** What the children of an allowed element may be. */
function contextInside(tag: string): Context {
  switch (tag) {
    case 'ul':
    case 'ol':
      return 'list'
    case 'li':
    case 'blockquote':
    case 'td':
    case 'th':
      return 'flow'
    case 'table':
      return 'table'
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return 'tableSection'
    case 'tr':
      return 'row'
    default:
      return 'phrasing'
  }
}

/** Text may stand in running text only; lists wrap stray text in an item, tables drop it. */
const acceptsText = (context: Context) => context === 'flow' || context === 'phrasing'

const TEXT_NODE = 3
const ELEMENT_NODE = 1

type State = { inLink: boolean }

function span(value: string | null): number | undefined {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return undefined
  const number = Number(value)
  return number >= 1 && number <= 100 ? number : undefined
}

const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup'])

function renderElement(element: Element, tag: string, key: number, state: State): ReactNode {
  const children = renderNodes(element.childNodes, contextInside(tag), {
    inLink: state.inLink || tag === 'a',
  })
  switch (tag) {
    case 'a':
      return (
        <CmsLink key={key} href={(element.getAttribute('href') ?? '').trim()}>
          {children}
        </CmsLink>
      )
    case 'br':
      return <br key={key} />
    case 'td':
    case 'th': {
      const Cell = tag
      const scope = element.getAttribute('scope')
      return (
        <Cell
          key={key}
          colSpan={span(element.getAttribute('colspan'))}
          rowSpan={span(element.getAttribute('rowspan'))}
          scope={tag === 'th' && scope !== null && SCOPES.has(scope) ? scope : undefined}
        >
          {children}
        </Cell>
      )
    }
    case 'table':
      return (
        <div key={key} className="cms-bodytext__table">
          <table>{children}</table>
        </div>
      )
    default: {
      const Tag = tag as 'p'
      return <Tag key={key}>{children}</Tag>
    }
  }
}

function renderNode(node: ChildNode, context: Context, key: number, state: State): ReactNode {
  if (node.nodeType === TEXT_NODE) {
    const text = node.textContent ?? ''
    if (acceptsText(context)) return text
    return context === 'list' && text.trim() !== '' ? <li key={key}>{text}</li> : null
  }
  if (node.nodeType !== ELEMENT_NODE) return null // comments, processing instructions
  const element = node as Element
  const tag = element.localName.toLowerCase()
  // Only HTML elements: an `svg:a` or `math:style` is no link and no style.
  if (element.namespaceURI !== null && element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return null
  if (DROPPED.has(tag)) return null
  // A row the parser left outside a table section gets one (React wants <tbody> between <table> and <tr>).
  if (context === 'table' && tag === 'tr') {
    return <tbody key={key}>{renderElement(element, tag, 0, state)}</tbody>
  }
  if (tag === 'a' && state.inLink)
    return <Fragment key={key}>{renderNodes(element.childNodes, context, state)}</Fragment>
  if (isAllowed(tag, context)) return renderElement(element, tag, key, state)
  // A list item that is not one: wrap what the element holds.
  if (context === 'list') return <li key={key}>{renderNodes(element.childNodes, 'flow', state)}</li>
  const unwrapped = renderNodes(element.childNodes, context, state)
  return unwrapped.length === 0 ? null : <Fragment key={key}>{unwrapped}</Fragment>
}

function renderNodes(nodes: NodeListOf<ChildNode>, context: Context, state: State): ReactNode[] {
  const out: ReactNode[] = []
  nodes.forEach((node, index) => {
    const rendered = renderNode(node, context, index, state)
    if (rendered !== null && rendered !== '') out.push(rendered)
  })
  return out
}

/** The allow-listed React elements of an HTML string. */
export function bodytextToReact(html: string): ReactNode[] {
  if (html.trim() === '') return []
  // A doctype keeps the parser in standards mode (a table closes an open paragraph there).
  const document = new DOMParser().parseFromString(
    `<!DOCTYPE html><html><body>${html}</body></html>`,
    'text/html',
  )
  return renderNodes(document.body.childNodes, 'flow', { inLink: false })
}

export function Bodytext({ html, className }: { html: string; className?: string }) {
  const nodes = bodytextToReact(html)
  if (nodes.length === 0) return null
  return <div className={className ?? 'cms-bodytext'}>{nodes}</div>
}
