import { type StaffResource } from '#shared/contracts/staff-catalogue.contract.ts'
import {
  type CatalogueField,
  catalogueFields,
  createSchemaOf,
  defaultOf,
  FIELD_LANGUAGES,
} from './catalogue-fields.ts'

/**
 * A catalogue form's draft (every input as typed), the request body built from it, and the contract's issues placed
 * at the inputs. Numbers stay strings while typed, so nothing entered is lost to a parse.
 */

export type DraftValue = string | boolean | readonly string[]
/** By leaf key: `name.de`, `maxDimensions.x`, `whiteLabelIds`. */
export type Draft = Readonly<Record<string, DraftValue>>
/** An entity as the staff API lists it (the contract's Staff…Schema). */
export type CatalogueItem = Readonly<Record<string, unknown>> & { id: string; archived: boolean }

export const FIELD_ISSUE_CODES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'must_be_positive',
  'not_a_number',
  'not_integer',
  'invalid_hex',
  'invalid_characters',
  'too_many',
  'invalid',
  /** The server refused the value for a reason of its own (a reference that does not exist …). */
  'refused',
] as const
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number]
/** What a field shows: the rule it breaks and, where the rule has one, its limit. */
export type FieldIssue = { code: FieldIssueCode; limit?: number }
/** By leaf key; `''` is an issue of the whole form. */
export type FieldIssues = Readonly<Record<string, FieldIssue>>

/** The input keys of a field: one per language for a text in every language. */
export const leafKeys = (field: CatalogueField): string[] =>
  field.kind === 'localized' ? FIELD_LANGUAGES.map((language) => `${field.key}.${language}`) : [field.key]

function valueAt(item: Readonly<Record<string, unknown>>, key: string): unknown {
  let value: unknown = item
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

type OptionEntry = { id: string; name: { de: string }; archived: boolean }

const optionsOf = (item: CatalogueItem | null, key: string): OptionEntry[] => {
  const value = item === null ? undefined : valueAt(item, key)
  return Array.isArray(value) ? (value as OptionEntry[]) : []
}

function draftValueOf(field: CatalogueField, value: unknown, item: CatalogueItem | null): DraftValue {
  switch (field.kind) {
    case 'boolean':
      return value === true
    case 'refs':
      return Array.isArray(value) ? value.map(String) : []
    case 'lines':
      return optionsOf(item, field.key)
        .filter((option) => !option.archived)
        .map((option) => option.name.de)
        .join('\n')
    default:
      return value === undefined || value === null ? '' : String(value)
  }
}

/** The draft of an entity as loaded, or of a new one (the create schema's defaults, everything else empty). */
export function draftOf(resource: StaffResource, item: CatalogueItem | null): Draft {
  const draft: Record<string, DraftValue> = {}
  for (const field of catalogueFields(resource)) {
    for (const key of leafKeys(field)) {
      const value =
        item === null ? (field.group === null ? defaultOf(resource, key) : undefined) : valueAt(item, key)
      draft[key] = draftValueOf(field, value, item)
    }
  }
  return draft
}

const isEmpty = (value: DraftValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '')

function numberOf(value: string): number | string {
  const parsed = Number(value.trim().replace(',', '.'))
  // Not a number: the raw text goes to the schema, which names the issue.
  return Number.isFinite(parsed) ? parsed : value
}

function setAt(body: Record<string, unknown>, key: string, value: unknown) {
  const parts = key.split('.')
  let target = body
  for (const part of parts.slice(0, -1)) {
    const next = target[part]
    if (typeof next === 'object' && next !== null) target = next as Record<string, unknown>
    else {
      const created: Record<string, unknown> = {}
      target[part] = created
      target = created
    }
  }
  target[parts[parts.length - 1] as string] = value
}

/** A processing step's options: one a line; on update an unchanged German name keeps its option's id. */
function linesOf(text: string, existing: readonly OptionEntry[], withIds: boolean) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((de) => {
      const known = withIds ? existing.find((option) => option.name.de === de) : undefined
      return known === undefined ? { name: { de } } : { id: known.id, name: { de } }
    })
}

function bodyValue(
  field: CatalogueField,
  draft: Draft,
  item: CatalogueItem | null,
  update: boolean,
): unknown {
  const value = draft[field.key]
  switch (field.kind) {
    case 'localized': {
      const text: Record<string, string> = {}
      for (const language of FIELD_LANGUAGES) {
        const typed = draft[`${field.key}.${language}`]
        // German is always sent (empty, the schema says it is required); en and fr fall back to it when empty.
        if (typeof typed === 'string' && (language === 'de' || typed.trim() !== '')) text[language] = typed
      }
      return text
    }
    case 'number':
    case 'integer':
      return typeof value === 'string' && !isEmpty(value) ? numberOf(value) : undefined
    case 'boolean':
      return value === true
    case 'refs':
      return Array.isArray(value) ? [...(value as readonly string[])] : []
    case 'lines':
      return linesOf(typeof value === 'string' ? value : '', optionsOf(item, field.key), update)
    default:
      return isEmpty(value) ? undefined : value
  }
}

