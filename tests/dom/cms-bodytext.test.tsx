import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanup, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { XSS_PAYLOADS } from '#server/modules/content/testing/xss-payloads.fixtures.ts'
import { isSafeHref } from '#shared/contracts/cms.contract.ts'
import { Bodytext } from '#client/features/cms/bodytext.tsx'
import { renderWithApp } from './render-app.tsx'

afterEach(cleanup)

// happy-dom (unlike a browser) tries to load the iframes and stylesheets of a parsed document; it may not, so it
// would report each refusal. Browsers load nothing for a `DOMParser` document.
beforeAll(() => {
  const happyDom = (
    window as unknown as { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM
  if (happyDom) happyDom.settings.handleDisabledFileLoadingAsSuccess = true
})

/** What must never reach the page from bodytext: elements that run, load or style things. */
const FORBIDDEN_ELEMENTS =
  'script, style, iframe, frame, object, embed, applet, svg, math, img, video, audio, source, link, meta, base, form, input, button, textarea, select, template, noscript'

/** Every attribute in the rendered bodytext: only a safe href, table cell spans and scope, the wrapper's class. */
function expectHarmless(container: HTMLElement) {
  expect(container.querySelectorAll(FORBIDDEN_ELEMENTS)).toHaveLength(0)
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase()
      expect(name.startsWith('on'), `${element.tagName} ${name}`).toBe(false)
      expect(['style', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'background']).not.toContain(
        name,
      )
      expect(attribute.value, `${element.tagName} ${name}`).not.toMatch(/(?:java|vb|live)script:|data:/i)
      if (name === 'href') expect(isSafeHref(attribute.value), attribute.value).toBe(true)
      if (['href', 'class', 'rel', 'target', 'colspan', 'rowspan', 'scope'].includes(name)) continue
      throw new Error(
        `unexpected attribute ${name}="${attribute.value}" on <${element.tagName.toLowerCase()}>`,
      )
    }
  }
}

describe('CMS bodytext', () => {
  it('renders the allowed markup: paragraphs, headings, emphasis, lists, quotes, code and tables', async () => {
    const html =
      '<h2>Werkstoffe</h2><p>Wir drucken <strong>PA12</strong> und <em>PLA</em>.<br>Neu: <code>PETG</code></p>' +
      '<ul><li>eins</li><li>zwei</li></ul><ol><li>erst</li></ol><blockquote><p>Zitat</p></blockquote>' +
      '<table><caption>Wandstärken</caption><thead><tr><th scope="col">Verfahren</th><th>mm</th></tr></thead>' +
      '<tbody><tr><td colspan="2">FDM 1,2</td></tr></tbody></table><h3>Drei</h3><h4>Vier</h4>'
    const { container } = await renderWithApp(<Bodytext html={html} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Werkstoffe' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'Drei' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 4, name: 'Vier' })).toBeTruthy()
    expect(container.querySelector('strong')?.textContent).toBe('PA12')
    expect(container.querySelector('em')?.textContent).toBe('PLA')
    expect(container.querySelector('br')).not.toBeNull()
    expect(container.querySelector('code')?.textContent).toBe('PETG')
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['eins', 'zwei', 'erst'])
    expect(container.querySelector('blockquote p')?.textContent).toBe('Zitat')
    expect(screen.getByRole('table', { name: 'Wandstärken' })).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: 'Verfahren' }).getAttribute('scope')).toBe('col')
    expect(screen.getByRole('cell', { name: 'FDM 1,2' }).getAttribute('colspan')).toBe('2')
  })

  it('keeps safe links: shop paths navigate in the app, other sites open a new window, mailto stays', async () => {
    const html =
      '<p><a href="/kontakt#contact-form">Kontakt</a> <a href="https://example.org/x">extern</a> ' +
      '<a href="mailto:info@schichtwerk.example">Mail</a></p>'
    const { router } = await renderWithApp(<Bodytext html={html} />)
    const external = screen.getByRole('link', { name: /extern/ })
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe(
      'mailto:info@schichtwerk.example',
    )
    await userEvent.click(screen.getByRole('link', { name: 'Kontakt' }))
    expect(router.state.location.pathname).toBe('/kontakt')
    expect(router.state.location.hash).toBe('contact-form')
  })

  it('drops scripts, styles and embedded content with what is inside them', async () => {
    const { container } = await renderWithApp(
      <Bodytext html='<p>vorher</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe><svg><a href="javascript:alert(1)"><text>svg</text></a></svg><p>nachher</p>' />,
    )
    expect(container.textContent).toBe('vorhernachher')
    expectHarmless(container)
  })

  it('removes handlers, styles, ids and classes, and unwraps what it does not know', async () => {
    const { container } = await renderWithApp(
      <Bodytext html='<p onclick="alert(1)" style="color:red" id="x" class="evil"><span onmouseover="alert(2)">Text</span> <b>fett</b></p>' />,
    )
    const paragraph = container.querySelector('p')
    expect(paragraph?.attributes).toHaveLength(0)
    expect(paragraph?.textContent).toBe('Text fett')
    expectHarmless(container)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/\\evil.example',
  ])('renders a link to %j as plain text', async (href) => {
    const { container } = await renderWithApp(<Bodytext html={`<p><a href="${href}">klick</a></p>`} />)
    expect(container.querySelector('a')).toBeNull()
    expect(container.textContent).toBe('klick')
  })

  it('keeps only valid nesting: no block in a paragraph, list items only in lists, rows only in tables', async () => {
    const { container } = await renderWithApp(
      <Bodytext html='<p>a<div><p>b</p></div></p><li>lose</li><ul>text<p>kein Punkt</p><li>Punkt</li></ul><table><tr><td>x</td></tr>text</table><a href="/a">eins<a href="/b">zwei</a></a>' />,
    )
    expect(container.querySelectorAll('p p, p div, p ul, p table')).toHaveLength(0)
    for (const item of container.querySelectorAll('li'))
      expect(['UL', 'OL']).toContain(item.parentElement?.tagName)
    for (const row of container.querySelectorAll('tr')) {
      expect(['THEAD', 'TBODY', 'TFOOT']).toContain(row.parentElement?.tagName)
    }
    expect(container.querySelectorAll('a a')).toHaveLength(0)
  })

  it.each(XSS_PAYLOADS.map((payload) => [`${payload.source}: ${payload.name}`, payload.html] as const))(
    'is harmless for the raw payload %s',
    async (_name, html) => {
      const { container } = await renderWithApp(<Bodytext html={html} />)
      expectHarmless(container)
    },
  )

  it('never writes HTML strings into the DOM (no dangerouslySetInnerHTML or innerHTML in the CMS views)', () => {
    const dir = join(import.meta.dirname, '..', '..', 'src', 'client', 'features', 'cms')
    for (const file of readdirSync(dir).filter(
      (name) => /\.tsx?$/.test(name) && !name.includes('.stories.'),
    )) {
      const source = readFileSync(join(dir, file), 'utf8')
      expect(source, file).not.toMatch(/dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML/)
    }
  })
})
