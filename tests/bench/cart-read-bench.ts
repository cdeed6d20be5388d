/**
 * Benchmark of reading a cart under load (issue 13, issue 18: ≥ 2,000 req/s, p99 < 50 ms over 200 connections),
 * against `GET /api/health/live` (trivial: no database) at the same concurrency in the same run.
 *
 *   npx tsx tests/bench/cart-read-bench.ts [--duration 10] [--connections 200]
 *   DATABASE_URL=postgres://… npx tsx tests/bench/cart-read-bench.ts   # on PostgreSQL instead of PGlite
 *
 * Starts the real server (src/server/main.ts with the Node flags of `npm run serve`, NODE_ENV=production, the
 * default log level, a fresh DATA_DIR, TRUST_PROXY=127.0.0.1) and sets everything up through the HTTP API, as
 * shoppers do: a few box STLs of different sizes are uploaded and analysed, then one cart per connection is created
 * from its own address (`X-Forwarded-For: 10.77.x.y`, with whatever cookie the server sets) and filled with a few
 * varied items (objects, print modes, finishes, colours, quantities). Each connection then reads its own cart from
 * its own address, with its cookie, for `--duration` seconds (autocannon); then `/api/health/live` the same way.
 *
 * The production rate limit (1,000 requests a minute per address) stays on: with one address per connection the
 * runs stay under it as long as a connection makes fewer than ~900 requests a minute, which the bench checks and
 * reports (a 429 counts as a non-2xx answer). Prints req/s, latency p50/p97.5/p99/max, non-2xx, errors, the server's
 * CPU time per request and the ratios against the reference. Fails only on errors. BENCH_SERVER_NODE_ARGS adds Node
 * flags to the server (e.g. "--cpu-prof --cpu-prof-dir=tmp/prof").
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { pacedLoad } from './paced-load.ts'
import { numberOption } from './bench-args.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.join(here, '..', '..')
const duration = numberOption('duration', 10)
const connections = numberOption('connections', 200)
/**
 * The closed-loop runs give the throughput at saturation, where latency is queueing (connections / req/s: 200
 * connections at 4,000 req/s wait 50 ms whatever the endpoint). The goal's latency is taken at its rate: `--rate`
 * requests a second offered evenly over the same connections (paced-load.ts, open loop, latency from the due time).
 * `--rate 0` skips it.
 */
const targetRate = numberOption('rate', 2_000)
const ITEMS_PER_CART = [2, 3, 4]
/** Box sizes (mm) of the uploaded objects: different objects price differently. */
const BOXES: [number, number, number][] = [
  [50, 40, 30],
  [62.5, 41.2, 18.7],
  [20, 20, 80],
  [12, 9, 6],
]
const RATE_LIMIT_PER_MINUTE = 1_000

interface Shopper {
  address: string
  cartId: string
  cookie: string | undefined
}

interface PrintModeOffer {
  id: string
  surfaceFinishes: { id: string; colors: { id: string }[] }[]
}

function productionNodeFlags(): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { serve: string }
  }
  return packageJson.scripts.serve.split(' ').filter((token) => token.startsWith('--'))
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

function startServer(port: number, dataDir: string, nodeArgs: string[]): ChildProcess {
  // Per-request log lines go to a file, as a production log would: the bench process does not read them.
  const log = openSync(path.join(dataDir, 'server.log'), 'a')
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', log, 'inherit'],
  })
}

