import { Window } from 'happy-dom'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { ALLOWED_TAGS, LINK_REL, sanitizeCmsHtml } from '#server/modules/content/sanitize-html.ts'
import { XSS_PAYLOADS } from '#server/modules/content/testing/xss-payloads.fixtures.ts'

// An inert document to read the cleaned markup as a browser would: no scripts run, nothing loads.
const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
    disableComputedStyleRendering: true,
  },
})
afterAll(async () => {
  await window.happyDOM.close()
})

const allowed = new Set<string>(ALLOWED_TAGS)
const FORBIDDEN_MARKUP =
  /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|img|base|meta|link|form|template)\b/i
const FORBIDDEN_SCHEME = /^(javascript|data|vbscript|livescript|file):/i
// eslint-disable-next-line no-control-regex
const IGNORED_BY_BROWSERS = /[\u0000-\u0020]/g

/** Every problem a browser would find in the cleaned markup. */
function problemsOf(clean: string): string[] {
  const problems: string[] = []
  if (FORBIDDEN_MARKUP.test(clean)) problems.push(`forbidden element in ${clean}`)
  const parsed = new window.DOMParser().parseFromString(`<!doctype html><body>${clean}`, 'text/html')
  for (const element of parsed.body.querySelectorAll('*')) {
    const tag = element.localName
    if (!allowed.has(tag)) problems.push(`element <${tag}>`)
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase()
      if (name.startsWith('on')) problems.push(`handler ${name} on <${tag}>`)
      if (name === 'style') problems.push(`style on <${tag}>`)
      // Attribute values as the browser decodes them (entities resolved), without what URL parsing skips.
      const value = (attribute.value ?? '').replace(IGNORED_BY_BROWSERS, '')
      if (/javascript:/i.test(value) || (name === 'href' && FORBIDDEN_SCHEME.test(value))) {
        problems.push(`${name}="${attribute.value}" on <${tag}>`)
      }
      if (name === 'href' && /^[/\\]{2}/.test(value))
        problems.push(`protocol-relative href ${attribute.value}`)
    }
  }
  return problems
}

describe('sanitizeCmsHtml', () => {
  it('has at least 60 payloads from the OWASP cheat sheet and DOMPurify regressions', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(60)
    expect(XSS_PAYLOADS.filter((payload) => payload.source === 'owasp').length).toBeGreaterThanOrEqual(40)
    expect(XSS_PAYLOADS.filter((payload) => payload.source === 'dompurify').length).toBeGreaterThanOrEqual(20)
  })

  it.each(XSS_PAYLOADS.map((payload) => [`${payload.source}: ${payload.name}`, payload.html] as const))(
    'neutralises %s',
    (_name, html) => {
      const clean = sanitizeCmsHtml(html)
      expect(problemsOf(clean)).toEqual([])
      // Cleaning twice changes nothing: what the browser re-parses is what was checked (no mutation XSS).
      expect(sanitizeCmsHtml(clean)).toBe(clean)
      // Checked in the markup too, independent of the DOM parser: the attribute names of every tag.
      for (const tag of clean.match(/<[^>]*>/g) ?? []) {
        const names = [...tag.matchAll(/\s([^\s=/>"']+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/g)].map(
          (m) => m[1] ?? '',
        )
        expect(
          names.filter((name) => /^on|^style$/i.test(name)),
          tag,
        ).toEqual([])
      }
    },
  )

  it('keeps the markup the content view styles', () => {
    const html = [
      '<h2>Wandstärken</h2>',
      '<h3>FDM</h3>',
      '<h4>Hinweis</h4>',
      '<p>Mindestens <strong>0,8\u00a0mm</strong>, besser <em>1,2 mm</em>. Zeile<br />zwei.</p>',
      '<ul><li>PLA</li><li>PETG</li></ul>',
      '<ol start="3"><li>drei</li></ol>',
      '<blockquote>Zitat</blockquote>',
      '<p><code>M3</code></p>',
      '<pre>G1 X10</pre>',
      '<table><caption>Toleranzen</caption><thead><tr><th scope="col">Verfahren</th><th>Spiel</th></tr></thead>',
      '<tbody><tr><td>SLS</td><td colspan="2">0,3 mm</td></tr></tbody><tfoot><tr><td>Stand 2025</td></tr></tfoot></table>',
    ].join('')
    expect(sanitizeCmsHtml(html)).toBe(html)
  })

  it('keeps relative, http(s) and mailto links and adds rel=noopener', () => {
    expect(sanitizeCmsHtml('<a href="/kontakt#contact-form" title="Kontakt">Kontakt</a>')).toBe(
      `<a rel="${LINK_REL}" href="/kontakt#contact-form" title="Kontakt">Kontakt</a>`,
    )
    for (const href of [
      'https://example.org/a?b=1&amp;c=2',
      'http://example.org',
      'mailto:info@example.org',
      '#cart-steps',
      'downloads',
    ]) {
      expect(sanitizeCmsHtml(`<a href="${href}" target="_blank" rel="opener">x</a>`)).toBe(
        `<a rel="${LINK_REL}" href="${href}">x</a>`,
      )
    }
  })

  it('maps h1, h5, b and i onto the allowed tags and drops unknown tags but keeps their text', () => {
    expect(sanitizeCmsHtml('<h1>A</h1><h5>B</h5><b>C</b><i>D</i><div><span class="x">E</span></div>')).toBe(
      '<h2>A</h2><h4>B</h4><strong>C</strong><em>D</em>E',
    )
  })

  it('drops scripts, styles, SVG and iframes with their content', () => {
    expect(
      sanitizeCmsHtml(
        '<p>a<script>alert(1)</script><style>p{}</style><svg><text>t</text></svg><iframe>i</iframe>b</p>',
      ),
    ).toBe('<p>ab</p>')
  })

  // htmlparser2 does not repair broken tables the way a browser does (`<td><td></td></td>` comes back as two cells), so
  // for arbitrary input the check is the mutation-XSS loop itself: what a browser makes of the cleaned markup, and
  // that cleaned again, is still clean. Every allowed element is inert, so re-parenting cannot create anything new.
  it('leaves no forbidden markup for any input, even after a browser re-parse (property)', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '=',
      '/',
      '!--',
      '-->',
      ' ',
      'a',
      'p',
      'script',
      'svg',
      'math',
      'style',
      'img',
      'href',
      'onerror',
      'javascript:',
      '&#106;',
      '&colon;',
      'alert(1)',
      '<a href="',
      '<p>',
      '</p>',
      '<svg>',
      '<style>',
      '<math><mtext>',
      '<table>',
      '<td>',
      '<!--',
      '<![CDATA[',
      '\n',
      '\t',
      '\0',
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const clean = sanitizeCmsHtml(parts.join(''))
        const reparsed = new window.DOMParser().parseFromString(`<!doctype html><body>${clean}`, 'text/html')
          .body.innerHTML
        return [clean, reparsed, sanitizeCmsHtml(reparsed)].every((html) => problemsOf(html).length === 0)
      }),
      { numRuns: 2_000 },
    )
  })
})
