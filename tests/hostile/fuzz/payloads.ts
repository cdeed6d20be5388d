/**
 * The hostile bodies sent to every body-taking route (issue 13, "The hostile suite"). Each payload has a `kind`
 * (the class of attack) so a report can say which kinds a route saw; the fast set (CI) keeps every kind and drops
 * only repeats of a kind. Bodies are raw bytes with their own content type: a fuzz must be able to send what no
 * JSON serializer would produce (a cut-off document, invalid UTF-8, a broken multipart).
 */

export interface FuzzPayload {
  kind: string
  /** What exactly was sent, for the report of a failing payload. */
  label: string
  /** undefined: no Content-Type header. */
  contentType: string | undefined
  /** undefined: no body at all. */
  body: Buffer | undefined
}

export type FuzzSize = 'fast' | 'full'

/** A JSON object a route accepts (or nearly): the fields whose types are swapped, one by one. */
export type FuzzSeed = Record<string, unknown>

const JSON_TYPE = 'application/json'
const MB = 1_048_576
const DEPTH = 10_000
const POLLUTION_MARK = 'schichtwerkPolluted'
/** Stands for "every number of the seed" until the literal under test replaces it in the text. */
const NUMBER_MARK = 424242

/** The key the pollution payloads try to set on Object.prototype: check it with {@link prototypeIsPolluted}. */
export function prototypeIsPolluted(): boolean {
  const probe: Record<string, unknown> = {}
  return POLLUTION_MARK in probe || POLLUTION_MARK in Object.prototype
}

function raw(
  kind: string,
  label: string,
  contentType: string | undefined,
  body: string | Buffer | undefined,
) {
  const bytes = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  return { kind, label, contentType, body: bytes }
}

function json(kind: string, label: string, text: string): FuzzPayload {
  return raw(kind, label, JSON_TYPE, text)
}

