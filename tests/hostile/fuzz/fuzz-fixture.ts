import type { FastifyInstance } from 'fastify'
import { AddCartItemsResponseSchema, CreateCartResponseSchema } from '#shared/contracts/cart.contract.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import type { FuzzSeed, FuzzSize } from './payloads.ts'
import { type FuzzSend, fuzzRoute, isStaffRoute, type RouteFuzzReport } from './route-fuzz.ts'
import { bodyRoutes, type RouteEntry } from './route-table.ts'

/**
 * Real ids for the route parameters and a valid body per known route, so a payload reaches the body handling of
 * an existing cart, item, object and print mode rather than a 404 on its id; and a staff session for the staff
 * routes. Built on the seeded demo data of a test app.
 */

export interface FuzzFixture {
  cartId: string
  itemId: string
  objectId: string
  printModeId: string
  staffCookie: string
}

async function injectJson(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload }) })
  if (response.statusCode >= 300)
    throw new Error(`fuzz fixture: ${method} ${url} → ${response.statusCode} ${response.body}`)
  return response.json<unknown>()
}

export async function createFuzzFixture(app: FastifyInstance, db: Queryable): Promise<FuzzFixture> {
  const objectId = await insertAnalysedModelFile(db, { properties: boxProperties(50, 40, 30) })
  const { printModes } = GetPrintModesResponseSchema.parse(await injectJson(app, 'GET', PRINT_MODES_PATH))
  const printModeId = printModes[0]!.id
  const { _id: cartId } = CreateCartResponseSchema.parse(await injectJson(app, 'POST', '/api/checkout/cart'))
  const added = AddCartItemsResponseSchema.parse(
    await injectJson(app, 'POST', `/api/checkout/cart/${cartId}/item`, {
      items: [{ objectId, quantity: 1, scale: 1, printModeId, acknowledgedRepairInfo: true }],
    }),
  )
  const itemId = added.createdItems[0]!._id
  const staffCookie = await signIn(app, await createUser(db, 'staff'))
  return { cartId, itemId, objectId, printModeId, staffCookie }
}

/** The route's URL with each `:param` replaced by a real id (or a well-formed unknown one). */
export function urlFor(route: RouteEntry, fixture: FuzzFixture): string {
  // Archiving the demo print mode would turn the cart and pricing routes fuzzed after it into plain 404s.
  if (route.url.endsWith('/archive')) return route.url.replace(/:([A-Za-z]+)/g, () => newId())
  return route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (name === 'cartId') return fixture.cartId
    if (name === 'itemId') return fixture.itemId
    if (name === 'id' && route.url.startsWith('/api/analytx/')) return fixture.objectId
    if (name === 'id' && route.url.includes('print-modes')) return fixture.printModeId
    return newId()
  })
}

/** A body the route accepts (or nearly): the fields the wrong-type payloads swap one by one. */
export function seedFor(route: RouteEntry, fixture: FuzzFixture): FuzzSeed {
  const { url, method } = route
  if (url === '/api/pricing/batch-calculations')
    return {
      objectId: fixture.objectId,
      objectScale: 1,
      objectUnitLength: 'mm',
      objectQuantity: 1,
      params: [{ printModeId: fixture.printModeId }],
    }
  if (url.endsWith('/item') && method === 'POST')
    return {
      items: [
        {
          objectId: fixture.objectId,
          quantity: 1,
          scale: 1,
          printModeId: fixture.printModeId,
          acknowledgedRepairInfo: true,
        },
      ],
    }
  if (url.endsWith('/item/:itemId')) return { items: [{ _id: fixture.itemId, quantity: 2 }] }
  if (url.startsWith('/api/analytx/file/:id')) return { name: 'part', givenUnitOfLength: 'mm' }
  if (url === '/api/auth/signin') return { username: 'nobody', password: 'wrong-password' }
  if (url.includes('ontact'))
    return {
      kind: 'contact',
      firstName: 'Ada',
      lastName: 'Lovelace',
      mail: 'ada@example.test',
      message: 'Hallo',
      confirmation: true,
    }
  return { name: 'Fuzz', quantity: 1, enabled: true, items: [{ id: newId(), value: 1 }] }
}

export interface AppFuzzOptions {
  app: FastifyInstance
  send: FuzzSend
  fixture: FuzzFixture
  size: FuzzSize
  /** Called after each route (progress in the hostile suite's log). */
  onReport?: (report: RouteFuzzReport) => void
}

/** Every body-taking route of the app, each staff route twice: without a session and with a staff session. */
export async function fuzzApp(options: AppFuzzOptions): Promise<RouteFuzzReport[]> {
  const reports: RouteFuzzReport[] = []
  for (const route of bodyRoutes(options.app)) {
    const sessions = isStaffRoute(route.url) ? (['none', 'staff'] as const) : (['none'] as const)
    for (const session of sessions) {
      const report = await fuzzRoute({
        send: options.send,
        route,
        url: urlFor(route, options.fixture),
        seed: seedFor(route, options.fixture),
        size: options.size,
        session,
        cookie: options.fixture.staffCookie,
      })
      options.onReport?.(report)
      reports.push(report)
    }
  }
  return reports
}
