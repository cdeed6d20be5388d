import { join } from 'node:path'
import { AnalysisTaskSchema, AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { AddCartItemsResponseSchema, CreateCartResponseSchema } from '#shared/contracts/cart.contract.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import { guardedRoutes, type GuardedRoute } from '#server/modules/auth/request-guards.ts'
import {
  disposeServerProcesses,
  serverDatabase,
  startServer,
} from '#tests/integration/helpers/server-process.ts'
import { createTestApp } from '#tests/integration/helpers/test-app.ts'
import type { HostileCheck, HostileContext, HostileResult } from '../harness.ts'

/**
 * Issue 13 failure 4 against the real server process (decisions 0076): every state-changing route of the route
 * table, sent as a page of another site would (Fetch Metadata, and Origin alone), must answer 403 forbidden in the
 * app's error shape; and a second visitor must not change the first visitor's 3D file or cart items (404 each),
 * while the first visitor still can.
 */

const CROSS_SITE: readonly Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  { origin: 'https://evil.example' },
]

/** The app's state-changing routes, read from the route table of an app built the way main.ts builds it. */
async function stateChangingRoutes(): Promise<readonly GuardedRoute[]> {
  const t = await createTestApp({ seed: false })
  try {
    return [...guardedRoutes(t.app)]
  } finally {
    await t.close()
  }
}

interface Answer {
  status: number
  body: string
  setCookie: string | null
}

async function send(
  base: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  })
  return {
    status: response.status,
    body: await response.text(),
    setCookie: response.headers.get('set-cookie'),
  }
}

function isForbiddenInShape(answer: Answer): boolean {
  try {
    return answer.status === 403 && ErrorBodySchema.parse(JSON.parse(answer.body)).error.code === 'forbidden'
  } catch {
    return false
  }
}

async function crossSiteSweep(base: string, routes: readonly GuardedRoute[], context: HostileContext) {
  let sent = 0
  const leaks: string[] = []
  for (const route of routes) {
    const path = route.url.replace(/:[A-Za-z0-9_]+/g, () => newId()).replace(/\*/g, 'x')
    for (const headers of CROSS_SITE) {
      const answer = await send(base, route.method, path, { headers, json: {} })
      sent += 1
      if (!isForbiddenInShape(answer))
        leaks.push(`${route.method} ${route.url} ${JSON.stringify(headers)} → ${answer.status}`)
    }
  }
  for (const leak of leaks) context.log(`NOT REFUSED ${leak}`)
  return { sent, refused: sent - leaks.length, leaks }
}

