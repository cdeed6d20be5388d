import { join } from 'node:path'
import autocannon from 'autocannon'
import {
  addItemOver,
  CART_PATH,
  createCartOver,
  cubeItem,
  printModeIds,
  uploadAnalysedCube,
} from '#tests/integration/helpers/live-shop.ts'
import { disposeServerProcesses, memoryOf, startServer } from '#tests/integration/helpers/server-process.ts'
import type { HostileCheck, HostileContext, HostileFigure, HostileResult } from '../harness.ts'

/**
 * A mixed shopper load for a minute against the real server process (main.ts, production mode): print modes,
 * pricing with varied bodies, cart reads and quantity changes over a pool of carts, static files and liveness,
 * all at once, each route with its own autocannon run so each has its own latencies. The load comes from many
 * addresses (X-Forwarded-For with TRUST_PROXY, a new address per request) so the per-address limit sees shoppers,
 * not one flooding client. Goal: no 5xx, no crash; figures req/s, p50/p99 per route, errors, peak server RSS.
 * On the embedded PGlite, the shop's default.
 */

const DURATION_S = 60
const CART_POOL = 20

interface Shop {
  base: string
  objectId: string
  printModeIds: string[]
  carts: { cartId: string; itemId: string }[]
}

interface RouteLoad {
  name: string
  connections: number
  request: (n: number, shop: Shop) => { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: string }
}

const ROUTES: RouteLoad[] = [
  {
    name: 'GET /api/health/live',
    connections: 2,
    request: () => ({ method: 'GET', path: '/api/health/live' }),
  },
  {
    name: 'GET /api/print-modes',
    connections: 6,
    request: () => ({ method: 'GET', path: '/api/print-modes' }),
  },
  {
    name: 'POST pricing',
    connections: 8,
    request: (n, shop) => ({
      method: 'POST',
      path: '/api/pricing/batch-calculations',
      body: JSON.stringify({
        objectId: shop.objectId,
        objectScale: 0.5 + (n % 7) / 4,
        objectUnitLength: n % 3 === 0 ? 'inch' : 'mm',
        objectQuantity: 1 + (n % 25),
        params: [{ printModeId: shop.printModeIds[n % shop.printModeIds.length]! }],
      }),
    }),
  },
  {
    name: 'GET cart',
    connections: 8,
    request: (n, shop) => ({
      method: 'GET',
      path: `${CART_PATH}/${shop.carts[n % shop.carts.length]!.cartId}`,
    }),
  },
  {
    name: 'PATCH cart item',
    connections: 4,
    request: (n, shop) => {
      const { cartId, itemId } = shop.carts[n % shop.carts.length]!
      return {
        method: 'PATCH',
        path: `${CART_PATH}/${cartId}/item/${itemId}`,
        body: JSON.stringify({ items: [{ _id: itemId, quantity: 1 + (n % 9) }] }),
      }
    },
  },
  { name: 'GET / (SPA)', connections: 3, request: () => ({ method: 'GET', path: '/' }) },
  { name: 'GET /favicon.svg', connections: 3, request: () => ({ method: 'GET', path: '/favicon.svg' }) },
]

/** 10.a.b.c from a counter: every request a shopper of its own. */
function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

let requestCounter = 0

function runRoute(route: RouteLoad, shop: Shop): Promise<autocannon.Result> {
  return autocannon({
    url: shop.base,
    connections: route.connections,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => {
          const n = ++requestCounter
          const { method, path, body } = route.request(n, shop)
          const headers: Record<string, string> = { 'x-forwarded-for': addressOf(n) }
          if (body !== undefined) headers['content-type'] = 'application/json'
          return { ...request, method, path, headers, ...(body === undefined ? {} : { body }) }
        },
      },
    ],
  })
}

async function prepareShop(base: string): Promise<Shop> {
  const { objectId, cookie } = await uploadAnalysedCube(base)
  const modes = await printModeIds(base)
  const carts: Shop['carts'] = []
  for (let i = 0; i < CART_POOL; i++) {
    const cartId = await createCartOver(base, cookie)
    carts.push({ cartId, itemId: await addItemOver(base, cartId, cubeItem(objectId, modes[0]!), cookie) })
  }
  return { base, objectId, printModeIds: modes, carts }
}

function serverErrorsOf(result: autocannon.Result): number {
  return Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0)
}

function routeFigures(route: RouteLoad, result: autocannon.Result): HostileFigure {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, stats]) => `${status}×${stats.count ?? 0}`)
    .join(' ')
  return {
    label: route.name,
    value:
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `errors ${result.errors}, ${statuses}`,
  }
}

async function run(context: HostileContext): Promise<HostileResult> {
  const dataDir = join(context.workDir, 'data')
  const server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })
  let peakRssMb = 0
  let exited = false
  void server.exited.then(() => (exited = true))
  const sampler = setInterval(() => {
    // /proc/<pid> is gone once the server died: the liveness check after the load reports that.
    if (!exited) peakRssMb = Math.max(peakRssMb, memoryOf(server.pid).rssMb)
  }, 1_000)
  try {
    const shop = await prepareShop(server.base)
    context.log(
      `shop ready: ${shop.carts.length} carts, ${shop.printModeIds.length} print modes; load for ${DURATION_S} s`,
    )
    const results = await Promise.all(ROUTES.map((route) => runRoute(route, shop)))
    const alive = (await fetch(`${server.base}/api/health/live`).catch(() => undefined))?.status === 200
    const total = results.reduce((sum, result) => sum + result.requests.average, 0)
    const serverErrors = results.reduce((sum, result) => sum + serverErrorsOf(result), 0)
    const errors = results.reduce((sum, result) => sum + result.errors, 0)
    const perRoute = ROUTES.map((route, index) => routeFigures(route, results[index]!))
    for (const figure of perRoute) context.log(`${figure.label}: ${figure.value}`)
    return {
      ok: serverErrors === 0 && errors === 0 && alive,
      figures: [
        {
          label: 'total',
          value: `${Math.round(total)} req/s over ${DURATION_S} s, ${ROUTES.reduce((s, r) => s + r.connections, 0)} connections`,
        },
        { label: '5xx', value: String(serverErrors) },
        { label: 'connection errors', value: String(errors) },
        { label: 'peak server RSS', value: `${Math.round(peakRssMb)} MB` },
        ...perRoute,
      ],
      summary:
        serverErrors === 0 && errors === 0 && alive
          ? `A minute of mixed shopper load: ${Math.round(total)} req/s, no 5xx, no connection error, server live.`
          : `${serverErrors} 5xx, ${errors} connection errors, server ${alive ? 'live' : 'NOT live'} after the load.`,
    }
  } finally {
    clearInterval(sampler)
    await server.stop().catch(() => server.kill())
    await disposeServerProcesses()
  }
}

export const check: HostileCheck = {
  name: 'load-run',
  title: 'A minute of mixed shopper load (print modes, pricing, cart reads and writes, static files, health)',
  budgetMinutes: 5,
  run,
}
