/**
 * A JSON serialiser compiled from a response's JSON Schema (the contract's, through `z.toJSONSchema` and
 * serialization-schema.ts), for answers on a hot path (decision 0148). It writes exactly the properties the schema
 * names, in the schema's order, as Fastify's fast-json-stringify does, with three differences that matter there:
 *
 * - Integers from 0 to 99,999,999 are written from a table of digit strings. fast-json-stringify writes `'' + n`,
 *   and V8 keeps every number converted that way in its number-to-string cache, a table in the old generation whose
 *   churn moved young strings into the old generation on every collection (decision 0144). Other numbers go through
 *   `JSON.stringify`, which writes into its own buffer.
 * - It never validates: the contract is zod's to check (outside production every answer is parsed with it).
 * - It knows only what the contracts' answers use (objects whose properties are all required, arrays, strings,
 *   integers, numbers, booleans and `[type, 'null']`), and refuses any other schema when it is compiled, so a
 *   contract that grows past it fails at start-up instead of writing something else.
 *
 * The generated code holds only this file's fixed text, variable names it numbers itself and JSON texts of the
 * schema's property names written with JSON.stringify (valid JavaScript string literals), never a value.
 */

export type JsonSchema = { readonly [key: string]: unknown }

export type JsonSerializer<T> = (value: T) => string

/** Digit strings of 0-9,999 and the same padded to four digits, built on first use. */
let digitTables: { plain: readonly string[]; padded: readonly string[] } | undefined

function tables(): { plain: readonly string[]; padded: readonly string[] } {
  digitTables ??= {
    plain: Array.from({ length: 10_000 }, (_, index) => String(index)),
    padded: Array.from({ length: 10_000 }, (_, index) => String(index).padStart(4, '0')),
  }
  return digitTables
}

/** A number as JSON: a small non-negative integer from the digit tables, anything else as JSON.stringify writes it. */
export function numberJson(value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < 100_000_000) {
    const { plain, padded } = tables()
    if (value < 10_000) return plain[value]!
    const high = Math.floor(value / 10_000)
    return plain[high]! + padded[value - high * 10_000]!
  }
  return JSON.stringify(value)
}

/** A string as JSON: quoted as it is when no character needs an escape (ids, codes), else as JSON.stringify writes it. */
export function stringJson(value: string): string {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    // Control characters, the quote, the backslash, and everything past ASCII (lone surrogates need escapes).
    if (code < 0x20 || code === 0x22 || code === 0x5c || code > 0x7e) return JSON.stringify(value)
  }
  return `"${value}"`
}

/**
 * The generated code as a list of steps: literal text to append, or code (which appends the JSON of a value itself).
 * Literal steps next to each other are appended as one string.
 */
type Step = { readonly text: string } | { readonly code: string }

/** The steps that append the JSON of the value in `variable` (already bound) to `out`, for `schema`. */
type Emit = (schema: JsonSchema, variable: string) => Step[]

function typesOf(schema: JsonSchema): { type: string; nullable: boolean } {
  const raw = schema.type
  const types = Array.isArray(raw) ? (raw as unknown[]) : [raw]
  const others = types.filter((type) => type !== 'null')
  if (others.length !== 1 || typeof others[0] !== 'string')
    throw new Error(`json serializer: unsupported type ${JSON.stringify(raw)}`)
  return { type: others[0], nullable: others.length !== types.length }
}

/** The steps as statements, each run of literal text appended as one string literal. */
function codeOf(steps: readonly Step[]): string {
  const lines: string[] = []
  let text = ''
  for (const step of steps) {
    if ('text' in step) {
      text += step.text
      continue
    }
    if (text !== '') lines.push(`out += ${JSON.stringify(text)};`)
    text = ''
    lines.push(step.code)
  }
  if (text !== '') lines.push(`out += ${JSON.stringify(text)};`)
  return lines.join('\n')
}

function createEmitter(): Emit {
  let names = 0
  const fresh = (prefix: string) => `${prefix}${names++}`

  const emitObject = (schema: JsonSchema, variable: string): Step[] => {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
    const keys = Object.keys(properties)
    const required = new Set((schema.required ?? []) as string[])
    if (keys.some((key) => !required.has(key)))
      throw new Error('json serializer: optional properties are not supported')
    if (keys.length === 0) return [{ text: '{}' }]
    const steps = keys.flatMap((key, index): Step[] => {
      const child = fresh('v')
      return [
        { text: `${index === 0 ? '{' : ','}${JSON.stringify(key)}:` },
        { code: `const ${child} = ${variable}[${JSON.stringify(key)}];` },
        ...emit(properties[key]!, child),
      ]
    })
    return [...steps, { text: '}' }]
  }

  const emitArray = (schema: JsonSchema, variable: string): Step[] => {
    const index = fresh('i')
    const item = fresh('v')
    const loop = [
      `for (let ${index} = 0; ${index} < ${variable}.length; ${index}++) {`,
      `if (${index} > 0) out += ',';`,
      `const ${item} = ${variable}[${index}];`,
      codeOf(emit(schema.items as JsonSchema, item)),
      '}',
    ]
    return [{ text: '[' }, { code: loop.join('\n') }, { text: ']' }]
  }

  const emitType = (type: string, schema: JsonSchema, variable: string): Step[] => {
    switch (type) {
      case 'object':
        return emitObject(schema, variable)
      case 'array':
        return emitArray(schema, variable)
      case 'integer':
      case 'number':
        return [{ code: `out += numberJson(${variable});` }]
      case 'boolean':
        return [{ code: `out += ${variable} ? 'true' : 'false';` }]
      case 'string':
        return [{ code: `out += stringJson(${variable});` }]
      default:
        throw new Error(`json serializer: unsupported type ${type}`)
    }
  }

  const emit: Emit = (schema, variable) => {
    const { type, nullable } = typesOf(schema)
    const steps = emitType(type, schema, variable)
    if (!nullable) return steps
    return [{ code: `if (${variable} === null) out += 'null';\nelse {\n${codeOf(steps)}\n}` }]
  }
  return emit
}

/** Compiles the serialiser of `schema` once (at start-up); see above for what it writes. */
export function compileJsonSerializer<T>(schema: JsonSchema): JsonSerializer<T> {
  const body = codeOf(createEmitter()(schema, 'value'))
  // Generated from the schema only: property names as JSON string literals, this file's own text (decision 0148).
  const factory = new Function(
    'numberJson',
    'stringJson',
    `'use strict';\nreturn (value) => {\nlet out = '';\n${body}\nreturn out;\n};`,
  )
  return factory(numberJson, stringJson) as JsonSerializer<T>
}
