import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { HexColorSchema } from '#shared/contracts/print-modes.contract.ts'
import {
  LocalizedTextSchema,
  STAFF_RESOURCE_CONTRACTS,
  type StaffResource,
} from '#shared/contracts/staff-catalogue.contract.ts'

/**
 * The fields of a staff catalogue form, read from the contract's create and update schemas (decision 0108): the
 * form validates with those very schemas, so the rules exist once. Only what a schema cannot say is written here:
 * which resource an id field points at, and the fields the form leaves out.
 */

export type FieldKind =
  /** A one-line text (a white label's name or key). */
  | 'text'
  /** A text in de (required), en and fr. */
  | 'localized'
  | 'number'
  | 'integer'
  | 'boolean'
  /** A lower-case #rrggbb colour with a swatch. */
  | 'hex'
  /** One entity of another resource. */
  | 'ref'
  /** Several entities of another resource, in order. */
  | 'refs'
  /** A list of named options, one German name a line (a processing step's options). */
  | 'lines'

export type CatalogueField = {
  /** The path in the request body, dot-separated (`maxDimensions.x`). */
  key: string
  kind: FieldKind
  /** The top-level key of a nested object (`ranking`), null for a top-level field. */
  group: string | null
  /** May be left empty on create (optional or with a default). */
  optional: boolean
  /** Only sent on create (not in the update schema): read-only when editing. */
  createOnly: boolean
  /** The resource a `ref`/`refs` field chooses from. */
  ref?: StaffResource
}

/** The language keys of a `localized` field. */
export const FIELD_LANGUAGES = ['de', 'en', 'fr'] as const

/** An id field's resource, by the field's name (the schemas only say "an id"). */
const REFERENCES: Readonly<Record<string, StaffResource>> = {
  materialId: 'materials',
  methodId: 'methods',
  printModeId: 'print-modes',
  whiteLabelIds: 'white-labels',
  surfaceFinishIds: 'surface-finishes',
  processingStepIds: 'processing-steps',
}

/** A colour's thumbnail has its own upload (staff-color-thumbnail); a path typed by hand is no use to staff. */
const LEFT_OUT = new Set(['thumbnailPath'])

type Unwrapped = { schema: z.ZodType; optional: boolean; defaultValue: unknown }

function unwrap(schema: z.ZodType): Unwrapped {
  if (schema instanceof z.ZodOptional) return { ...unwrap(schema.unwrap() as z.ZodType), optional: true }
  if (schema instanceof z.ZodDefault) {
    const inner = unwrap(schema.unwrap() as z.ZodType)
    return { ...inner, optional: true, defaultValue: schema.def.defaultValue }
  }
  return { schema, optional: false, defaultValue: undefined }
}

function kindOf(key: string, schema: z.ZodType): FieldKind | null {
  if (schema === LocalizedTextSchema) return 'localized'
  if (schema === IdSchema) return 'ref'
  if (schema === HexColorSchema) return 'hex'
  if (schema instanceof z.ZodString) return 'text'
  if (schema instanceof z.ZodNumber) return schema.isInt ? 'integer' : 'number'
  if (schema instanceof z.ZodBoolean) return 'boolean'
  if (schema instanceof z.ZodArray) return schema.element === IdSchema && key in REFERENCES ? 'refs' : 'lines'
  return null
}

function fieldsOfShape(
  shape: Record<string, z.ZodType>,
  updateKeys: ReadonlySet<string>,
  group: string | null,
  groupOptional: boolean,
): CatalogueField[] {
  return Object.entries(shape).flatMap(([name, raw]): CatalogueField[] => {
    if (LEFT_OUT.has(name)) return []
    const { schema, optional } = unwrap(raw)
    const key = group === null ? name : `${group}.${name}`
    const createOnly = group === null ? !updateKeys.has(name) : !updateKeys.has(group)
    if (schema instanceof z.ZodObject && schema !== LocalizedTextSchema)
      return fieldsOfShape(schema.shape as Record<string, z.ZodType>, updateKeys, name, optional)
    const kind = kindOf(name, schema)
    if (kind === null) return []
    const ref = REFERENCES[name]
    return [
      {
        key,
        kind,
        group,
        optional: optional || groupOptional,
        createOnly,
        ...(ref !== undefined && (kind === 'ref' || kind === 'refs') ? { ref } : {}),
      },
    ]
  })
}

const objectOf = (schema: z.ZodType): z.ZodObject => {
  if (!(schema instanceof z.ZodObject)) throw new Error('staff catalogue: a body schema is not an object')
  return schema
}

const fieldCache = new Map<StaffResource, readonly CatalogueField[]>()

/** The form fields of a resource, in the order of its create schema. */
export function catalogueFields(resource: StaffResource): readonly CatalogueField[] {
  const known = fieldCache.get(resource)
  if (known) return known
  const contract = STAFF_RESOURCE_CONTRACTS[resource]
  const updateKeys = new Set(Object.keys(objectOf(contract.update).shape))
  const fields = fieldsOfShape(
    objectOf(contract.create).shape as Record<string, z.ZodType>,
    updateKeys,
    null,
    false,
  )
  fieldCache.set(resource, fields)
  return fields
}

/** The resources a form chooses from (its `ref`/`refs` fields), each once. */
export const referencedResources = (resource: StaffResource): StaffResource[] => [
  ...new Set(catalogueFields(resource).flatMap((field) => (field.ref === undefined ? [] : [field.ref]))),
]

/** The create schema's default of a top-level field (sort order 0, active), for a new entity's draft. */
export function defaultOf(resource: StaffResource, key: string): unknown {
  const shape = objectOf(STAFF_RESOURCE_CONTRACTS[resource].create).shape as Record<string, z.ZodType>
  const raw = shape[key]
  return raw === undefined ? undefined : unwrap(raw).defaultValue
}

/** The contract's create schema: the form's rules. */
export const createSchemaOf = (resource: StaffResource): z.ZodType =>
  STAFF_RESOURCE_CONTRACTS[resource].create
