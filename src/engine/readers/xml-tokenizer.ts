import { AnalysisError } from '../analysis-error.ts'

const utf8 = new TextDecoder('utf-8', { fatal: true })

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new AnalysisError('xml_encoding_unsupported', 'The XML is not valid UTF-8')
  }
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i)

/**
 * The attributes of one start tag as byte ranges of the tokenizer's buffer, valid only during the `start` call.
 * Values are decoded on demand: `number()` parses straight from the bytes (the hot path: millions of vertex and
 * triangle attributes), `get()` decodes UTF-8 and entity references.
 */
export class XmlAttributes {
  count = 0
  private bytes: Uint8Array = new Uint8Array(0)
  private spans: number[] = [] // nameStart, nameEnd, valueStart, valueEnd per attribute

  reset(bytes: Uint8Array): void {
    this.bytes = bytes
    this.count = 0
  }

  add(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    const o = this.count * 4
    this.spans[o] = nameStart
    this.spans[o + 1] = nameEnd
    this.spans[o + 2] = valueStart
    this.spans[o + 3] = valueEnd
    this.count++
  }

  name(i: number): string {
    return decodeUtf8(this.bytes.subarray(this.spans[i * 4]!, this.spans[i * 4 + 1]!))
  }

  value(i: number): string {
    const raw = decodeUtf8(this.bytes.subarray(this.spans[i * 4 + 2]!, this.spans[i * 4 + 3]!))
    return raw.includes('&') ? decodeEntities(raw) : raw
  }

  private indexOf(name: string): number {
    const b = this.bytes
    for (let i = 0; i < this.count; i++) {
      const s = this.spans[i * 4]!
      const e = this.spans[i * 4 + 1]!
      if (e - s !== name.length) continue
      let same = true
      for (let k = 0; k < name.length; k++) {
        if (b[s + k] !== name.charCodeAt(k)) {
          same = false
          break
        }
      }
      if (same) return i
    }
    return -1
  }

  get(name: string): string | undefined {
    const i = this.indexOf(name)
    return i < 0 ? undefined : this.value(i)
  }

  /**
   * The attribute as a number, parsed from the bytes; NaN if missing or not a number. Decimal mantissas of up to
   * 15 digits with a power of ten up to 22 take Clinger's fast path (one correctly rounded division, the same
   * result as `Number()`); anything else goes through `Number()`.
   */
  number(name: string): number {
    const i = this.indexOf(name)
    if (i < 0) return Number.NaN
    const b = this.bytes
    let p = this.spans[i * 4 + 2]!
    const end = this.spans[i * 4 + 3]!
    while (p < end && (b[p] === 32 || b[p] === 9 || b[p] === 10 || b[p] === 13)) p++
    let e = end
    while (e > p && (b[e - 1] === 32 || b[e - 1] === 9 || b[e - 1] === 10 || b[e - 1] === 13)) e--
    const start = p
    let negative = false
    if (b[p] === 45 || b[p] === 43) {
      negative = b[p] === 45
      p++
    }
    let mantissa = 0
    let digits = 0
    let scale = 0
    let any = false
    while (p < e && b[p]! >= 48 && b[p]! <= 57) {
      if (mantissa !== 0 || b[p] !== 48) digits++
      mantissa = mantissa * 10 + (b[p]! - 48)
      any = true
      p++
    }
    if (p < e && b[p] === 46) {
      p++
      while (p < e && b[p]! >= 48 && b[p]! <= 57) {
        if (mantissa !== 0 || b[p] !== 48) digits++
        mantissa = mantissa * 10 + (b[p]! - 48)
        scale++
        any = true
        p++
      }
    }
    if (any && p === e && digits <= 15 && scale <= 22) {
      const v = scale === 0 ? mantissa : mantissa / POW10[scale]!
      return negative ? -v : v
    }
    if (start === e) return Number.NaN
    return Number(String.fromCharCode(...b.subarray(start, e)))
  }
}

