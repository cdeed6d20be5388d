import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { ErrorBodySchema } from '#shared/errors/error-codes.ts'
import { MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'
import { AnalysisUploadResponseSchema } from '#shared/contracts/analysis.contract.ts'
import { binaryStl, boxSoup } from '#engine/testing/mesh-fixtures.ts'
import { isServerLive, uploadBytes, waitForTaskOver } from '#tests/integration/helpers/live-analysis.ts'
import {
  cubeModelXml,
  lyingBinaryStl,
  pngBytes,
  threeMfPackage,
  withDeclaredSize,
} from '#tests/integration/helpers/model-files.ts'
import {
  disposeServerProcesses,
  startServer,
  streamUpload,
  type UploadAnswer,
} from '#tests/integration/helpers/server-process.ts'
import type { HostileCheck, HostileContext, HostileResult } from '../harness.ts'

/**
 * The upload attack set against a real server process: zip bombs, files that lie about their type or length,
 * NaN/Inf coordinates, an empty file, one byte over the 100 MB limit, and hostile file names around a valid cube.
 * Each must end cleanly (a 4xx in the app's error shape, or a task that fails or completes within a bound) with
 * the server live after it, and no file may land outside the upload folder. On the embedded PGlite: the database
 * plays no part in what is attacked here.
 */

/** `analysed`: a valid cube under a hostile but usable name must be accepted and analysed. */
type Expectation = 'refused-or-failed' | 'any-clean' | 'too-large' | 'analysed'

interface Attack {
  label: string
  fileName: string
  expect: Expectation
  bytes: () => Uint8Array
}

const TASK_BOUND_MS = 120_000

function validCube(): Uint8Array {
  return binaryStl(boxSoup([0, 0, 0], [20, 20, 20]))
}

function nonFiniteCube(): Uint8Array {
  const soup = boxSoup([0, 0, 0], [20, 20, 20])
  soup[0] = Number.NaN
  soup[4] = Number.POSITIVE_INFINITY
  soup[8] = Number.NEGATIVE_INFINITY
  return binaryStl(soup)
}

/** A real deflate bomb: 150 MB of spaces in the model part compress to a few hundred KB. */
function deflateBomb(): Uint8Array {
  return threeMfPackage(cubeModelXml() + ' '.repeat(150_000_000))
}

const ATTACKS: Attack[] = [
  {
    label: 'zip bomb: model part inflating to 150 MB',
    fileName: 'bomb.3mf',
    expect: 'refused-or-failed',
    bytes: deflateBomb,
  },
  {
    label: 'zip bomb: entry declaring 4 GB',
    fileName: 'declared.3mf',
    expect: 'refused-or-failed',
    bytes: () =>
      withDeclaredSize(
        threeMfPackage(cubeModelXml(), { 'Metadata/bomb.bin': 'x'.repeat(1000) }),
        'Metadata/bomb.bin',
        0xfffffff0,
      ),
  },
  { label: 'a PNG named .stl', fileName: 'model.stl', expect: 'refused-or-failed', bytes: pngBytes },
  {
    label: 'a 3MF (zip) named .stl',
    fileName: 'zip.stl',
    expect: 'refused-or-failed',
    bytes: () => threeMfPackage(cubeModelXml()),
  },
  {
    label: 'text named .3mf',
    fileName: 'text.3mf',
    expect: 'refused-or-failed',
    bytes: () => Buffer.from('solid x\nendsolid x\n'),
  },
  {
    label: 'truncated binary STL (claims 1,000,000 triangles, has 3)',
    fileName: 'truncated.stl',
    expect: 'refused-or-failed',
    bytes: () => lyingBinaryStl(1_000_000, 3),
  },
  {
    label: 'NaN and ±Infinity coordinates',
    fileName: 'nan.stl',
    expect: 'refused-or-failed',
    bytes: nonFiniteCube,
  },
  {
    label: '0-byte file',
    fileName: 'empty.stl',
    expect: 'refused-or-failed',
    bytes: () => new Uint8Array(0),
  },
  { label: 'name ../../etc/passwd', fileName: '../../etc/passwd', expect: 'any-clean', bytes: validCube },
  {
    label: 'name ../../etc/passwd.stl',
    fileName: '../../etc/passwd.stl',
    expect: 'any-clean',
    bytes: validCube,
  },
  { label: 'name with a NUL byte', fileName: 'cube\u0000.exe.stl', expect: 'any-clean', bytes: validCube },
  {
    label: 'name of 1,000 characters',
    fileName: `${'n'.repeat(996)}.stl`,
    expect: 'analysed',
    bytes: validCube,
  },
  {
    label: 'name with an RTL override',
    fileName: 'cube\u202eexe.stl',
    expect: 'any-clean',
    bytes: validCube,
  },
]

interface Outcome {
  label: string
  result: string
  clean: boolean
}

function isErrorShape(body: unknown): boolean {
  return ErrorBodySchema.safeParse(body).success
}

/** Judges one answer (and the task it started): a clean 4xx, or a task that ends within the bound. */
async function judgeUpload(
  base: string,
  attack: Pick<Attack, 'expect'>,
  answer: UploadAnswer,
): Promise<{ result: string; clean: boolean }> {
  if (attack.expect === 'too-large')
    return { result: `${answer.status}`, clean: answer.status === 413 && isErrorShape(answer.body) }
  if (answer.status >= 400 && answer.status < 500)
    return {
      result: `refused ${answer.status}`,
      clean: attack.expect !== 'analysed' && isErrorShape(answer.body),
    }
  if (answer.status !== 201) return { result: `answered ${answer.status}`, clean: false }
  const { taskId } = AnalysisUploadResponseSchema.parse(answer.body)
  const task = await waitForTaskOver(base, taskId, TASK_BOUND_MS)
  const reason = task.error?.code ?? ''
  const result = `task ${task.state}${reason === '' ? '' : ` (${reason})`}`
  // A hostile file must not be analysed as if it were fine; a valid cube under a hostile name may be.
  if (attack.expect === 'analysed') return { result, clean: task.state === 'completed' }
  return { result, clean: task.state === 'failed' ? reason !== '' : attack.expect === 'any-clean' }
}

async function attackOnce(base: string, attack: Attack): Promise<Outcome> {
  try {
    const { result, clean } = await judgeUpload(
      base,
      attack,
      await uploadBytes(base, attack.fileName, attack.bytes()),
    )
    return { label: attack.label, result, clean }
  } catch (error) {
    return {
      label: attack.label,
      result: `no clean end: ${error instanceof Error ? error.message : String(error)}`,
      clean: false,
    }
  }
}

/** One byte over the limit, streamed without holding it: refused with 413 as soon as the size is known. */
async function oversized(base: string): Promise<Outcome> {
  const size = MAX_UPLOAD_BYTES + 1_000_001
  const chunk = Buffer.alloc(1_048_576, 0x20)
  let sent = 0
  const content = new Readable({
    read() {
      const next = Math.min(chunk.length, size - sent)
      sent += next
      this.push(next === 0 ? null : chunk.subarray(0, next))
    },
  })
  try {
    const answer = await streamUpload(base, 'huge.stl', content, size).answer
    const { result, clean } = await judgeUpload(base, { expect: 'too-large' }, answer)
    return { label: `${(size / 1e6).toFixed(0)} MB file (limit ${MAX_UPLOAD_BYTES / 1e6} MB)`, result, clean }
  } catch (error) {
    return { label: '101 MB file', result: `no answer: ${String(error)}`, clean: false }
  }
}

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (path) => path.split('/').at(-1) === name,
  )
}

