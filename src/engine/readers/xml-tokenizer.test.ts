import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AnalysisError } from '../analysis-error.ts'
import { type XmlHandler, XmlTokenizer } from './xml-tokenizer.ts'

function events(chunks: string[]): string[] {
  const out: string[] = []
  const handler: XmlHandler = {
    start(name, attrs, selfClosing) {
      const pairs = Array.from({ length: attrs.count }, (_, i) => `${attrs.name(i)}=${attrs.value(i)}`)
      out.push(`<${name} ${pairs.join(' ')}${selfClosing ? '/' : ''}>`)
    },
    end(name) {
      out.push(`</${name}>`)
    },
  }
  const t = new XmlTokenizer(handler, 32)
  for (const c of chunks) t.push(new TextEncoder().encode(c))
  t.end()
  return out
}

const DOC = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a > comment --><a x="1 &lt; 2" y='&#65;&#x42;'><b/><![CDATA[<not a tag>]]><c z="&quot;q&quot;">text &amp; more</c></a>\n`

describe('XML tokenizer', () => {
  it('reports the same events however the text is split', () => {
    const whole = events([DOC])
    expect(whole).toEqual(['<a x=1 < 2 y=AB>', '<b />', '</b>', '<c z="q">', '</c>', '</a>'])
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: DOC.length - 1 }), { maxLength: 12 }), (cuts) => {
        const sorted = [...new Set(cuts)].sort((x, y) => x - y)
        const chunks: string[] = []
        let last = 0
        for (const c of sorted) {
          chunks.push(DOC.slice(last, c))
          last = c
        }
        chunks.push(DOC.slice(last))
        expect(events(chunks)).toEqual(whole)
      }),
      { numRuns: 300 },
    )
  })

  it.each([
    ['<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>', 'xml_dtd_forbidden'],
    ['<a x="&ext;"/>', 'xml_dtd_forbidden'],
    ['<a><b></a>', 'xml_invalid'],
    ['<a>', 'xml_invalid'],
    ['<a/><b/>', 'xml_invalid'],
    ['<?xml version="1.0" encoding="ISO-8859-1"?><a/>', 'xml_encoding_unsupported'],
    ['<a x=1/>', 'xml_invalid'],
  ])('rejects %s', (doc, code) => {
    let got: string | undefined
    try {
      events([doc])
    } catch (e) {
      got = e instanceof AnalysisError ? e.code : String(e)
    }
    expect(got).toBe(code)
  })

  it('parses numbers from the bytes exactly as Number() does', () => {
    const numberOf = (text: string): number => {
      let got = Number.NaN
      const t = new XmlTokenizer(
        {
          start(_name, attrs) {
            got = attrs.number('v')
          },
          end() {},
        },
        4,
      )
      t.push(new TextEncoder().encode(`<a v="${text}"/>`))
      t.end()
      return got
    }
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 1, max: 17 }),
        (value, digits) => {
          for (const text of [
            String(value),
            value.toPrecision(digits),
            value.toFixed(Math.min(digits, 20)),
          ]) {
            expect(Object.is(numberOf(text), Number(text)) || numberOf(text) === Number(text)).toBe(true)
          }
        },
      ),
      { numRuns: 2000 },
    )
    expect(numberOf(' 12.5 ')).toBe(12.5)
    expect(numberOf('1e3')).toBe(1000)
    expect(numberOf('abc')).toBeNaN()
    expect(numberOf('')).toBeNaN()
  })

  it('rejects UTF-16 and decodes UTF-8 names and values', () => {
    expect(() => events(['\ufeff<a/>'.replace('\ufeff', '')])).not.toThrow()
    const t = new XmlTokenizer({ start() {}, end() {} }, 4)
    expect(() => t.push(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))).toThrow(
      expect.objectContaining({ code: 'xml_encoding_unsupported' }) as Error,
    )
    expect(events(['<größe wert="ä"/>'])).toEqual(['<größe wert=ä/>', '</größe>'])
  })

  it('bounds nesting depth', () => {
    expect(() => events(['<a>'.repeat(100) + '</a>'.repeat(100)])).toThrow(AnalysisError)
  })
})