async function waitUntilLive(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    const live = await fetch(`${base}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    )
    if (live) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the server did not get ready within 120 s')
}

/** An ASCII STL of an axis-aligned box (12 triangles), millimetres. */
function boxStl([x, y, z]: [number, number, number]): string {
  const v = (i: number) => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0].join(' ')
  const faces = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ]
  const facet = (a: number, b: number, c: number) =>
    `facet normal 0 0 0\nouter loop\nvertex ${v(a)}\nvertex ${v(b)}\nvertex ${v(c)}\nendloop\nendfacet\n`
  const body = faces.map(([a, b, c, d]) => facet(a!, b!, c!) + facet(a!, c!, d!)).join('')
  return `solid box\n${body}endsolid box\n`
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

/** Uploads a box and waits for its analysis; returns the object id. */
async function uploadBox(base: string, size: [number, number, number]): Promise<string> {
  const form = new FormData()
  form.set('givenUnitOfLength', 'mm')
  form.set('file', new Blob([boxStl(size)], { type: 'model/stl' }), `box-${size.join('x')}.stl`)
  const created = (await expectOk(
    await fetch(`${base}/api/analytx/file`, { method: 'POST', body: form }),
    'upload',
  )) as { taskId: string; createdObject: { _id: string } }
  for (let poll = 0; poll < 240; poll++) {
    const task = (await expectOk(await fetch(`${base}/api/analytx/task/${created.taskId}`), 'task')) as {
      state: string
    }
    if (task.state === 'completed') return created.createdObject._id
    if (task.state === 'failed') throw new Error(`the analysis of box ${size.join('×')} failed`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('an analysis did not complete within 60 s')
}

/** Every print mode × finish × colour the shop offers, to vary the items. */
async function offers(base: string): Promise<{ printModeId: string; finishId: string; colorId: string }[]> {
  const { printModes } = (await expectOk(await fetch(`${base}/api/print-modes`), 'print modes')) as {
    printModes: PrintModeOffer[]
  }
  return printModes.flatMap((mode) =>
    mode.surfaceFinishes.flatMap((finish) =>
      finish.colors.map((color) => ({ printModeId: mode.id, finishId: finish.id, colorId: color.id })),
    ),
  )
}

function shopperHeaders(origin: string, address: string, cookie?: string): Record<string, string> {
  return {
    'x-forwarded-for': address,
    origin,
    'sec-fetch-site': 'same-origin',
    ...(cookie === undefined ? {} : { cookie }),
  }
}

/** One cart for the shopper at `index`, created and filled through the API from the shopper's address. */
async function fillCart(
  base: string,
  index: number,
  objectIds: readonly string[],
  choices: readonly { printModeId: string; finishId: string; colorId: string }[],
): Promise<Shopper> {
  const address = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`
  const origin = `http://localhost:${new URL(base).port}`
  const created = await fetch(`${base}/api/checkout/cart`, {
    method: 'POST',
    headers: shopperHeaders(origin, address),
  })
  const cookie =
    created.headers
      .getSetCookie()
      .map((header) => header.split(';', 1)[0])
      .join('; ') || undefined
  const { _id: cartId } = (await expectOk(created, 'create cart')) as { _id: string }
  const count = ITEMS_PER_CART[index % ITEMS_PER_CART.length]!
  const items = Array.from({ length: count }, (_, n) => {
    const choice = choices[(index * 7 + n * 3) % choices.length]!
    return {
      objectId: objectIds[(index + n) % objectIds.length]!,
      quantity: 1 + ((index + n * 5) % 12),
      scale: 1,
      printModeId: choice.printModeId,
      surfaceFinishId: choice.finishId,
      printModeColorId: choice.colorId,
      acknowledgedRepairInfo: true,
    }
  })
  await expectOk(
    await fetch(`${base}/api/checkout/cart/${cartId}/item`, {
      method: 'POST',
      headers: { ...shopperHeaders(origin, address, cookie), 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    }),
    'add items',
  )
  return { address, cartId, cookie }
}

/** CPU seconds the server process has used (user + system, /proc at 100 ticks per second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

interface Figures {
  name: string
  requestsPerSecond: number
  p50: number
  p975: number
  p99: number
  max: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  cpuMicrosPerRequest: number
}

/** `seconds` of requests offered at `rate` a second over the shoppers' connections (one each). */
async function runPaced(
  name: string,
  base: string,
  pid: number,
  shoppers: readonly Shopper[],
  pathOf: (shopper: Shopper) => string,
  rate: number,
): Promise<Figures> {
  const origin = `http://localhost:${new URL(base).port}`
  const cpuBefore = cpuSeconds(pid)
  const result = await pacedLoad({
    url: base,
    method: 'GET',
    rate,
    connections: shoppers.length,
    durationS: duration,
    perConnection: (index) => {
      const shopper = shoppers[index]!
      return { path: pathOf(shopper), headers: shopperHeaders(origin, shopper.address, shopper.cookie) }
    },
  })
  const cpu = cpuSeconds(pid) - cpuBefore
  const ms = (value: number) => Math.round(value * 10) / 10
  return {
    name,
    requestsPerSecond: result.requestsPerSecond,
    p50: ms(result.p50),
    p975: ms(result.p975),
    p99: ms(result.p99),
    max: ms(result.max),
    requests: result.requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMicrosPerRequest: (cpu * 1e6) / Math.max(1, result.requests),
  }
}

/** `seconds` of load; connection i sends `pathOf(i)` with shopper i's address and cookie. */
async function run(
  name: string,
  base: string,
  pid: number,
  shoppers: readonly Shopper[],
  pathOf: (shopper: Shopper) => string,
  seconds: number,
): Promise<Figures> {
  const origin = `http://localhost:${new URL(base).port}`
  let next = 0
  const cpuBefore = cpuSeconds(pid)
  const result = await autocannon({
    url: base,
    connections: shoppers.length,
    duration: seconds,
    setupClient: (client) => {
      const shopper = shoppers[next++ % shoppers.length]!
      client.setRequests([
        {
          method: 'GET',
          path: pathOf(shopper),
          headers: shopperHeaders(origin, shopper.address, shopper.cookie),
        },
      ])
    },
  })
  const cpu = cpuSeconds(pid) - cpuBefore
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMicrosPerRequest: (cpu * 1e6) / Math.max(1, result.requests.total),
  }
}

const line = (f: Figures) =>
  `${f.name.padEnd(10)} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${f.p50} ms   p97.5 ${f.p975} ms   p99 ${f.p99} ms   max ${f.max} ms   requests ${f.requests}   non-2xx ${f.non2xx}   errors ${f.errors}   timeouts ${f.timeouts}   server CPU ${f.cpuMicrosPerRequest.toFixed(0)} µs/request`

const dataDir = mkdtempSync(path.join(tmpdir(), 'schichtwerk-cart-read-bench-'))
const nodeArgs = [
  ...productionNodeFlags(),
  ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== ''),
]
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const server = startServer(port, dataDir, nodeArgs)
const dbKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'

