import { type DefaultTreeAdapterMap, parse } from 'parse5'

/**
 * CMS bodytext is parsed with `DOMParser` (`features/cms/bodytext.tsx`), which Node lacks. The server render parses
 * with parse5, the WHATWG HTML parsing algorithm that browsers implement, so both build the same elements from the
 * same text, and presents its tree as the few DOM members the bodytext renderer reads. It replaced happy-dom, whose
 * import alone took 0.75 s of the first page a server rendered after each start (issue 18, decision 0151).
 */

type ParsedNode = DefaultTreeAdapterMap['childNode']
type ParsedElement = DefaultTreeAdapterMap['element']

/** The DOM members `bodytextToReact` reads: node type, text, name, namespace, children and attributes. */
export interface ServerDomNode {
  readonly nodeType: number
  readonly textContent: string | null
  readonly localName: string
  readonly namespaceURI: string | null
  readonly childNodes: readonly ServerDomNode[]
  getAttribute(name: string): string | null
}

const ELEMENT_NODE = 1
const TEXT_NODE = 3
const COMMENT_NODE = 8
const NO_ATTRIBUTE = (): null => null

function isElement(node: ParsedNode | DefaultTreeAdapterMap['node']): node is ParsedElement {
  return 'tagName' in node
}

function elementOf(element: ParsedElement): ServerDomNode {
  return {
    nodeType: ELEMENT_NODE,
    textContent: null,
    localName: element.tagName,
    namespaceURI: element.namespaceURI,
    // A template's content is not among its children, as in the DOM.
    childNodes: element.childNodes.map(nodeOf),
    getAttribute: (name) => element.attrs.find((attribute) => attribute.name === name)?.value ?? null,
  }
}

function nodeOf(node: ParsedNode): ServerDomNode {
  if (isElement(node)) return elementOf(node)
  const text = 'value' in node ? node.value : 'data' in node ? node.data : null
  const nodeType = node.nodeName === '#text' ? TEXT_NODE : COMMENT_NODE
  return {
    nodeType,
    textContent: text,
    localName: '',
    namespaceURI: null,
    childNodes: [],
    getAttribute: NO_ATTRIBUTE,
  }
}

function childElement(
  parent: { childNodes: ParsedNode[] } | undefined,
  tag: string,
): ParsedElement | undefined {
  return parent?.childNodes.find((node): node is ParsedElement => isElement(node) && node.tagName === tag)
}

/** `new DOMParser().parseFromString(html, 'text/html').body` as far as the bodytext renderer reads it. */
export class ServerDomParser {
  parseFromString(html: string): { body: { childNodes: readonly ServerDomNode[] } } {
    // A DOMParser document has scripting disabled, so <noscript> holds elements, not text.
    const body = childElement(childElement(parse(html, { scriptingEnabled: false }), 'html'), 'body')
    return { body: { childNodes: (body?.childNodes ?? []).map(nodeOf) } }
  }
}

export function provideDomParser(): void {
  if (typeof globalThis.DOMParser !== 'undefined') return
  globalThis.DOMParser = ServerDomParser as unknown as typeof DOMParser
}
