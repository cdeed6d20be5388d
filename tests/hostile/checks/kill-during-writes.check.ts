import { join } from 'node:path'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { binaryStl, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { getTaskOver, uploadBytes, waitForTaskOver } from '#tests/integration/helpers/live-analysis.ts'
import {
  addItemsOver,
  createCartOver,
  cubeItem,
  getCartOver,
  patchQuantityOver,
  printModeIds,
  uploadAnalysedCube,
} from '#tests/integration/helpers/live-shop.ts'
import {
  disposeServerProcesses,
  serverDatabase,
  type ServerProcess,
  startServer,
} from '#tests/integration/helpers/server-process.ts'
import type { HostileCheck, HostileContext, HostileResult } from '../harness.ts'

/**
 * kill -9 of the real server process while many cart writes are in flight and an analysis runs, then a restart on
 * the same data, a few rounds, on the embedded PGlite and (with TEST_DATABASE_URL) on PostgreSQL. Every write the
 * server acknowledged (a 2xx received) must be there after the restart: an added item exists, a changed quantity
 * is the last acknowledged one or the one still in flight at the kill. The analysis task ends, completed or failed,
 * within a bound after the restart: never stuck.
 */

const ROUNDS = 3
const WRITERS = 12
/** After a restart a reclaimed analysis must end within this. */
const TASK_BOUND_MS = 240_000
/** About 480,000 triangles (24 MB): seconds of analysis, long enough to be killed in the middle of it. */
const ANALYSIS_MODEL = binaryStl(torusSoup(40, 15, 600, 400))

/** What the test knows about one item: the quantities the server may hold for it. */
interface ItemRecord {
  cartId: string
  acked: number
  inFlight: number | undefined
}

interface Ledger {
  items: Map<string, ItemRecord>
  acknowledged: number
}

interface Writer {
  cartId: string
  itemIds: string[]
}

/** One writer's loop: add items to its own cart or change a quantity, one write at a time, until the kill. */
async function writeUntilKilled(
  base: string,
  writer: Writer,
  ledger: Ledger,
  item: () => ReturnType<typeof cubeItem>,
  cookie: string,
) {
  for (;;) {
    try {
      if (writer.itemIds.length < 4 || Math.random() < 0.3) {
        const response = await addItemsOver(base, writer.cartId, [item()], cookie)
        if (!response.ok) continue
        const { createdItems } = (await response.json()) as { createdItems: { _id: string }[] }
        for (const { _id } of createdItems) {
          writer.itemIds.push(_id)
          ledger.items.set(_id, { cartId: writer.cartId, acked: 1, inFlight: undefined })
        }
      } else {
        const itemId = writer.itemIds[Math.floor(Math.random() * writer.itemIds.length)]!
        const record = ledger.items.get(itemId)!
        const quantity = 2 + Math.floor(Math.random() * 50)
        record.inFlight = quantity
        const response = await patchQuantityOver(base, writer.cartId, itemId, quantity, cookie)
        if (response.ok) record.acked = quantity
        record.inFlight = undefined
        if (!response.ok) continue
      }
      ledger.acknowledged++
    } catch {
      return // the connection died with the server
    }
  }
}

/** Items acknowledged but missing, or holding a quantity that was never sent last: the lost writes. */
async function lostWrites(base: string, ledger: Ledger): Promise<string[]> {
  const lost: string[] = []
  const carts = new Map<string, Map<string, number>>()
  for (const [itemId, record] of ledger.items) {
    if (!carts.has(record.cartId)) {
      const cart = await getCartOver(base, record.cartId)
      carts.set(record.cartId, new Map(cart.items.map((item) => [item._id, item.quantity])))
    }
    const stored = carts.get(record.cartId)!.get(itemId)
    if (stored === undefined) lost.push(`${itemId} missing`)
    else if (stored !== record.acked && stored !== record.inFlight)
      lost.push(`${itemId} has ${stored}, acked ${record.acked}`)
    // After the restart the in-flight write either happened or not; from now on the stored value is the acked one.
    record.acked = stored ?? record.acked
    record.inFlight = undefined
  }
  return lost
}

interface RoundResult {
  lost: string[]
  task: string
}

async function round(
  server: ServerProcess,
  context: HostileContext,
  ledger: Ledger,
  env: Record<string, string>,
): Promise<{ server: ServerProcess; result: RoundResult }> {
  const { objectId, cookie } = await uploadAnalysedCube(server.base)
  const [printModeId] = await printModeIds(server.base)
  const writers: Writer[] = []
  for (let i = 0; i < WRITERS; i++)
    writers.push({ cartId: await createCartOver(server.base, cookie), itemIds: [] })
  const analysis = AnalysisUploadResponseSchema.parse(
    (await uploadBytes(server.base, 'torus.stl', ANALYSIS_MODEL)).body,
  )
  const loops = writers.map((writer) =>
    writeUntilKilled(server.base, writer, ledger, () => cubeItem(objectId, printModeId!), cookie),
  )
  const killAfterMs = 1_000 + Math.floor(Math.random() * 3_000)
  await new Promise((resolve) => setTimeout(resolve, killAfterMs))
  const taskAtKill = (await getTaskOver(server.base, analysis.taskId)).state
  await server.kill()
  await Promise.all(loops)
  context.log(
    `killed after ${killAfterMs} ms (analysis ${taskAtKill}); ${ledger.acknowledged} writes acknowledged so far`,
  )
  const restarted = await startServer(env)
  const lost = await lostWrites(restarted.base, ledger)
  let task: string
  try {
    const ended = await waitForTaskOver(restarted.base, analysis.taskId, TASK_BOUND_MS)
    task = ended.state === 'failed' ? `failed (${ended.error?.code ?? 'no code'})` : ended.state
  } catch (error) {
    task = `stuck: ${error instanceof Error ? error.message : String(error)}`
  }
  return { server: restarted, result: { lost, task } }
}

async function runOn(
  context: HostileContext,
  label: string,
  dbEnv: Record<string, string>,
): Promise<{ ledger: Ledger; results: RoundResult[] }> {
  const env = {
    DATA_DIR: join(context.workDir, label),
    ANALYSIS_WORKERS: '1',
    ANALYSIS_POLL_MS: '200',
    ...dbEnv,
  }
  const ledger: Ledger = { items: new Map(), acknowledged: 0 }
  const results: RoundResult[] = []
  let server = await startServer(env)
  try {
    for (let i = 1; i <= ROUNDS && !context.signal.aborted; i++) {
      const next = await round(server, context, ledger, env)
      server = next.server
      results.push(next.result)
      context.log(`${label} round ${i}: lost ${next.result.lost.length}, analysis ${next.result.task}`)
    }
  } finally {
    await server.stop().catch(() => server.kill())
  }
  return { ledger, results }
}

async function run(context: HostileContext): Promise<HostileResult> {
  const targets: [string, Record<string, string>][] = [['pglite', {}]]
  if (context.databaseUrl !== undefined)
    targets.push(['postgres', (await serverDatabase(join(context.workDir, 'pg'))).env])
  try {
    const figures = []
    let ok = true
    const problems: string[] = []
    for (const [label, dbEnv] of targets) {
      const { ledger, results } = await runOn(context, label, dbEnv)
      const lost = results.flatMap((result) => result.lost)
      const stuck = results.filter((result) => result.task.startsWith('stuck'))
      ok &&= lost.length === 0 && stuck.length === 0 && results.length === ROUNDS
      problems.push(...lost.slice(0, 3), ...stuck.map((result) => result.task))
      figures.push(
        { label: `${label}: writes acknowledged`, value: String(ledger.acknowledged) },
        { label: `${label}: acknowledged writes lost`, value: String(lost.length) },
        { label: `${label}: kill -9 and restarts`, value: String(results.length) },
        { label: `${label}: analysis after restart`, value: results.map((result) => result.task).join(', ') },
      )
    }
    return {
      ok,
      figures,
      summary: ok
        ? `${ROUNDS} kill -9 rounds per database during ${WRITERS} concurrent cart writers and an analysis: no acknowledged write lost, every analysis ended.`
        : `Problems: ${problems.join('; ')}`,
    }
  } finally {
    await disposeServerProcesses()
  }
}

export const check: HostileCheck = {
  name: 'kill-during-writes',
  title: 'kill -9 during concurrent cart writes and an analysis, restart: acknowledged writes lost must be 0',
  budgetMinutes: 20,
  run,
}
