/**
 * A response's JSON Schema as Fastify's serializer needs it. fast-json-stringify writes only the properties a
 * schema names and picks the branch of an `anyOf` by validating the value against each branch with ajv, per value.
 * The contracts' `x | null` fields come out of zod as `anyOf: [x, null]`, so every nullable id ran its pattern regex
 * and every nullable object its number bounds on each answer. Validation is zod's job (outside production every
 * answer is parsed with the contract), so this drops the keywords that only validate and turns `anyOf: [x, null]`
 * into `type: [x's type, 'null']`, which the serializer handles without validating.
 */

type JsonSchema = { [key: string]: unknown }

const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
])

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function nullableOf(anyOf: unknown): JsonSchema | undefined {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return undefined
  const [first, second] = anyOf as unknown[]
  const nullBranch = (branch: unknown) => isSchema(branch) && branch.type === 'null'
  const other = nullBranch(second) ? first : nullBranch(first) ? second : undefined
  if (!isSchema(other) || typeof other.type !== 'string') return undefined
  return { ...other, type: [other.type, 'null'] }
}

export function serializationSchema(schema: JsonSchema): JsonSchema {
  const nullable = nullableOf(schema.anyOf)
  const source = nullable ?? schema
  const result: JsonSchema = {}
  for (const [key, value] of Object.entries(source)) {
    if (VALIDATION_ONLY.has(key)) continue
    if (key === 'properties' && isSchema(value)) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [
          name,
          isSchema(property) ? serializationSchema(property) : property,
        ]),
      )
    } else if ((key === 'items' || key === 'additionalProperties') && isSchema(value)) {
      result[key] = serializationSchema(value)
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      result[key] = value.map((branch: unknown) => (isSchema(branch) ? serializationSchema(branch) : branch))
    } else {
      result[key] = value
    }
  }
  return result
}
