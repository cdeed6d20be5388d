import type { z } from 'zod'
import { ApiRequestHeadersSchema } from '#shared/contracts/common.contract.ts'

/**
 * The shape of one entry of the API route table (api-routes.ts), from which the OpenAPI description is built.
 * Schemas are the contracts' own zod schemas: requests are described as they are sent (zod's input side),
 * answers as they arrive (its output side).
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call a route: anyone (`none`); a shop request whose optional API key header picks the white label
 * (`apiKey`); the visitor cookie the analysis sets on upload, which alone may change the file (`visitor`); a
 * session cookie (`session`, staff routes need a staff session).
 */
export type ApiAuth = 'none' | 'apiKey' | 'visitor' | 'session'

export type ApiTag =
  'health' | 'auth' | 'catalogue' | 'pricing' | 'analysis' | 'cart' | 'checkout' | 'content' | 'staff'

export interface ApiBody {
  /** JSON, a form-urlencoded form, or multipart/form-data (its `z.file()` fields are binary). */
  readonly kind: 'json' | 'form' | 'multipart'
  readonly schema: z.ZodType
}

export type ApiAnswer =
  | { readonly kind: 'json'; readonly schema: z.ZodType }
  | { readonly kind: 'binary'; readonly contentType: string }
  | { readonly kind: 'empty' }

export interface ApiRoute {
  readonly method: ApiMethod
  /** OpenAPI form: `/api/analytx/file/{id}`. */
  readonly path: string
  readonly summary: string
  readonly tag: ApiTag
  readonly auth: ApiAuth
  readonly params?: z.ZodObject
  readonly query?: z.ZodObject
  readonly headers?: z.ZodObject
  readonly body?: ApiBody
  /** Success answers by status; every route also answers errors in the one error shape. */
  readonly responses: Readonly<Record<number, ApiAnswer>>
  /** This last path parameter takes the rest of the path, slashes included (Fastify's `*`). */
  readonly restParam?: string
}

/** The white label (API key, a security scheme) and the language header pick the catalogue and the texts. */
export const SHOP_HEADERS = ApiRequestHeadersSchema

export const json = (schema: z.ZodType): ApiBody => ({ kind: 'json', schema })
export const multipart = (schema: z.ZodType): ApiBody => ({ kind: 'multipart', schema })
export const ok = (schema: z.ZodType) => ({ 200: { kind: 'json', schema } }) as const
export const created = (schema: z.ZodType) => ({ 201: { kind: 'json', schema } }) as const
export const binary = (contentType: string) => ({ 200: { kind: 'binary', contentType } }) as const
export const NO_CONTENT = { 204: { kind: 'empty' } } as const

/** The route's path as Fastify registers it: `{id}` → `:id`, the rest parameter → `*`. */
export function fastifyPathOf(route: Pick<ApiRoute, 'path' | 'restParam'>): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name === route.restParam ? '*' : `:${name}`,
  )
}
