/**
 * The pricing bench's requests without sockets: the app of pricing-bench-server.ts in this process, driven with
 * Fastify's `inject`, so the CPU a request costs in our code (hooks, parse, pricing, serialisation) is measured
 * apart from the socket work and the load generator. On a shared two-core host the socket bench's CPU per request
 * moves several-fold with the load (its requests get batched differently); this one moves far less, and the
 * socket work is the same for every pricing request of these sizes (the cache hit pays it too), so a cut here is
 * a cut there.
 *
 *   npx tsx tests/bench/pricing-bench-inprocess.ts [--rounds 7] [--requests 2000]
 *   npx tsx tests/bench/pricing-bench-inprocess.ts --record tmp/answers.json   # answers of many bodies, to a file
 *   npx tsx tests/bench/pricing-bench-inprocess.ts --compare tmp/answers.json  # the same bodies: byte-identical?
 *   npx tsx tests/bench/pricing-bench-inprocess.ts --only distinct --profile tmp/distinct.cpuprofile
 *
 * Each round runs `--requests` requests of each kind, in turn: "distinct" (the client's requests with each
 * configuration in turn as the selection and every body new by a quantity counter, as the socket bench), "hit" (one repeated body, from the answer cache) and "live" (`GET /api/health/live`). It
 * prints the CPU time per request of each kind per round and the median of the rounds, and the ratios of the
 * medians. `--profile` writes a CPU profile of the counted rounds only (pricing-bench-profile.ts sums it). `--record`
 * and `--compare` price a grid of bodies (scales, units, quantities, the configurations in turn as the selection)
 * and write or check the exact texts of the answers' lines (one per configuration, as the client reads them).
 */
import { Session } from 'node:inspector/promises'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { createConfig, parseEnv } from '#server/config/env.ts'
import { acquireDataDirLock } from '#server/db/data-dir-lock.ts'
import { migrate } from '#server/db/migrate.ts'
import { createPgliteDb } from '#server/db/pglite.ts'
import { seed } from '#server/db/seed.ts'
import { buildApp } from '#server/app.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { boxProperties, insertAnalysedModelFile } from '#tests/integration/helpers/analysed-objects.ts'
import { catalogueConfigurations, clientRequestTemplates, withQuantity } from './bench-configurations.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { LANGUAGE_HEADER } from '#shared/domain/limits.ts'
import {
  PricingBatchResponseSchema,
  pricedConfigurationsOf,
  type PricingBatchRequest,
} from '#shared/contracts/pricing.contract.ts'
import { numberOption, textOption } from './bench-args.ts'

/**
 * A priced answer as the client reads it, one line per configuration (`pricedConfigurationsOf`), as JSON text: the
 * answers before decision 0136 were these lines on the wire, so texts recorded before and after it compare. Error
 * answers as they are.
 */
function linesText(body: string, answer: { statusCode: number; body: string }): string {
  if (answer.statusCode !== 200) return answer.body
  const request = JSON.parse(body) as PricingBatchRequest
  return JSON.stringify(
    pricedConfigurationsOf(request, PricingBatchResponseSchema.parse(JSON.parse(answer.body))),
  )
}

const rounds = numberOption('rounds', 7)
const requestsPerRound = numberOption('requests', 2_000)
const only = textOption('only')
const recordFile = textOption('record')
const compareFile = textOption('compare')
const profileFile = textOption('profile')
/** `--allocations <file>`: a sampling heap profile of what the counted rounds allocate, collected garbage included. */
const allocationsFile = textOption('allocations')

const dataDir = mkdtempSync(path.join(tmpdir(), 'schichtwerk-pricing-inprocess-'))
const env = parseEnv({
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
})
const config = createConfig(env, () => 'bench-session-secret-0123456789abcdef')
const lock = acquireDataDirLock(config.dataDir, env.DATA_DIR)
if (config.database.kind !== 'pglite') throw new Error('the benchmark runs on the embedded database')
const db = await createPgliteDb({ dataDir: config.database.dataDir })
const mail = createMailService(config.mail)

