/**
 * Benchmark of the analysis engine against admesh (a test oracle only, never a dependency).
 *
 *   npx tsx tests/bench/analysis-bench.ts [--triangles 1000000] [--runs 3] [--core-only]
 *
 * Generates a torus binary STL with the given number of triangles and a broken copy (2000 flipped faces,
 * 200 one-face holes, 10 stray facets, 50 degenerate facets, 500 jittered facets at 1M; scaled for other sizes),
 * then runs, on the same files in the same run: admesh with its default repair, our core pipeline
 * (read + weld + repair + measure) in a fresh process and in a warm one (after three runs on another broken mesh, as
 * the server's long-lived analysis workers meet an upload), and our full analysis (wall thickness on a second thread,
 * as the server runs it, and on one thread for comparison). Each is a separate process timed
 * with /usr/bin/time (wall time and peak RSS); the median of the runs is printed, with ratios against admesh.
 * `--core-only` runs admesh and the two core rows only. The node processes get the environment the server gives its
 * analysis child (`childEnv`: without NODE_EXTRA_CA_CERTS, decision 0132), so the fresh process is the child's start.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { binaryStl, injectDefects, soupVolume, torusSoup } from '#engine/testing/mesh-fixtures.ts'
import { childEnv } from '#server/jobs/job-hosts.ts'
import { flagOption, numberOption } from './bench-args.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const out = path.join(here, 'out')
const triangles = numberOption('triangles', 1_000_000)
const runs = numberOption('runs', 3)
const coreOnly = flagOption('core-only')

interface Sample {
  wallS: number
  /** user + system CPU seconds of the process (all its threads) */
  cpuS?: number
  rssMb: number
  volume: number
  detail?: Record<string, unknown>
}

let capturedStderr = ''
function parseTime(stderr: string): { wallS: number; cpuS: number; rssMb: number } {
  const m = /TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(stderr)
  if (m === null) throw new Error(`no /usr/bin/time output in: ${stderr.slice(-300)}`)
  return { wallS: Number(m[1]), rssMb: Number(m[2]) / 1024, cpuS: Number(m[3]) + Number(m[4]) }
}

