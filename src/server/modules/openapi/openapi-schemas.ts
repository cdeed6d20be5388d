import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import * as account from '#shared/contracts/account.contract.ts'
import * as analysis from '#shared/contracts/analysis.contract.ts'
import * as auth from '#shared/contracts/auth.contract.ts'
import * as cart from '#shared/contracts/cart.contract.ts'
import * as checkout from '#shared/contracts/checkout.contract.ts'
import * as cms from '#shared/contracts/cms.contract.ts'
import * as common from '#shared/contracts/common.contract.ts'
import * as contact from '#shared/contracts/contact.contract.ts'
import * as health from '#shared/contracts/health.contract.ts'
import * as priceSheet from '#shared/contracts/price-sheet.contract.ts'
import * as pricing from '#shared/contracts/pricing.contract.ts'
import * as printModes from '#shared/contracts/print-modes.contract.ts'
import * as shipping from '#shared/contracts/shipping.contract.ts'
import * as staffCatalogue from '#shared/contracts/staff-catalogue.contract.ts'
import * as staffAudit from '#shared/contracts/staff-audit.contract.ts'
import * as staffSheet from '#shared/contracts/staff-sheet.contract.ts'
import * as staffOrders from '#shared/contracts/staff-orders.contract.ts'
import * as apiRoutes from '#shared/contracts/api-routes.ts'
import * as errors from '#shared/errors/error-codes.ts'

/**
 * The contracts as OpenAPI components, through zod's own JSON Schema output (z.toJSONSchema with a registry). Every
 * exported `…Schema` of a contract file becomes the component of that name without `Schema`, so nested contracts
 * are `$ref`s too; requests are generated from zod's input side, answers from its output side, and where the two
 * differ (a coerced or transformed field) the request's component is named `…Input`.
 */

export type JsonSchema = { [key: string]: unknown }

const CONTRACT_MODULES: readonly Record<string, unknown>[] = [
  apiRoutes,
  account,
  analysis,
  auth,
  cart,
  checkout,
  cms,
  common,
  contact,
  health,
  priceSheet,
  pricing,
  printModes,
  shipping,
  staffCatalogue,
  staffAudit,
  staffSheet,
  staffOrders,
  errors,
]

export const COMPONENT_PREFIX = '#/components/schemas/'
/** Where zod puts the definitions that several components share (recursive ones such as the CMS story tree). */
const SHARED = `${COMPONENT_PREFIX}__shared#/$defs/`

/** Every exported contract schema by its component name. */
export function namedContractSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>()
  for (const module of CONTRACT_MODULES) {
    for (const [exportName, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && exportName.endsWith('Schema') && !names.has(value)) {
        names.set(value, exportName.slice(0, -'Schema'.length))
      }
    }
  }
  return names
}

function generate(schemas: Map<z.ZodType, string>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const [schema, id] of schemas) registry.add(schema, { id })
  const { schemas: generated } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `${COMPONENT_PREFIX}${id}`,
  }) as { schemas: Record<string, JsonSchema> }
  const result: Record<string, JsonSchema> = {}
  for (const [id, schema] of Object.entries(generated)) {
    if (id === '__shared') {
      for (const [defId, def] of Object.entries((schema.$defs ?? {}) as Record<string, JsonSchema>))
        result[`Shared_${defId}`] = def
      continue
    }
    // A component is a plain schema of the document: no dialect or base URI of its own.
    const { $schema: _dialect, $id: _id, ...rest } = schema
    result[id] = rest
  }
  return result
}

/** Rewrites every `$ref` in a JSON value. */
export function mapRefs<T>(value: T, map: (ref: string) => string): T {
  if (Array.isArray(value)) return value.map((entry: unknown) => mapRefs(entry, map)) as T
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      key === '$ref' && typeof entry === 'string' ? map(entry) : mapRefs(entry, map),
    ]),
  ) as T
}

const sharedRef = (ref: string) =>
  ref.startsWith(SHARED) ? `${COMPONENT_PREFIX}Shared_${ref.slice(SHARED.length)}` : ref

/** The components whose input side differs, directly or through a component they refer to. */
function inputOnly(input: Record<string, JsonSchema>, output: Record<string, JsonSchema>): Set<string> {
  const renamed = new Set(Object.keys(input).filter((id) => !isDeepStrictEqual(input[id], output[id])))
  for (let grew = true; grew;) {
    grew = false
    for (const id of Object.keys(input)) {
      if (renamed.has(id)) continue
      const refs = [...JSON.stringify(input[id]).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)]
      if (refs.some(([, target]) => renamed.has(target!))) {
        renamed.add(id)
        grew = true
      }
    }
  }
  return renamed
}

/**
 * The components for the given request and answer schemas (the named contracts are added to both sides). Answers
 * keep the contract's name; a request schema whose input side differs from its output side gets `Input` appended.
 */
export function contractComponents(names: Map<z.ZodType, string>): Record<string, JsonSchema> {
  const output = mapRefs(generate(names, 'output'), sharedRef)
  const input = mapRefs(generate(names, 'input'), sharedRef)
  const renamed = inputOnly(input, output)
  const inputRef = (ref: string) => {
    const id = ref.slice(COMPONENT_PREFIX.length)
    return ref.startsWith(COMPONENT_PREFIX) && renamed.has(id) ? `${ref}Input` : ref
  }
  const components: Record<string, JsonSchema> = { ...output }
  for (const id of renamed) components[`${id}Input`] = mapRefs(input[id]!, inputRef)
  return components
}

/** The component a request (input side) or answer (output side) schema is published as. */
export function componentRef(
  components: Record<string, JsonSchema>,
  name: string,
  side: 'input' | 'output',
): JsonSchema {
  const id = side === 'input' && components[`${name}Input`] !== undefined ? `${name}Input` : name
  return { $ref: `${COMPONENT_PREFIX}${id}` }
}

/** Every `$ref` in a JSON value. */
function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) refsIn(entry, into)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (key === '$ref' && typeof entry === 'string') into.push(entry)
      else refsIn(entry, into)
    }
  }
  return into
}

/** Only the components the document refers to, directly or through other components. */
export function reachableComponents(
  components: Record<string, JsonSchema>,
  roots: unknown,
): Record<string, JsonSchema> {
  const kept: Record<string, JsonSchema> = {}
  const pending = refsIn(roots)
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const id = ref.slice(COMPONENT_PREFIX.length)
    const schema = components[id]
    if (!ref.startsWith(COMPONENT_PREFIX) || schema === undefined || kept[id] !== undefined) continue
    kept[id] = schema
    refsIn(schema, pending)
  }
  return kept
}