function shapePayloads(): FuzzPayload[] {
  return [
    raw('empty-body', 'no body, JSON type', JSON_TYPE, ''),
    raw('no-body', 'no body, no type', undefined, undefined),
    json('null', 'null', 'null'),
    json('array-for-object', '[]', '[]'),
    json('array-for-object', '[{}]', '[{}]'),
    json('scalar-for-object', '"text"', '"text"'),
    json('scalar-for-object', '42', '42'),
    json('empty-object', '{}', '{}'),
    raw('whitespace-body', 'only whitespace', JSON_TYPE, ' \r\n\t '),
    // A UTF-8 byte order mark before the document: some parsers choke on it.
    raw('bom', 'BOM + {}', JSON_TYPE, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')])),
  ]
}

function malformedPayloads(): FuzzPayload[] {
  return [
    json('malformed-json', 'cut off', '{"items": [{"a": '),
    json('malformed-json', 'trailing comma', '{"a": 1,}'),
    json('malformed-json', 'single quotes', "{'a': 1}"),
    raw(
      'invalid-utf8',
      '0xff bytes in a string',
      JSON_TYPE,
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    ),
    json('duplicate-keys', 'the same key twice', '{"a": 1, "a": {"b": 2}}'),
  ]
}

function pollutionPayloads(seed: FuzzSeed): FuzzPayload[] {
  const seedText = JSON.stringify(seed).slice(1, -1)
  const comma = seedText === '' ? '' : ','
  return [
    json(
      'proto-pollution',
      '__proto__ at the top',
      `{"__proto__": {"${POLLUTION_MARK}": true}${comma}${seedText}}`,
    ),
    json(
      'proto-pollution',
      'constructor.prototype',
      `{"constructor": {"prototype": {"${POLLUTION_MARK}": true}}}`,
    ),
    json(
      'extra-fields',
      'a price the client must not send',
      JSON.stringify({ ...seed, price: 0, netPrice: 0 }),
    ),
    json(
      'proto-pollution',
      '__proto__ in a list item',
      `{"items": [{"__proto__": {"${POLLUTION_MARK}": true}}]}`,
    ),
  ]
}

function strangeStringPayloads(seed: FuzzSeed): FuzzPayload[] {
  const withStrings = (value: string): string => JSON.stringify(replaceStrings(seed, value))
  return [
    json('nul-bytes', 'NUL in every string', withStrings('a\u0000b')),
    // JSON.stringify escapes a lone surrogate; the escaped form is what an attacker sends.
    json('lone-surrogate', 'escaped \\ud800', withStrings('x').replaceAll('"x"', '"\\ud800"')),
    json('lone-surrogate', 'escaped \\udfff', withStrings('x').replaceAll('"x"', '"a\\udfffb"')),
    json('sql-like', "' OR 1=1 --", withStrings("' OR 1=1 --")),
    json('sql-like', 'DROP TABLE', withStrings("x'); DROP TABLE carts; --")),
    json('long-string', '100,000 chars', withStrings('A'.repeat(100_000))),
    json('unicode-tricks', 'RTL override, zero-width, emoji', withStrings('\u202eexe.ltS\u200b\ud83d\ude00')),
  ]
}

function numberPayloads(seed: FuzzSeed): FuzzPayload[] {
  const marked = JSON.stringify(replaceNumbers(seed, NUMBER_MARK))
  // A seed without numbers gets one field, so the literal is sent anyway.
  const template = marked.includes(String(NUMBER_MARK))
    ? marked
    : JSON.stringify({ ...seed, value: NUMBER_MARK })
  const withNumbers = (literal: string): string => template.replaceAll(String(NUMBER_MARK), literal)
  return [
    json('huge-number', '1e308', withNumbers('1e308')),
    json('huge-number', '1e309 (Infinity)', withNumbers('1e309')),
    json('negative-zero', '-0', withNumbers('-0')),
    json('unsafe-integer', '2^53+1', withNumbers('9007199254740993')),
    json('nan-string', '"NaN"', withNumbers('"NaN"')),
    json('huge-number', '-1e308', withNumbers('-1e308')),
  ]
}

function sizePayloads(size: FuzzSize): FuzzPayload[] {
  const nestedArrays = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`
  const nestedObjects = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`
  const big = size === 'full' ? 10 * MB : 2 * MB
  return [
    json('deep-nesting', `${DEPTH}-deep arrays`, nestedArrays),
    json('deep-nesting', `${DEPTH}-deep objects`, nestedObjects),
    json('deep-nesting', `${DEPTH}-deep arrays in a field`, `{"items": ${nestedArrays}}`),
    json('big-body', `${big / MB} MB JSON`, `{"a": "${'A'.repeat(big)}"}`),
  ]
}

function contentTypePayloads(seed: FuzzSeed): FuzzPayload[] {
  const seedText = JSON.stringify(seed)
  return [
    raw('wrong-content-type', 'JSON as text/plain', 'text/plain', seedText),
    raw('wrong-content-type', 'JSON as form', 'application/x-www-form-urlencoded', 'a=1&b=%ZZ'),
    raw('wrong-content-type', 'JSON as XML', 'application/xml', '<a>1</a>'),
    raw('wrong-content-type', 'JSON, no type', undefined, seedText),
    raw('wrong-content-type', 'JSON as utf-16', 'application/json; charset=utf-16', seedText),
    raw(
      'multipart-broken',
      'JSON under a multipart boundary',
      'multipart/form-data; boundary=zzz',
      '{"items":[]}',
    ),
    raw(
      'multipart-broken',
      'boundary never closed',
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.stl"\r\n\r\nsolid a\r\n',
    ),
    raw('multipart-broken', 'no boundary parameter', 'multipart/form-data', '--x\r\n\r\n--x--\r\n'),
  ]
}

/** Each field of the seed (and of its first list item) with a value of every other JSON type. */
function wrongTypePayloads(seed: FuzzSeed, size: FuzzSize): FuzzPayload[] {
  const wrongValues: unknown[] =
    size === 'full' ? ['text', -1, true, null, {}, [], [1, 2]] : [{}, 'text', [1, 2]]
  const payloads: FuzzPayload[] = []
  for (const path of fieldPaths(seed)) {
    for (const value of wrongValues) {
      if (typeof value === typeof valueAt(seed, path) && value !== null) continue
      payloads.push(
        json(
          'wrong-type',
          `${path.join('.')} = ${JSON.stringify(value)}`,
          JSON.stringify(withValueAt(seed, path, value)),
        ),
      )
    }
  }
  return payloads.length > 0 ? payloads : [json('wrong-type', 'a = {}', '{"a": {}}')]
}

export function fuzzPayloads(seed: FuzzSeed, size: FuzzSize): FuzzPayload[] {
  const all = allPayloads(seed, size)
  return size === 'full' ? all : firstOfEachKind(all)
}

/** The fast set: one payload of each kind, but every wrong-type one (each field of the seed is its own case). */
function firstOfEachKind(payloads: readonly FuzzPayload[]): FuzzPayload[] {
  const seen = new Set<string>()
  return payloads.filter((payload) => {
    if (payload.kind === 'wrong-type') return true
    if (seen.has(payload.kind)) return false
    seen.add(payload.kind)
    return true
  })
}

function allPayloads(seed: FuzzSeed, size: FuzzSize): FuzzPayload[] {
  return [
    ...shapePayloads(),
    ...malformedPayloads(),
    ...pollutionPayloads(seed),
    ...strangeStringPayloads(seed),
    ...numberPayloads(seed),
    ...sizePayloads(size),
    ...contentTypePayloads(seed),
    ...wrongTypePayloads(seed, size),
  ]
}

type Path = (string | number)[]

function fieldPaths(seed: FuzzSeed): Path[] {
  const paths: Path[] = []
  for (const [key, value] of Object.entries(seed)) {
    paths.push([key])
    const first: unknown = Array.isArray(value) ? value[0] : undefined
    if (isRecord(first)) for (const inner of Object.keys(first)) paths.push([key, 0, inner])
  }
  return paths
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      isRecord(current) || Array.isArray(current)
        ? (current as Record<string | number, unknown>)[key]
        : undefined,
    value,
  )
}

function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path as [string | number, ...Path]
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? withValueAt(item, rest, replacement) : item))
  if (isRecord(value)) return { ...value, [head]: withValueAt(value[head], rest, replacement) }
  return value
}

/** The seed with every string (at any depth) replaced: the strange text reaches every text field at once. */
function replaceStrings(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, text))
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, text)]))
  return value
}

/** Every number of the seed replaced by `marker`, so a literal JSON cannot express can be put in its place. */
function replaceNumbers(value: unknown, marker: number): unknown {
  if (typeof value === 'number') return marker
  if (Array.isArray(value)) return value.map((item) => replaceNumbers(item, marker))
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceNumbers(item, marker)]))
  return value
}