/** Runs a program under /usr/bin/time; returns its stdout with wall seconds and peak RSS. */
function execTimed(
  command: string,
  commandArgs: string[],
): { wallS: number; cpuS: number; rssMb: number; stdout: string } {
  const timeFile = path.join(out, 'time.txt')
  const stdout = execFileSync(
    '/usr/bin/time',
    ['-f', 'TIME %e %M %U %S', '-o', timeFile, 'timeout', '120', command, ...commandArgs],
    {
      encoding: 'utf8',
      env: command === 'node' ? childEnv() : process.env,
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  capturedStderr = execFileSync('cat', [timeFile], { encoding: 'utf8' })
  return { ...parseTime(capturedStderr), stdout }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true })
  const loadBefore = loadavg()[0]!
  // segments: U = 2V, 2 U V = triangles
  const v = Math.max(3, Math.round(Math.sqrt(triangles / 4)))
  const u = 2 * v
  const scale = (2 * u * v) / 1_000_000
  const defects = {
    flipped: Math.round(2000 * scale),
    holes: Math.round(200 * scale),
    stray: Math.max(1, Math.round(10 * scale)),
    degenerate: Math.round(50 * scale),
    jittered: Math.round(500 * scale),
    duplicates: 0,
  }
  const cleanFile = path.join(out, `torus-${2 * u * v}.stl`)
  const brokenFile = path.join(out, `torus-${2 * u * v}-broken.stl`)
  // the warm-up mesh of the warm runs: another shape, a quarter of the size, with every kind of defect
  const warmFile = path.join(out, `warm-${2 * u * v}-broken.stl`)
  const clean = torusSoup(40, 15, u, v)
  const cleanVolume = soupVolume(clean)
  if (!existsSync(cleanFile) || !existsSync(brokenFile)) {
    writeFileSync(cleanFile, binaryStl(clean))
    writeFileSync(brokenFile, binaryStl(injectDefects(clean, u, v, defects, 0.002, 7)))
  }
  if (!existsSync(warmFile)) {
    const [wu, wv] = [Math.max(6, Math.round(u / 2)), Math.max(3, Math.round(v / 2))]
    const quarter = (n: number): number => Math.max(1, Math.round(n / 4))
    const warmDefects = {
      flipped: quarter(defects.flipped),
      holes: quarter(defects.holes),
      stray: quarter(defects.stray),
      degenerate: quarter(defects.degenerate),
      jittered: quarter(defects.jittered),
      duplicates: 0,
    }
    writeFileSync(
      warmFile,
      binaryStl(injectDefects(torusSoup(30, 10, wu, wv), wu, wv, warmDefects, 0.002, 11)),
    )
  }
  // the bundle goes to tmp/ (ignored by git and ESLint); generated STLs to tests/bench/out/ (ignored by git)
  const runner = path.join(here, '..', '..', 'tmp', 'bench', 'pipeline-runner.mjs')
  rmSync(path.dirname(runner), { recursive: true, force: true })
  await build({
    entryPoints: [path.join(here, 'pipeline-runner.ts')],
    // splitting keeps three.js & co. in a chunk that only the full mode loads
    outdir: path.dirname(runner),
    splitting: true,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })

  const rows: string[] = []
  for (const [label, file] of [
    ['clean', cleanFile],
    ['broken', brokenFile],
  ] as const) {
    const admesh: Sample[] = []
    const core: Sample[] = []
    const warm: Sample[] = []
    const full: Sample[] = []
    const serial: Sample[] = []
    const loadAtStart = loadavg()[0]!
    for (let r = 0; r < runs; r++) {
      const a = execTimed('admesh', [file])
      const vol = /Volume\s*:\s*([-\d.eE+]+)/.exec(a.stdout)
      admesh.push({
        wallS: a.wallS,
        cpuS: a.cpuS,
        rssMb: a.rssMb,
        volume: vol === null ? Number.NaN : Number(vol[1]),
      })
      const c = execTimed('node', [runner, 'core', file])
      const cj = JSON.parse(c.stdout.trim().split('\n').at(-1)!) as {
        volume: number
        pipelineMs: number
        counters: Record<string, number>
      }
      core.push({ wallS: c.wallS, cpuS: c.cpuS, rssMb: c.rssMb, volume: cj.volume, detail: cj })
      const w = execTimed('node', [runner, 'warm', file, warmFile])
      const wj = JSON.parse(w.stdout.trim().split('\n').at(-1)!) as { volume: number; pipelineMs: number }
      warm.push({ wallS: w.wallS, rssMb: w.rssMb, volume: wj.volume, detail: wj })
      if (coreOnly) continue
      const f = execTimed('node', [runner, 'full', file])
      const fj = JSON.parse(f.stdout.trim().split('\n').at(-1)!) as { volume: number; pipelineMs: number }
      full.push({ wallS: f.wallS, rssMb: f.rssMb, volume: fj.volume, detail: fj })
      const s1 = execTimed('node', [runner, 'full-serial', file])
      const sj = JSON.parse(s1.stdout.trim().split('\n').at(-1)!) as { volume: number; pipelineMs: number }
      serial.push({ wallS: s1.wallS, rssMb: s1.rssMb, volume: sj.volume, detail: sj })
    }
    const loadAtEnd = loadavg()[0]!
    const aw = median(admesh.map((s) => s.wallS))
    const ar = median(admesh.map((s) => s.rssMb))
    const cw = median(core.map((s) => s.wallS))
    const cr = median(core.map((s) => s.rssMb))
    const cin = median(core.map((s) => Number((s.detail as { pipelineMs: number }).pipelineMs) / 1000))
    const win = median(warm.map((s) => Number((s.detail as { pipelineMs: number }).pipelineMs) / 1000))
    const rel = (x: number): string => ((x - cleanVolume) / cleanVolume).toExponential(1)
    rows.push(
      `| ${label} | admesh 0.98.4 | ${aw.toFixed(2)} s | – | ${ar.toFixed(0)} MB | ${admesh[0]!.volume.toFixed(3)} (${rel(admesh[0]!.volume)}) | 1.00× / 1.00× |`,
      `| ${label} | ours: parse+weld+repair+measure | ${cw.toFixed(2)} s | ${cin.toFixed(2)} s | ${cr.toFixed(0)} MB | ${core[0]!.volume.toFixed(3)} (${rel(core[0]!.volume)}) | ${(cw / aw).toFixed(2)}× / ${(cr / ar).toFixed(2)}× |`,
      `| ${label} | ours: the same in a warm worker | – | ${win.toFixed(2)} s | – | ${warm[0]!.volume.toFixed(3)} | ${(win / aw).toFixed(2)}× / – |`,
    )
    const cpuOf = (samples: Sample[]): string => median(samples.map((s) => s.cpuS!)).toFixed(2)
    // CPU time moves less than wall time with other work on the machine (it still grows with cache and core contention)
    console.error(
      `${label}: median process CPU (user + system) admesh ${cpuOf(admesh)} s, ours fresh core ${cpuOf(core)} s`,
    )
    if (!coreOnly) {
      const fw = median(full.map((s) => s.wallS))
      const fr = median(full.map((s) => s.rssMb))
      const fin = median(full.map((s) => Number((s.detail as { pipelineMs: number }).pipelineMs) / 1000))
      const sw = median(serial.map((s) => s.wallS))
      const sr = median(serial.map((s) => s.rssMb))
      const sin = median(serial.map((s) => Number((s.detail as { pipelineMs: number }).pipelineMs) / 1000))
      rows.push(
        `| ${label} | ours: full analysis, thickness on a 2nd thread | ${fw.toFixed(2)} s | ${fin.toFixed(2)} s | ${fr.toFixed(0)} MB | ${full[0]!.volume.toFixed(3)} | ${(fw / aw).toFixed(2)}× / ${(fr / ar).toFixed(2)}× |`,
        `| ${label} | ours: full analysis, one thread | ${sw.toFixed(2)} s | ${sin.toFixed(2)} s | ${sr.toFixed(0)} MB | ${serial[0]!.volume.toFixed(3)} | ${(sw / aw).toFixed(2)}× / ${(sr / ar).toFixed(2)}× |`,
      )
    }
    console.error(`${label}: 1-min load average ${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)}`)
    console.error(`${label}: core counters ${JSON.stringify(core[0]!.detail?.counters)}`)
    console.error(
      `${label}: core stages ${JSON.stringify((core[0]!.detail as { stagesMs: unknown }).stagesMs)}`,
    )
    console.error(
      `${label}: warm core stages ${JSON.stringify((warm[0]!.detail as { stagesMs: unknown }).stagesMs)}`,
    )
    // the run of median wall time, so its stages belong to the figure in the table
    const stagesOf = (samples: Sample[]): string => {
      const mid = [...samples].sort((a, b) => a.wallS - b.wallS)[Math.floor(samples.length / 2)]!
      const stages = (mid.detail as { stagesMs: Record<string, number> }).stagesMs
      return JSON.stringify(Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, Math.round(v)])))
    }
    console.error(`${label}: core stages of the median run ${stagesOf(core)}`)
    if (coreOnly) continue
    console.error(`${label}: full stages (2 threads) ${stagesOf(full)}`)
    console.error(`${label}: full stages (1 thread) ${stagesOf(serial)}`)
  }
  console.log(
    `\n${2 * u * v} triangles, exact volume of the clean torus ${cleanVolume.toFixed(3)} mm³, median of ${runs} runs, ${new Date().toISOString()}`,
  )
  console.log(`defects in the broken copy: ${JSON.stringify(defects)}`)
  console.log(
    `${cpus().length} cores, Node ${process.version}; 1-min load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after (other work on the machine slows every program; compare the ratios)\n`,
  )
  console.log(
    '| file | program | process wall | in-process pipeline | peak RSS | volume (rel. error) | time / memory vs admesh |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

await main()