export interface XmlHandler {
  start(name: string, attributes: XmlAttributes, selfClosing: boolean): void
  end(name: string): void
}

// A single markup construct larger than this is hostile (a tag without '>', an endless comment).
const MAX_PENDING = 4 * 1024 * 1024
const PROLOGUE_BYTES = 4096
const LT = 60
const GT = 62
const SLASH = 47
const QMARK = 63
const BANG = 33

/**
 * A streaming, non-validating XML tokenizer over UTF-8 bytes, for 3MF model parts. Bytes are fed in chunks of any
 * size (a model part can exceed the maximum JS string length, so it is never joined or decoded as a whole). It
 * reports start and end tags; character data is ignored (3MF geometry does not use it). All markup characters are
 * ASCII, so scanning bytes is safe for UTF-8; names and values are decoded strictly when used.
 *
 * Security: a DOCTYPE is rejected outright (no DTD, so no external or internal entities); in attribute values,
 * entity references other than the five predefined ones and numeric character references are rejected. UTF-16
 * (a byte-order mark), invalid UTF-8 in the first 4 KB and a declared encoding other than UTF-8 are rejected.
 * Nesting depth is bounded and end tags must match.
 */
export class XmlTokenizer {
  private pending: Uint8Array = new Uint8Array(0)
  private readonly stack: string[] = []
  private readonly attrs = new XmlAttributes()
  private readonly names = new Map<string, string>()
  private sawRoot = false
  private sawAnything = false
  private first = true
  private prologueChecked = 0
  private readonly prologueDecoder = new TextDecoder('utf-8', { fatal: true })

  constructor(
    private readonly handler: XmlHandler,
    private readonly maxDepth: number,
  ) {}

