import { describe, expect, it } from 'vitest'
import { ServerDomParser } from '#client/ssr/server-dom-parser.ts'

/**
 * The server's DOMParser (parse5), read through the members the bodytext renderer uses. The shop's own markup is
 * compared with this suite's DOM (happy-dom); malformed input, where happy-dom's parser is not the standard's, is
 * compared with Chromium's in e2e/specs/server-dom-parser.spec.ts.
 */

type Shape = string | [string, string | null, Record<string, string>, Shape[]]

interface ReadNode {
  nodeType: number
  textContent: string | null
  localName?: string
  namespaceURI?: string | null
  childNodes: ArrayLike<ReadNode>
  getAttribute?(name: string): string | null
}

const READ_ATTRIBUTES = ['href', 'colspan', 'rowspan', 'scope']

function shapeOf(node: ReadNode): Shape {
  if (node.nodeType === 3) return `#text ${node.textContent ?? ''}`
  if (node.nodeType !== 1) return '#other'
  const attributes: Record<string, string> = {}
  for (const name of READ_ATTRIBUTES) {
    const value = node.getAttribute?.(name) ?? null
    if (value !== null) attributes[name] = value
  }
  return [node.localName ?? '', node.namespaceURI ?? null, attributes, Array.from(node.childNodes, shapeOf)]
}

const documentOf = (html: string) => `<!DOCTYPE html><html><body>${html}</body></html>`

function serverShape(html: string): Shape[] {
  return new ServerDomParser().parseFromString(documentOf(html)).body.childNodes.map(shapeOf)
}

function domShape(html: string): Shape[] {
  const body = new DOMParser().parseFromString(documentOf(html), 'text/html').body
  return Array.from(body.childNodes as unknown as ArrayLike<ReadNode>, shapeOf)
}

describe('ServerDomParser', () => {
  it('reads elements, text, attributes and namespaces as the DOM does', () => {
    const html =
      '<h2>Werk&shy;stoffe &amp; Preise</h2><p>Wir drucken <strong>PA12</strong>.<br>Neu: <a href="/en/x?a=1&amp;b=2">hier</a></p>' +
      '<!-- a note --><ul><li>eins</li></ul><table><tr><th scope="col" colspan="2">Kopf</th></tr></table>' +
      '<svg><a href="/x">vektor</a></svg>'
    const [heading, paragraph, comment, , table, svg] = serverShape(html)
    expect(heading).toEqual(['h2', 'http://www.w3.org/1999/xhtml', {}, ['#text Werk\u00adstoffe & Preise']])
    expect(paragraph).toEqual([
      'p',
      'http://www.w3.org/1999/xhtml',
      {},
      [
        '#text Wir drucken ',
        ['strong', 'http://www.w3.org/1999/xhtml', {}, ['#text PA12']],
        '#text .',
        ['br', 'http://www.w3.org/1999/xhtml', {}, []],
        '#text Neu: ',
        ['a', 'http://www.w3.org/1999/xhtml', { href: '/en/x?a=1&b=2' }, ['#text hier']],
      ],
    ])
    expect(comment).toBe('#other')
    // The parser adds the table section a browser adds.
    expect(table).toEqual([
      'table',
      'http://www.w3.org/1999/xhtml',
      {},
      [
        [
          'tbody',
          'http://www.w3.org/1999/xhtml',
          {},
          [
            [
              'tr',
              'http://www.w3.org/1999/xhtml',
              {},
              [['th', 'http://www.w3.org/1999/xhtml', { scope: 'col', colspan: '2' }, ['#text Kopf']]],
            ],
          ],
        ],
      ],
    ])
    expect(svg?.[1]).toBe('http://www.w3.org/2000/svg')
  })

  it('closes an open paragraph at a table, as a standards-mode browser does', () => {
    expect(serverShape('<p>vor<table><tr><td>x</td></tr></table>').map((shape) => shape[0])).toEqual([
      'p',
      'table',
    ])
  })

  it('keeps a template’s content out of its children', () => {
    expect(serverShape('<template><p>hidden</p></template>')).toEqual([
      ['template', 'http://www.w3.org/1999/xhtml', {}, []],
    ])
  })

  it('builds the same body as the DOM for the markup the shop renders', () => {
    const inputs = [
      '<h2>Werkstoffe</h2><p>Wir drucken <strong>PA12</strong> und <em>PLA</em>.<br>Neu: <code>PETG</code></p>',
      '<ul><li>eins</li><li>zwei</li></ul><ol><li>erst</li></ol><blockquote><p>Zitat</p></blockquote>',
      '<pre>a  b</pre><table><thead><tr><th>h</th></tr></thead><tbody><tr><td rowspan="2">d</td></tr></tbody></table>',
    ]
    for (const html of inputs) expect(serverShape(html)).toEqual(domShape(html))
  })
})
