import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { bundleServer } from '#server/build/bundle-server.ts'
import { GetPrintModesResponseSchema, PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'
import { BROWSER_ACCEPT_ENCODING } from '#tests/integration/helpers/browser-headers.ts'
import { clientRequestTemplates, type BenchConfiguration } from './bench-configurations.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * Bundles this tree's bench server (pricing-bench-server.ts) into `dist/bench-server`, two levels below the project
 * as runtime-paths.ts expects of a bundle, and returns that directory. The server runs bundled, as `npm run serve`
 * runs dist/server (decision 0117), not through tsx: tsx's transformed sources and inline source maps stay on the
 * heap (an idle bench server: 39.9 MB of JavaScript heap through tsx, 31.1 MB bundled), which each old-generation
 * collection marks and moves, and the paced run's tail showed it (mark-compact pauses up to 54 ms against 16 ms,
 * issue 18).
 */
export async function bundleBenchServer(): Promise<string> {
  const bundle = await bundleServer(path.join(here, '..', '..', 'dist', 'bench-server'), {
    'pricing-bench-server': path.join(here, 'pricing-bench-server.ts'),
  })
  return bundle.outDir
}

export interface BundledBenchServer {
  readonly child: ChildProcess
  /** `http://127.0.0.1:<port>` */
  readonly base: string
  /** The client's pricing requests, one per selection (bench-configurations.ts). */
  readonly templates: [string, string][]
}

/**
 * Starts a tree's bundled bench server (`dist/bench-server/pricing-bench-server.js`: run the pricing bench in the tree
 * once, it bundles there) with `nodeArgs` and `dataDir`, and reads the catalogue for the client's request templates.
 * The side-by-side bench (pricing-ab.ts) and the perf breakdown (pricing-perf.ts) start their servers with it.
 */
export async function startBundledBenchServer(
  tree: string,
  options: { nodeArgs: readonly string[]; dataDir: string },
): Promise<BundledBenchServer> {
  const entry = path.join(tree, 'dist', 'bench-server', 'pricing-bench-server.js')
  const child = spawn(process.execPath, [...options.nodeArgs, entry], {
    cwd: tree,
    env: { ...process.env, DATA_DIR: options.dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  for await (const line of createInterface({ input: child.stdout! })) {
    if (!line.startsWith('{')) continue
    const info = JSON.parse(line) as { port: number; objectId: string; configurations: BenchConfiguration[] }
    const base = `http://127.0.0.1:${info.port}`
    const catalogue = await fetch(`${base}${PRINT_MODES_PATH}`, {
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    })
    const { printModes } = GetPrintModesResponseSchema.parse(await catalogue.json())
    return { child, base, templates: clientRequestTemplates(info.objectId, info.configurations, printModes) }
  }
  throw new Error(`the bench server of ${tree} exited before it was ready`)
}

/** A server process's CPU time so far, user and system, in µs (from /proc, at 100 ticks per second). */
export function serverCpuMicros(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // After the command name: state is field 0, utime field 11 and stime field 12.
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}
