import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compileJsonSerializer,
  numberJson,
  stringJson,
  type JsonSchema,
} from '#server/http/json-serializer.ts'

const integer = { type: 'integer' }
const schema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    amounts: { type: 'array', items: integer },
    rate: { type: 'number' },
    ok: { type: 'boolean' },
    inner: {
      type: ['object', 'null'],
      properties: { 'a "quoted" key': integer, empty: { type: 'object', properties: {}, required: [] } },
      required: ['a "quoted" key', 'empty'],
    },
    rows: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: ['string', 'null'] } }, required: ['name'] },
    },
  },
  required: ['id', 'amounts', 'rate', 'ok', 'inner', 'rows'],
}

/** Characters at the edges of what a JSON string holds as it is. */
const ESCAPE_PRONE = fc.constantFrom(
  'a',
  '-',
  '"',
  '\\',
  '\n',
  '\u001f',
  ' ',
  '~',
  '\u007f',
  'é',
  '\ud800',
  '\u2028',
)

const values = fc.record({
  id: fc.string({ unit: 'binary' }),
  amounts: fc.array(
    fc.oneof(fc.nat(), fc.integer(), fc.constantFrom(0, 9_999, 10_000, 99_999_999, 100_000_000)),
  ),
  rate: fc.double({ noNaN: true, noDefaultInfinity: true }),
  ok: fc.boolean(),
  inner: fc.option(fc.record({ 'a "quoted" key': fc.integer(), empty: fc.constant({}) }), { nil: null }),
  rows: fc.array(fc.record({ name: fc.option(fc.string({ unit: 'grapheme' }), { nil: null }) })),
})

describe('the JSON serialiser compiled from a schema (decision 0148)', () => {
  it('writes what JSON.stringify writes for values in the schema’s shape and order', () => {
    const write = compileJsonSerializer(schema)
    fc.assert(
      fc.property(values, (value) => {
        expect(write(value)).toBe(JSON.stringify(value))
      }),
    )
  })

  it('writes only the properties the schema names, in its order', () => {
    const write = compileJsonSerializer<Record<string, unknown>>({
      type: 'object',
      properties: { b: integer, a: integer },
      required: ['b', 'a'],
    })
    expect(write({ a: 1, secret: 'x', b: 2 })).toBe('{"b":2,"a":1}')
  })

  it('writes numbers and strings exactly as JSON.stringify does', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(numberJson(value)).toBe(JSON.stringify(value))
      }),
    )
    fc.assert(
      fc.property(fc.integer(), (value) => {
        expect(numberJson(value)).toBe(JSON.stringify(value))
      }),
    )
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: ESCAPE_PRONE })), (value) => {
        expect(stringJson(value)).toBe(JSON.stringify(value))
      }),
    )
    expect(numberJson(-0)).toBe('0')
    expect(stringJson('\u2028"\\\ud800')).toBe(JSON.stringify('\u2028"\\\ud800'))
  })

  it('refuses, when it is compiled, a schema it does not know how to write', () => {
    const optional = { type: 'object', properties: { a: integer }, required: [] }
    expect(() => compileJsonSerializer(optional)).toThrow(/optional properties/)
    expect(() => compileJsonSerializer({ anyOf: [integer, { type: 'string' }] })).toThrow(/unsupported type/)
    expect(() => compileJsonSerializer({ type: ['integer', 'string'] })).toThrow(/unsupported type/)
    expect(() => compileJsonSerializer({ type: 'bigint' })).toThrow(/unsupported type/)
  })
})
