import { z } from 'zod'
import type { ApiAnswer, ApiAuth, ApiBody, ApiRoute } from '#shared/contracts/api-route.ts'
import { API_ROUTES } from '#shared/contracts/api-routes.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { API_KEY_HEADER } from '#shared/domain/limits.ts'
import {
  componentRef,
  contractComponents,
  type JsonSchema,
  namedContractSchemas,
  reachableComponents,
} from '#server/modules/openapi/openapi-schemas.ts'

/**
 * The OpenAPI 3.1 description of the API (decision 0083), built from the route table (api-routes.ts) and the zod
 * contracts, once per app: the routes and contracts are fixed while a process runs.
 */

export interface OpenapiOptions {
  /** The shop's public URL: the server of the description. */
  publicUrl: string
  version: string
  sessionCookie: string
  visitorCookie: string
}

export interface OpenapiService {
  /** The description as an object (built on first use). */
  document(): JsonSchema
  /** The same, serialised once. */
  json(): string
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' }
const JSON_TYPE = 'application/json'
const BODY_TYPES: Record<ApiBody['kind'], string> = {
  json: JSON_TYPE,
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
}

/** An API key is optional (without one the default white label answers); a visitor cookie is set on first upload. */
const SECURITY: Record<ApiAuth, unknown[]> = {
  none: [],
  apiKey: [{ apiKey: [] }, {}],
  visitor: [{ visitor: [] }, {}],
  session: [{ session: [] }],
}

function securitySchemes(options: OpenapiOptions) {
  return {
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: API_KEY_HEADER,
      description: 'A white-label partner’s key: picks the catalogue, prices and texts of that white label.',
    },
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: options.sessionCookie,
      description: 'The HttpOnly session cookie set by sign-in; staff routes need a staff session.',
    },
    visitor: {
      type: 'apiKey',
      in: 'cookie',
      name: options.visitorCookie,
      description: 'Set on the first upload; only the visitor who uploaded a file may change it.',
    },
  }
}

type SchemaName = (schema: z.ZodType, what: string) => string

/** Path, query or header parameters from an object contract, one per property. */
function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query' | 'header'): JsonSchema[] {
  if (schema === undefined) return []
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  const required = new Set((json.required ?? []) as string[])
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => where !== 'header' || name !== API_KEY_HEADER)
    .map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: property,
    }))
}

function answer(status: number, result: ApiAnswer, ref: (schema: z.ZodType) => JsonSchema): JsonSchema {
  const description = status === 201 ? 'Created' : status === 204 ? 'No content' : 'OK'
  if (result.kind === 'empty') return { description }
  if (result.kind === 'binary') {
    return {
      description,
      content: { [result.contentType]: { schema: { type: 'string', contentMediaType: result.contentType } } },
    }
  }
  return { description, content: { [JSON_TYPE]: { schema: ref(result.schema) } } }
}

function operation(
  route: ApiRoute,
  refs: { input: (s: z.ZodType) => JsonSchema; output: (s: z.ZodType) => JsonSchema },
) {
  const responses: JsonSchema = {}
  for (const [status, result] of Object.entries(route.responses)) {
    responses[status] = answer(Number(status), result, refs.output)
  }
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: route.summary,
    tags: [route.tag],
    security: SECURITY[route.auth],
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...parameters(route.headers, 'header'),
    ],
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { [BODY_TYPES[route.body.kind]]: { schema: refs.input(route.body.schema) } },
          },
        }),
    responses: { ...responses, '4XX': ERROR_RESPONSE, '5XX': ERROR_RESPONSE },
  }
}

function paths(routes: readonly ApiRoute[], components: Record<string, JsonSchema>, nameOf: SchemaName) {
  const refs = {
    input: (schema: z.ZodType) => componentRef(components, nameOf(schema, 'request'), 'input'),
    output: (schema: z.ZodType) => componentRef(components, nameOf(schema, 'answer'), 'output'),
  }
  const result: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    result[route.path] ??= {}
    result[route.path]![route.method.toLowerCase()] = operation(route, refs)
  }
  return result
}

export function buildOpenapiDocument(routes: readonly ApiRoute[], options: OpenapiOptions): JsonSchema {
  const names = namedContractSchemas()
  const nameOf: SchemaName = (schema, what) => {
    const name = names.get(schema)
    // One source of truth: a body or answer is a contract, exported from its contract file.
    if (name === undefined) throw new Error(`A ${what} schema of the route table is not an exported contract`)
    return name
  }
  const components = contractComponents(names)
  const errorResponse = {
    description: 'An error, in the one error shape',
    content: {
      [JSON_TYPE]: { schema: componentRef(components, nameOf(ErrorBodySchema, 'error'), 'output') },
    },
  }
  const apiPaths = paths(routes, components, nameOf)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Schichtwerk API',
      version: options.version,
      description:
        'The shop API: catalogue, analysis, pricing, cart, content and the staff editor. Every error answers in ' +
        'one shape (ErrorBody). Generated from the zod contracts in src/shared/contracts/.',
    },
    servers: [{ url: new URL(options.publicUrl).origin }],
    paths: apiPaths,
    components: {
      schemas: reachableComponents(components, [apiPaths, errorResponse]),
      responses: { Error: errorResponse },
      securitySchemes: securitySchemes(options),
    },
  }
}

export function createOpenapiService(
  options: OpenapiOptions,
  routes: readonly ApiRoute[] = API_ROUTES,
): OpenapiService {
  let document: JsonSchema | undefined
  let json: string | undefined
  const service: OpenapiService = {
    document: () => (document ??= buildOpenapiDocument(routes, options)),
    json: () => (json ??= JSON.stringify(service.document())),
  }
  return service
}
