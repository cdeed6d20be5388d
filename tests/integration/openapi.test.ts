import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsPlugin from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fastifyPathOf } from '#shared/contracts/api-route.ts'
import { API_ROUTES, OPENAPI_PATH } from '#shared/contracts/api-routes.ts'
import { CART_PATH } from '#shared/contracts/cart.contract.ts'
import { PRICING_BATCH_PATH } from '#shared/contracts/pricing.contract.ts'
import { PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { SHIPPING_COUNTRIES_PATH } from '#shared/contracts/shipping.contract.ts'
import { parseRouteTree } from '#tests/hostile/fuzz/route-table.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * The published API description (decision 0083): every route the app registers under /api is in it with its
 * parameters, body and answers, the document is structurally sound, and real answers validate against its schemas.
 */

type Json = { [key: string]: unknown }

let t: TestApp
let doc: Json
/** `METHOD /fastify/path` of every /api route the app registered. */
let registered: string[]

beforeAll(async () => {
  t = await createTestApp()
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
  expect(response.statusCode).toBe(200)
  doc = response.json<Json>()
  // Once registered, Fastify shows its routes only through printRoutes (an onRoute hook would have to be added
  // inside buildApp, before the modules register); the fuzz harness reads the same tree. The other direction,
  // every table route registered, is asked with hasRoute.
  registered = parseRouteTree(t.app.printRoutes({ commonPrefix: false }))
    .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => `${route.method} ${route.url}`)
}, 60_000)

afterAll(async () => {
  await t?.close()
})

const operationOf = (path: string, method: string) =>
  ((doc.paths as Record<string, Json>)[path]?.[method.toLowerCase()] ?? undefined) as Json | undefined