try {
  await migrate(db)
  await seed(db, { thumbnailsDir: config.thumbnailsDir, withStaff: false })
  const objectId = await insertAnalysedModelFile(db, {
    properties: boxProperties(62.5, 41.2, 18.7),
    histogram: { binEdgesMm: [0, 0.5, 1, 2, 5, null], areaMm2: [0, 0, 120, 3000, 6000] },
  })
  const app = await buildApp({ config, db, mail, logger: false, rateLimitPerMinute: 1_000_000_000 })
  await app.ready()
  // The same configurations, in the same order, as pricing-bench-server.ts prints them.
  const configurations = await catalogueConfigurations(db)
  const bodyWith = (fields: Record<string, unknown>, chosen: readonly object[]): string =>
    JSON.stringify({
      objectId,
      objectScale: 1.25,
      objectUnitLength: 'mm',
      objectQuantity: 3,
      ...fields,
      params: chosen,
    })
  const pricing = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/pricing/batch-calculations',
      headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: 'DE' },
      payload,
    })

  if (recordFile !== undefined || compareFile !== undefined) {
    // A grid of bodies: every configuration once as the selection, at scales and units that cross the print modes'
    // limits (too small, too large, thin walls), and quantities up to large lines.
    const bodies: string[] = []
    for (const scale of [0.01, 0.1, 0.5, 1, 1.25, 3.7, 10, 25])
      for (const unit of ['mm', 'cm', 'inch'])
        for (const quantity of [1, 3, 17, 250])
          for (let first = 0; first < configurations.length; first += 7)
            bodies.push(
              bodyWith({ objectScale: scale, objectUnitLength: unit, objectQuantity: quantity }, [
                ...configurations.slice(first),
                ...configurations.slice(0, first),
              ]),
            )
    const answers: string[] = []
    for (const body of bodies) {
      // Twice: the second answer comes from the answer cache, and must be the same text.
      const first = await pricing(body)
      const second = await pricing(body)
      if (first.body !== second.body) throw new Error('a cached answer differs from the computed one')
      answers.push(`${first.statusCode} ${linesText(body, first)}`)
    }
    if (recordFile !== undefined) {
      writeFileSync(recordFile, JSON.stringify({ bodies, answers }))
      console.log(`recorded ${answers.length} answers in ${recordFile}`)
    } else {
      const recorded = JSON.parse(readFileSync(compareFile!, 'utf8')) as {
        bodies: string[]
        answers: string[]
      }
      // Every id (object, print modes, finishes, colours, sheet versions) is new in every run: compare with each id
      // replaced by the order of its first appearance, so the same answers in the same order compare equal.
      const canonical = (texts: readonly string[]): string[] => {
        const numbers = new Map<string, number>()
        return texts.map((text) =>
          text.replace(/"[A-Za-z0-9_-]{22}"/g, (id) => {
            if (!numbers.has(id)) numbers.set(id, numbers.size)
            return `#${numbers.get(id)}`
          }),
        )
      }
      const was = canonical(recorded.answers)
      const now = canonical(answers)
      let differences = 0
      was.forEach((answer, index) => {
        if (now[index] !== answer) {
          differences++
          if (differences <= 3)
            console.log(
              `differs: ${recorded.bodies[index]!.slice(0, 200)}\n  was ${answer.slice(0, 300)}\n  now ${now[index]?.slice(0, 300)}`,
            )
        }
      })
      console.log(`${answers.length - differences} of ${answers.length} answers byte-identical`)
      if (differences > 0 || recorded.answers.length !== answers.length) process.exitCode = 1
    }
  } else {
    // As the socket bench: the client's requests, each configuration in turn as the selection, a new quantity each.
    const { printModes } = GetPrintModesResponseSchema.parse(
      (
        await app.inject({ method: 'GET', url: PRINT_MODES_PATH, headers: { [LANGUAGE_HEADER]: 'DE' } })
      ).json(),
    )
    const templates = clientRequestTemplates(objectId, configurations, printModes)
    let quantity = 1_000
    const hitBody = withQuantity(templates[0]!, 3)
    const kinds: Record<string, () => Promise<{ statusCode: number }>> = {
      distinct: () => pricing(withQuantity(templates[quantity % templates.length]!, quantity++)),
      hit: () => pricing(hitBody),
      live: () => app.inject({ method: 'GET', url: '/api/health/live' }),
    }
    const names = Object.keys(kinds).filter((name) => only === undefined || name === only)
    const perRound: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
    // Eight requests in flight, as a server with several connections has.
    const inFlight = 8
    const inspector = new Session()
    for (let round = -1; round < rounds; round++) {
      if (round === 0 && profileFile !== undefined) {
        inspector.connect()
        await inspector.post('Profiler.enable')
        await inspector.post('Profiler.start')
      }
      if (round === 0 && allocationsFile !== undefined) {
        inspector.connect()
        await inspector.post('HeapProfiler.enable')
        await inspector.post('HeapProfiler.startSampling', {
          samplingInterval: 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        })
      }
      for (const name of names) {
        const send = kinds[name]!
        const before = process.cpuUsage()
        for (let sent = 0; sent < requestsPerRound; sent += inFlight) {
          const answers = await Promise.all(Array.from({ length: inFlight }, () => send()))
          if (answers.some((answer) => answer.statusCode !== 200)) throw new Error(`${name} answered non-200`)
        }
        const used = process.cpuUsage(before)
        // Round -1 is the warm-up (JIT, caches): not counted.
        if (round >= 0) perRound[name]!.push((used.user + used.system) / requestsPerRound)
      }
    }
    if (allocationsFile !== undefined) {
      const { profile } = await inspector.post('HeapProfiler.stopSampling')
      writeFileSync(allocationsFile, JSON.stringify(profile))
      inspector.disconnect()
    }
    if (profileFile !== undefined) {
      const { profile } = await inspector.post('Profiler.stop')
      writeFileSync(profileFile, JSON.stringify(profile))
      inspector.disconnect()
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    console.log(
      `Node ${process.version}, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(
          ' ',
        )}; ${rounds} rounds of ${requestsPerRound} requests, the client's requests for ${templates.length} selections`,
    )
    for (const name of names)
      console.log(
        `${name.padEnd(9)} median ${median(perRound[name]!).toFixed(1)} µs/request   rounds ${perRound[name]!.map((v) => v.toFixed(0)).join(' ')}`,
      )
    if (perRound.live !== undefined) {
      const live = median(perRound.live)
      for (const name of names.filter((n) => n !== 'live'))
        console.log(`${name} / live: ${(median(perRound[name]!) / live).toFixed(2)}× the CPU per request`)
    }
  }
  await app.close()
} finally {
  await db.close()
  mail.close()
  lock.release()
  rmSync(dataDir, { recursive: true, force: true })
}