async function run(context: HostileContext): Promise<HostileResult> {
  const dataDir = join(context.workDir, 'data')
  const server = await startServer({ DATA_DIR: dataDir, ANALYSIS_WORKERS: '1' })
  try {
    const outcomes: Outcome[] = []
    let deadAfter: string | undefined
    for (const attack of [...ATTACKS, undefined]) {
      const outcome =
        attack === undefined ? await oversized(server.base) : await attackOnce(server.base, attack)
      context.log(`${outcome.clean ? 'ok  ' : 'BAD '} ${outcome.label}: ${outcome.result}`)
      outcomes.push(outcome)
      if (!(await isServerLive(server.base))) {
        deadAfter = outcome.label
        break
      }
      if (context.signal.aborted) break
    }
    const escaped = filesNamed(context.workDir, 'passwd').length
    const unclean = outcomes.filter((outcome) => !outcome.clean)
    return {
      ok:
        unclean.length === 0 &&
        deadAfter === undefined &&
        escaped === 0 &&
        outcomes.length === ATTACKS.length + 1,
      figures: [
        { label: 'attacks', value: String(outcomes.length) },
        {
          label: 'refused with a 4xx',
          value: String(outcomes.filter((o) => o.result.startsWith('refused') || o.result === '413').length),
        },
        {
          label: 'failed analyses',
          value: String(outcomes.filter((o) => o.result.startsWith('task failed')).length),
        },
        { label: 'unclean ends', value: String(unclean.length) },
        {
          label: 'server live throughout',
          value: deadAfter === undefined ? 'yes' : `no (after ${deadAfter})`,
        },
        { label: 'files written outside the upload folder', value: String(escaped) },
      ],
      summary:
        unclean.length === 0 && deadAfter === undefined
          ? `${outcomes.length} hostile uploads, each refused with a 4xx or ended as a task, server live throughout.`
          : `Unclean: ${unclean.map((o) => `${o.label} → ${o.result}`).join('; ')}${deadAfter === undefined ? '' : `; server dead after ${deadAfter}`}`,
    }
  } finally {
    await server.stop().catch(() => server.kill())
    await disposeServerProcesses()
  }
}

export const check: HostileCheck = {
  name: 'upload-attacks',
  title:
    'Upload attack set: zip bombs, lying types, truncated STL, NaN coordinates, 0 B, 101 MB, hostile names',
  budgetMinutes: 10,
  run,
}