  push(chunk: Uint8Array): void {
    if (this.first && chunk.length > 0) {
      this.first = false
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw new AnalysisError('xml_encoding_unsupported', 'UTF-16 XML is not accepted; 3MF requires UTF-8')
      }
    }
    // The prologue is where a wrong encoding shows; later, every name and value we use is decoded strictly.
    if (this.prologueChecked < PROLOGUE_BYTES && chunk.length > 0) {
      const part = chunk.subarray(0, PROLOGUE_BYTES - this.prologueChecked)
      this.prologueChecked += part.length
      try {
        this.prologueDecoder.decode(part, { stream: this.prologueChecked < PROLOGUE_BYTES })
      } catch {
        throw new AnalysisError('xml_encoding_unsupported', 'The XML is not valid UTF-8')
      }
    }
    let bytes = chunk
    if (this.pending.length > 0) {
      bytes = new Uint8Array(this.pending.length + chunk.length)
      bytes.set(this.pending)
      bytes.set(chunk, this.pending.length)
    }
    const consumed = this.scan(bytes, false)
    this.pending = consumed < bytes.length ? bytes.slice(consumed) : new Uint8Array(0)
    if (this.pending.length > MAX_PENDING)
      throw new AnalysisError('xml_invalid', 'An XML construct is too long')
  }

  end(): void {
    if (this.pending.length > 0) this.pending = this.pending.slice(this.scan(this.pending, true))
    for (const c of this.pending) {
      if (c > 32) throw new AnalysisError('xml_invalid', 'The XML ends inside markup')
    }
    if (this.stack.length > 0)
      throw new AnalysisError('xml_invalid', `Unclosed element <${this.stack.at(-1)}>`)
    if (!this.sawRoot) throw new AnalysisError('xml_invalid', 'The XML has no root element')
  }

  /** Processes complete constructs; returns how far it got. */
  private scan(b: Uint8Array, final: boolean): number {
    let pos = 0
    const n = b.length
    while (pos < n) {
      const lt = b.indexOf(LT, pos)
      // text without a following '<' waits: it is ignored, but must not be taken for markup
      if (lt < 0) {
        if (this.stack.length === 0) this.checkOutsideText(b, pos, n)
        return final ? n : pos
      }
      if (lt > pos && this.stack.length === 0) this.checkOutsideText(b, pos, lt)
      if (lt + 1 >= n) return lt
      const c = b[lt + 1]!
      if (c === QMARK) {
        const close = indexOfPair(b, QMARK, GT, lt + 2)
        if (close < 0) return lt
        this.processingInstruction(b.subarray(lt + 2, close))
        pos = close + 2
      } else if (c === BANG) {
        // wait for enough bytes to tell a comment, CDATA and a DOCTYPE apart
        if (n - lt < 9 && !final) return lt
        if (startsWith(b, lt, '<!--')) {
          const close = indexOfSeq(b, '-->', lt + 4)
          if (close < 0) return lt
          pos = close + 3
        } else if (startsWith(b, lt, '<![CDATA[')) {
          const close = indexOfSeq(b, ']]>', lt + 9)
          if (close < 0) return lt
          pos = close + 3
        } else if (startsWithUpper(b, lt, '<!DOCTYPE')) {
          throw new AnalysisError('xml_dtd_forbidden', 'XML documents with a DTD are not accepted')
        } else {
          throw new AnalysisError('xml_invalid', 'Unknown XML declaration')
        }
      } else {
        const close = findTagEnd(b, lt + 1)
        if (close < 0) return lt
        if (c === SLASH) this.endTag(b, lt + 2, close)
        else this.startTag(b, lt + 1, close)
        pos = close + 1
      }
    }
    return pos
  }

  private checkOutsideText(b: Uint8Array, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const ch = b[i]!
      // whitespace and a UTF-8 byte-order mark are allowed around the root element
      if (ch > 32 && !(i < 3 && (ch === 0xef || ch === 0xbb || ch === 0xbf))) {
        throw new AnalysisError('xml_invalid', 'Text outside the root element')
      }
    }
  }

  private processingInstruction(body: Uint8Array): void {
    const text = decodeUtf8(body)
    if (!/^xml(\s|$)/.test(text)) return
    if (this.sawAnything) throw new AnalysisError('xml_invalid', 'The XML declaration is not at the start')
    const m = /encoding\s*=\s*["']([^"']*)["']/.exec(text)
    if (m !== null && m[1]!.toLowerCase() !== 'utf-8' && m[1]!.toLowerCase() !== 'utf8') {
      throw new AnalysisError('xml_encoding_unsupported', `XML encoding ${m[1]!.slice(0, 20)} is not UTF-8`)
    }
  }

  /** Element names repeat millions of times: decode each distinct one once. */
  private nameOf(b: Uint8Array, from: number, to: number): string {
    let key = ''
    for (let i = from; i < to; i++) {
      const c = b[i]!
      if (c >= 128) return decodeUtf8(b.subarray(from, to))
      key += String.fromCharCode(c)
    }
    let name = this.names.get(key)
    if (name === undefined) {
      name = key
      if (this.names.size < 1024) this.names.set(key, name)
    }
    return name
  }

  private startTag(b: Uint8Array, from: number, close: number): void {
    let end = close
    let selfClosing = false
    if (b[close - 1] === SLASH) {
      selfClosing = true
      end = close - 1
    }
    let i = from
    while (i < end && !isXmlSpace(b[i]!)) i++
    if (i === from) throw new AnalysisError('xml_invalid', 'An element without a name')
    const name = this.nameOf(b, from, i)
    if (this.stack.length === 0) {
      if (this.sawRoot) throw new AnalysisError('xml_invalid', 'More than one root element')
      this.sawRoot = true
    }
    this.sawAnything = true
    const attrs = this.attrs
    attrs.reset(b)
    for (;;) {
      while (i < end && isXmlSpace(b[i]!)) i++
      if (i >= end) break
      const nameStart = i
      while (i < end && b[i] !== 61 && !isXmlSpace(b[i]!)) i++
      const nameEnd = i
      while (i < end && isXmlSpace(b[i]!)) i++
      if (b[i] !== 61 || nameEnd === nameStart)
        throw new AnalysisError('xml_invalid', `Bad attribute in <${name}>`)
      i++
      while (i < end && isXmlSpace(b[i]!)) i++
      const quote = b[i]
      if (quote !== 34 && quote !== 39)
        throw new AnalysisError('xml_invalid', `Unquoted attribute in <${name}>`)
      const valueEnd = b.indexOf(quote, i + 1)
      if (valueEnd < 0 || valueEnd >= end)
        throw new AnalysisError('xml_invalid', `Unterminated attribute in <${name}>`)
      attrs.add(nameStart, nameEnd, i + 1, valueEnd)
      i = valueEnd + 1
    }
    if (!selfClosing) {
      if (this.stack.length >= this.maxDepth)
        throw new AnalysisError('xml_invalid', 'XML nesting is too deep')
      this.stack.push(name)
    }
    this.handler.start(name, attrs, selfClosing)
    if (selfClosing) this.handler.end(name)
  }

  private endTag(b: Uint8Array, from: number, close: number): void {
    let e = close
    while (e > from && isXmlSpace(b[e - 1]!)) e--
    const name = this.nameOf(b, from, e)
    const open = this.stack.pop()
    if (open !== name)
      throw new AnalysisError('xml_invalid', `</${name.slice(0, 40)}> does not close <${String(open)}>`)
    this.handler.end(name)
  }
}

function isXmlSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13
}

function startsWith(b: Uint8Array, at: number, s: string): boolean {
  if (at + s.length > b.length) return false
  for (let k = 0; k < s.length; k++) if (b[at + k] !== s.charCodeAt(k)) return false
  return true
}

function startsWithUpper(b: Uint8Array, at: number, s: string): boolean {
  if (at + s.length > b.length) return false
  for (let k = 0; k < s.length; k++) {
    const c = b[at + k]!
    if ((c >= 97 && c <= 122 ? c - 32 : c) !== s.charCodeAt(k)) return false
  }
  return true
}

function indexOfSeq(b: Uint8Array, s: string, from: number): number {
  const first = s.charCodeAt(0)
  for (let i = b.indexOf(first, from); i >= 0 && i + s.length <= b.length; i = b.indexOf(first, i + 1)) {
    if (startsWith(b, i, s)) return i
  }
  return -1
}

function indexOfPair(b: Uint8Array, c1: number, c2: number, from: number): number {
  for (let i = b.indexOf(c1, from); i >= 0 && i + 1 < b.length; i = b.indexOf(c1, i + 1))
    if (b[i + 1] === c2) return i
  return -1
}

/** The index of the '>' that ends a tag starting at `from`, skipping quoted attribute values; -1 if incomplete. */
function findTagEnd(b: Uint8Array, from: number): number {
  let quote = 0
  for (let i = from; i < b.length; i++) {
    const c = b[i]!
    if (quote !== 0) {
      if (c === quote) quote = 0
    } else if (c === 34 || c === 39) {
      quote = c
    } else if (c === GT) {
      return i
    } else if (c === LT) {
      throw new AnalysisError('xml_invalid', "A '<' inside a tag")
    }
  }
  return -1
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

export function decodeEntities(value: string): string {
  return value.replace(/&([^;&]{0,12});?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) throw new AnalysisError('xml_invalid', 'An unterminated entity reference')
    const predefined = PREDEFINED[body]
    if (predefined !== undefined) return predefined
    const m = /^#(x[0-9a-fA-F]{1,6}|[0-9]{1,7})$/.exec(body)
    if (m !== null) {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      if (code > 0x10ffff || code === 0)
        throw new AnalysisError('xml_invalid', 'A character reference out of range')
      return String.fromCodePoint(code)
    }
    throw new AnalysisError(
      'xml_dtd_forbidden',
      `Entity '&${body.slice(0, 20)};' is not allowed (no DTD entities)`,
    )
  })
}
