import { setFlagsFromString } from 'node:v8'

/**
 * V8 flags the HTTP server's process sets for itself when it starts (main.ts, and the pricing benchmark's server),
 * so every way of starting it gets them: `npm run serve`, the e2e server, `tsx src/server/main.ts`, a custom
 * `node dist/server/main.js`. Job children (the analysis) are processes of their own and keep V8's defaults.
 *
 * `--no-allocation-site-pretenuring` (decision 0145): V8 watches which allocation sites' objects survive scavenges
 * and, above a survival rate, allocates that site's objects in the old generation from then on. Under a burst of
 * requests the HTTP path's sites (Node's header, write and request-parser objects) crossed it; their pretenured
 * objects, dead a moment later, still point at young ones until the next full collection, so those survive too and
 * are promoted, which keeps the survival rate up: a fresh server stayed in that state for good in 10 of 19 runs
 * (4.7 MB promoted per scavenge instead of 27 kB, scavenges of 15-19 ms instead of 1.5, 200-310 µs of CPU per new
 * configuration instead of 120-130 on a calm host). Nothing the server keeps for long is allocated in bursts, so
 * nothing loses.
 *
 * `--max-inlined-bytecode-size=1000`, `--max-inlined-bytecode-size-cumulative=3000` (decision 0153): TurboFan's
 * budget for inlining a called function into its caller, 460 bytes of bytecode for one function and 920 for all of a
 * caller's by default. The request path's functions (Fastify's hook runners and reply, Node's HTTP writer, the
 * pricing code) are larger than that in places and stay calls; with the larger budget a new pricing configuration
 * cost about 5 % less CPU (149 against 157 µs, two bench servers side by side), live the same.
 */
export const SERVER_V8_FLAGS = [
  '--no-allocation-site-pretenuring',
  '--max-inlined-bytecode-size=1000',
  '--max-inlined-bytecode-size-cumulative=3000',
] as const

/** Sets {@link SERVER_V8_FLAGS}; call it first thing in a server process's entry, before the load arrives. */
export function applyServerV8Flags(): void {
  for (const flag of SERVER_V8_FLAGS) setFlagsFromString(flag)
}