try {
  await waitUntilLive(base, server)
  const objectIds: string[] = []
  for (const box of BOXES) objectIds.push(await uploadBox(base, box))
  const choices = await offers(base)
  const shoppers: Shopper[] = []
  for (let index = 0; index < connections; index++) {
    shoppers.push(await fillCart(base, index, objectIds, choices))
  }
  const cartPath = (shopper: Shopper) => `/api/checkout/cart/${shopper.cartId}`
  const probe = await fetch(`${base}${cartPath(shoppers[0]!)}`, {
    headers: shopperHeaders(`http://localhost:${port}`, shoppers[0]!.address, shoppers[0]!.cookie),
  })
  const sample = (await expectOk(probe, 'read cart')) as { items: unknown[] }
  const bytes = JSON.stringify(sample).length

  const warmUp = await run('warm-up', base, server.pid!, shoppers, cartPath, 3)
  await run('warm-up', base, server.pid!, shoppers, () => '/api/health/live', 2)
  const cart = await run('cart read', base, server.pid!, shoppers, cartPath, duration)
  const live = await run('live', base, server.pid!, shoppers, () => '/api/health/live', duration)
  const figures = [cart, live]
  const atRate =
    targetRate > 0
      ? await runPaced(`cart@${targetRate}`, base, server.pid!, shoppers, cartPath, targetRate)
      : undefined
  if (atRate !== undefined) {
    figures.push(
      atRate,
      await runPaced(`live@${targetRate}`, base, server.pid!, shoppers, () => '/api/health/live', targetRate),
    )
  }
  // Every cart read of the whole bench, as if in one minute: a bound on what any address sent in a minute.
  const perAddress = (warmUp.requests + cart.requests + (atRate?.requests ?? 0)) / connections
  console.log(
    `\n${dbKind}; Node ${process.version}, server flags ${nodeArgs.join(' ') || 'none'}, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; ${connections} connections from ${connections} addresses, ${duration} s each; ${
      objectIds.length
    } objects, ${choices.length} print-mode × finish × colour choices, ${ITEMS_PER_CART.join('/')} items a cart (first cart ${sample.items.length} items, ${bytes} bytes)\n`,
  )
  for (const f of figures) console.log(line(f))
  console.log(
    `cart read / live: ${(cart.requestsPerSecond / live.requestsPerSecond).toFixed(2)}× the req/s, ${(
      cart.cpuMicrosPerRequest / live.cpuMicrosPerRequest
    ).toFixed(2)}× the server CPU per request`,
  )
  console.log(
    `cart reads per address in the whole bench: ${perAddress.toFixed(0)} (rate limit ${RATE_LIMIT_PER_MINUTE} a minute${perAddress > RATE_LIMIT_PER_MINUTE * 0.9 ? ': close, 429s may follow; shorten --duration' : ''})`,
  )
  const clean = (f: Figures) => f.non2xx + f.errors + f.timeouts === 0
  console.log(
    `goal, throughput (≥ 2000 req/s at saturation, 0 errors): ${cart.requestsPerSecond >= 2_000 && clean(cart) ? 'met' : 'not met'}`,
  )
  if (atRate !== undefined) {
    const held = atRate.requestsPerSecond >= targetRate * 0.98
    console.log(
      `goal, latency at an offered ${targetRate} req/s (rate held: ${held ? 'yes' : 'no'}, p99 < 50 ms, 0 errors): ${held && atRate.p99 < 50 && clean(atRate) ? 'met' : 'not met'}`,
    )
  }
  if (figures.some((f) => f.errors + f.non2xx + f.timeouts > 0)) process.exitCode = 1
} finally {
  await new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve()
    server.once('exit', () => resolve())
    server.kill('SIGTERM')
  })
  rmSync(dataDir, { recursive: true, force: true })
}