/** A visitor: its cookie, an analysed demo object and a cart holding it. */
async function visitorWithCartItem(base: string) {
  const created = await send(base, 'POST', '/api/analytx/demo')
  const cookie = created.setCookie?.split(';', 1)[0]
  if (created.status !== 201 || cookie === undefined)
    throw new Error(`demo upload answered ${created.status}`)
  const upload = AnalysisUploadResponseSchema.parse(JSON.parse(created.body))
  for (let poll = 0; ; poll++) {
    const task = AnalysisTaskSchema.parse(
      JSON.parse((await send(base, 'GET', `/api/analytx/task/${upload.taskId}`)).body),
    )
    if (task.state === 'completed') break
    if (task.state === 'failed' || poll > 600) throw new Error(`demo analysis ${task.state}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const modes = GetPrintModesResponseSchema.parse(
    JSON.parse((await send(base, 'GET', PRINT_MODES_PATH)).body),
  )
  const cartId = CreateCartResponseSchema.parse(
    JSON.parse((await send(base, 'POST', '/api/checkout/cart')).body),
  )._id
  const objectId = upload.createdObject._id
  const item = {
    objectId,
    quantity: 1,
    scale: 1,
    printModeId: modes.printModes[0]!.id,
    acknowledgedRepairInfo: true,
  }
  const added = await send(base, 'POST', `/api/checkout/cart/${cartId}/item`, { json: { items: [item] } })
  const itemId = AddCartItemsResponseSchema.parse(JSON.parse(added.body)).createdItems[0]!._id
  return { cookie, objectId, cartId, itemId }
}

type Visitor = Awaited<ReturnType<typeof visitorWithCartItem>>

/** What a second visitor tries on the first one's objects and cart items; every answer must be a 404. */
function ownerAttempts(victim: Visitor, intruder: Visitor) {
  const file = `/api/analytx/file/${victim.objectId}`
  const patch = { items: [{ _id: victim.itemId, quantity: 9 }] }
  return [
    {
      what: 'PATCH file with own cookie',
      method: 'PATCH',
      path: file,
      headers: { cookie: intruder.cookie },
      json: { name: 'x' },
    },
    {
      what: 'PATCH file without cookie',
      method: 'PATCH',
      path: file,
      headers: {},
      json: { givenUnitOfLength: 'inch' },
    },
    {
      what: 'PATCH item via own cart',
      method: 'PATCH',
      path: `/api/checkout/cart/${intruder.cartId}/item/${victim.itemId}`,
      headers: {},
      json: patch,
    },
    {
      what: 'DELETE item via own cart',
      method: 'DELETE',
      path: `/api/checkout/cart/${intruder.cartId}/item/${victim.itemId}`,
      headers: {},
    },
    {
      what: 'PATCH item via unknown cart',
      method: 'PATCH',
      path: `/api/checkout/cart/${newId()}/item/${victim.itemId}`,
      headers: {},
      json: patch,
    },
    {
      what: 'DELETE item via unknown cart',
      method: 'DELETE',
      path: `/api/checkout/cart/${newId()}/item/${victim.itemId}`,
      headers: {},
    },
  ] as const
}

async function ownerSweep(base: string, context: HostileContext) {
  const victim = await visitorWithCartItem(base)
  const intruder = await visitorWithCartItem(base)
  const attempts = ownerAttempts(victim, intruder)
  let refused = 0
  for (const attempt of attempts) {
    const answer = await send(base, attempt.method, attempt.path, {
      headers: attempt.headers,
      ...('json' in attempt ? { json: attempt.json } : {}),
    })
    if (answer.status === 404) refused += 1
    else context.log(`OWNER LEAK ${attempt.what} → ${answer.status}`)
  }
  const file = JSON.parse((await send(base, 'GET', `/api/analytx/file/${victim.objectId}`)).body) as {
    name: string
    givenUnitOfLength: string
  }
  const cart = JSON.parse((await send(base, 'GET', `/api/checkout/cart/${victim.cartId}`)).body) as {
    items: { quantity: number }[]
  }
  const untouched =
    file.name === 'Demo-Vase' &&
    file.givenUnitOfLength === 'mm' &&
    cart.items.length === 1 &&
    cart.items[0]?.quantity === 1
  const own = await send(base, 'PATCH', `/api/analytx/file/${victim.objectId}`, {
    headers: { cookie: victim.cookie },
    json: { name: 'Meine Vase' },
  })
  return { attempts: attempts.length, refused, untouched, ownerStillCan: own.status === 200 }
}

async function run(context: HostileContext): Promise<HostileResult> {
  const routes = await stateChangingRoutes()
  const dataDir = join(context.workDir, 'data')
  const database = await serverDatabase(dataDir)
  const server = await startServer({ DATA_DIR: dataDir, ...database.env })
  try {
    const sweep = await crossSiteSweep(server.base, routes, context)
    const owner = await ownerSweep(server.base, context)
    const ok =
      sweep.leaks.length === 0 && owner.refused === owner.attempts && owner.untouched && owner.ownerStillCan
    return {
      ok,
      figures: [
        { label: 'state-changing routes swept', value: String(routes.length) },
        { label: 'cross-site requests refused (403)', value: `${sweep.refused} of ${sweep.sent}` },
        { label: 'second-visitor changes refused (404)', value: `${owner.refused} of ${owner.attempts}` },
        { label: 'first visitor’s file and cart untouched', value: owner.untouched ? 'yes' : 'no' },
        { label: 'owner still changes own file', value: owner.ownerStillCan ? 'yes' : 'no' },
      ],
      summary: ok
        ? `${routes.length} routes × ${CROSS_SITE.length} cross-site variants all 403 in the app's shape; a second visitor's ${owner.attempts} change attempts on another's file and cart item all 404.`
        : `${sweep.leaks.length} cross-site requests not refused, ${owner.attempts - owner.refused} owner attempts not refused${owner.untouched ? '' : ', victim data changed'}.`,
    }
  } finally {
    await server.stop()
    await disposeServerProcesses()
  }
}

export const check: HostileCheck = {
  name: 'csrf-owner-sweep',
  title:
    'Cross-site request to every state-changing route, and a second visitor changing another visitor’s file and cart items (real server process)',
  budgetMinutes: 5,
  run,
}