/** Every `$ref` in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, entry]) =>
    key === '$ref' && typeof entry === 'string' ? [entry] : refsIn(entry),
  )
}

function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc)
}

describe('GET /api/openapi.json: every route', () => {
  it('lists exactly the /api routes the app registers', () => {
    const table = API_ROUTES.map((route) => `${route.method} ${fastifyPathOf(route)}`)
    expect(new Set(table).size).toBe(table.length)
    // The printed tree drops the slash before a wildcard (`/:lang/*` prints as `:lang` › `*`): compare without it.
    const printed = new Set(table.map((entry) => entry.replace(/\/\*$/, '*')))
    expect(registered.filter((entry) => !printed.has(entry))).toEqual([])
    for (const route of API_ROUTES) {
      const label = `${route.method} ${route.path}`
      expect(t.app.hasRoute({ method: route.method, url: fastifyPathOf(route) }), label).toBe(true)
      expect(operationOf(route.path, route.method), label).toBeDefined()
    }
  })

  it('describes each route’s parameters, body and answers, errors in the one error shape', () => {
    for (const route of API_ROUTES) {
      const operation = operationOf(route.path, route.method)!
      const label = `${route.method} ${route.path}`
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name)
      const declared = (operation.parameters as Json[]).filter((param) => param.in === 'path')
      expect(declared.map((param) => param.name).sort(), label).toEqual(pathParams.sort())
      if (route.query !== undefined)
        expect(
          (operation.parameters as Json[]).some((param) => param.in === 'query'),
          label,
        ).toBe(true)
      if (route.body !== undefined || route.method === 'PUT' || route.method === 'PATCH')
        expect(Object.keys((operation.requestBody as Json).content as Json), label).toHaveLength(1)
      const responses = operation.responses as Record<string, Json>
      expect(
        Object.keys(responses).some((status) => /^2\d\d$/.test(status)),
        label,
      ).toBe(true)
      for (const [status, answer] of Object.entries(route.responses)) {
        const content = responses[status]?.content as Record<string, Json> | undefined
        if (answer.kind === 'json')
          expect(content?.['application/json']?.schema, label).toHaveProperty('$ref')
        if (answer.kind === 'binary') expect(content?.[answer.contentType], label).toBeDefined()
      }
      expect((operation.responses as Json)['4XX'], label).toEqual({ $ref: '#/components/responses/Error' })
      expect((operation.responses as Json)['5XX'], label).toEqual({ $ref: '#/components/responses/Error' })
    }
  })

  it('documents the API key header and the session and visitor cookies', () => {
    const schemes = (doc.components as Json).securitySchemes as Record<string, Json>
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' })
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' })
    expect(schemes.visitor).toMatchObject({ type: 'apiKey', in: 'cookie' })
    expect(operationOf(PRICING_BATCH_PATH, 'POST')!.security).toEqual([{ apiKey: [] }, {}])
    expect(operationOf('/api/staff/colors', 'GET')!.security).toEqual([{ session: [] }])
  })

  it('describes uploads as multipart/form-data with a binary file field', () => {
    const body = operationOf('/api/analytx/file/', 'POST')!.requestBody as Json
    const { schema } = (body.content as Record<string, Json>)['multipart/form-data'] as { schema: Json }
    const upload = resolvePointer(schema.$ref as string) as Json
    expect((upload.properties as Record<string, Json>).file).toMatchObject({ type: 'string' })
    expect(upload.required).toContain('file')
  })
})

describe('GET /api/openapi.json: structure', () => {
  it('is OpenAPI 3.1.0 and every $ref resolves', () => {
    expect(doc.openapi).toBe('3.1.0')
    const refs = refsIn(doc)
    expect(refs.length).toBeGreaterThan(50)
    const broken = [...new Set(refs)].filter((ref) => resolvePointer(ref) === undefined)
    expect(broken).toEqual([])
  })

  it('is served with the app’s rules: cached JSON, the same object each time', async () => {
    const again = await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
    expect(again.headers['content-type']).toMatch(/^application\/json/)
    expect(again.json()).toEqual(doc)
  })
})

describe('GET /api/openapi.json: real answers validate against the published schemas', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ;(addFormatsPlugin as unknown as (ajv: Ajv2020) => void)(ajv)
  const validatorOf = (component: string) => {
    if (ajv.getSchema('openapi') === undefined) ajv.addSchema({ ...doc, $id: 'openapi' }, 'openapi')
    const validate = ajv.getSchema(`openapi#/components/schemas/${component}`)
    if (validate === undefined) throw new Error(`No component ${component}`)
    return validate
  }
  const expectValid = (component: string, body: unknown) => {
    const validate = validatorOf(component)
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
  }

  it('GET print modes and shipping countries', async () => {
    expectValid(
      'GetPrintModesResponse',
      (await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH })).json(),
    )
    expectValid(
      'GetShippingCountriesResponse',
      (await t.app.inject({ method: 'GET', url: SHIPPING_COUNTRIES_PATH })).json(),
    )
  })

  it('a pricing answer, and an error', async () => {
    const modes = (await t.app.inject({ method: 'GET', url: PRINT_MODES_PATH })).json<{
      printModes: { id: string }[]
    }>().printModes
    const objectId = await insertAnalysedModelFile(t.db, { properties: boxProperties(50, 40, 30) })
    const request = {
      objectId,
      objectScale: 1,
      objectUnitLength: 'mm',
      objectQuantity: 2,
      params: modes.map((mode) => ({ printModeId: mode.id })),
    }
    // The request as the operation publishes it (its component, whichever name the builder gave it).
    const body = operationOf(PRICING_BATCH_PATH, 'POST')!.requestBody as Json
    const { schema } = (body.content as Record<string, Json>)['application/json'] as { schema: Json }
    expectValid(String(schema.$ref).split('/').pop()!, request)
    const priced = await t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: request })
    expect(priced.statusCode, priced.body).toBe(200)
    expectValid('PricingBatchResponse', priced.json())
    const refused = await t.app.inject({ method: 'POST', url: PRICING_BATCH_PATH, payload: { price: 1 } })
    expect(refused.statusCode).toBe(400)
    expectValid('ErrorBody', refused.json())
  })

  it('an analysis upload and its task, a new cart and its contents', async () => {
    const demo = await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })
    expect(demo.statusCode, demo.body).toBe(201)
    expectValid('AnalysisUploadResponse', demo.json())
    const task = await t.app.inject({ method: 'GET', url: `/api/analytx/task/${demo.json<Json>().taskId}` })
    expectValid('AnalysisTask', task.json())
    const cart = await t.app.inject({ method: 'POST', url: CART_PATH })
    expect(cart.statusCode, cart.body).toBe(201)
    expectValid('CreateCartResponse', cart.json())
    expectValid(
      'Cart',
      (await t.app.inject({ method: 'GET', url: `${CART_PATH}/${cart.json<Json>()._id}` })).json(),
    )
  })
})