/**
 * The request body of a draft: on create every field (an optional nested object left wholly empty is left out, so
 * its default applies), on update the fields the update schema takes.
 */
export function bodyOf(
  resource: StaffResource,
  draft: Draft,
  item: CatalogueItem | null,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  const fields = catalogueFields(resource)
  for (const field of fields) {
    if (mode === 'update' && field.createOnly) continue
    if (field.group !== null && field.optional) {
      const siblings = fields.filter((other) => other.group === field.group)
      if (siblings.every((other) => isEmpty(draft[other.key]))) continue
    }
    const value = bodyValue(field, draft, item, mode === 'update')
    if (value !== undefined) setAt(body, field.key, value)
  }
  return body
}

/** The part of a zod (or API) issue the form reads. */
export type RawIssue = {
  path: readonly PropertyKey[]
  code: string
  origin?: string
  expected?: string
  minimum?: number | bigint
  maximum?: number | bigint
  inclusive?: boolean
}

const limitOf = (value: number | bigint | undefined) => (value === undefined ? {} : { limit: Number(value) })

function issueOf(
  raw: RawIssue,
  field: CatalogueField | undefined,
  value: DraftValue | undefined,
): FieldIssue {
  switch (raw.code) {
    case 'too_small':
      if (raw.origin === 'number')
        return raw.inclusive === false && Number(raw.minimum) === 0
          ? { code: 'must_be_positive' }
          : { code: 'too_small', ...limitOf(raw.minimum) }
      return raw.minimum === undefined || Number(raw.minimum) <= 1
        ? { code: 'required' }
        : { code: 'too_short', ...limitOf(raw.minimum) }
    case 'too_big':
      if (raw.origin === 'number') return { code: 'too_big', ...limitOf(raw.maximum) }
      if (raw.origin === 'array') return { code: 'too_many', ...limitOf(raw.maximum) }
      return { code: 'too_long', ...limitOf(raw.maximum) }
    case 'invalid_type':
      if (isEmpty(value)) return { code: 'required' }
      return raw.expected === 'int' ? { code: 'not_integer' } : { code: 'not_a_number' }
    case 'invalid_format':
      if (isEmpty(value)) return { code: 'required' }
      if (field?.kind === 'hex') return { code: 'invalid_hex' }
      if (field?.kind === 'text') return { code: 'invalid_characters' }
      return { code: 'invalid' }
    default:
      return { code: 'refused' }
  }
}

/** The input an issue's path belongs to: the field whose key starts the path (a language, an option, an id). */
function keyOfPath(resource: StaffResource, path: readonly PropertyKey[]): string {
  const joined = path.map(String).join('.')
  let best: CatalogueField | undefined
  for (const field of catalogueFields(resource)) {
    if (
      (joined === field.key || joined.startsWith(`${field.key}.`)) &&
      field.key.length > (best?.key.length ?? -1)
    )
      best = field
  }
  if (best === undefined) return ''
  if (best.kind !== 'localized') return best.key
  const language = joined.slice(best.key.length + 1).split('.')[0]
  return FIELD_LANGUAGES.some((known) => known === language) ? `${best.key}.${language}` : `${best.key}.de`
}

/** Issues placed at their inputs, the first per input. */
export function placeIssues(
  resource: StaffResource,
  draft: Draft,
  issues: readonly RawIssue[],
): Record<string, FieldIssue> {
  const placed: Record<string, FieldIssue> = {}
  for (const raw of issues) {
    const key = keyOfPath(resource, raw.path)
    if (placed[key] !== undefined) continue
    const field = catalogueFields(resource).find(
      (candidate) => key === candidate.key || key.startsWith(`${candidate.key}.`),
    )
    placed[key] = issueOf(raw, field, draft[key])
  }
  return placed
}

/**
 * Every input's issue under the contract's create rules. An edit is checked with the same rules (its create-only
 * fields keep the loaded values), so an update never clears a required field.
 */
export function draftIssues(resource: StaffResource, draft: Draft, item: CatalogueItem | null): FieldIssues {
  const result = createSchemaOf(resource).safeParse(bodyOf(resource, draft, item, 'create'))
  return result.success ? {} : placeIssues(resource, draft, result.error.issues as readonly RawIssue[])
}
