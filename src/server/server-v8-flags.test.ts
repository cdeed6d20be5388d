import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SERVER_V8_FLAGS } from '#server/server-v8-flags.ts'

/** Runs a probe of tests/integration/fixtures with `nodeFlags`; it sets `flags` at run time, as the server does. */
function runProbe(fixture: string, nodeFlags: readonly string[], flags: readonly string[]): string {
  const probe = fileURLToPath(new URL(`../../tests/integration/fixtures/${fixture}`, import.meta.url))
  return execFileSync(process.execPath, [...nodeFlags, probe], {
    encoding: 'utf8',
    env: { ...process.env, SERVER_V8_FLAGS_JSON: JSON.stringify(flags) },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  })
}

/** Whether TurboFan inlined the probe's 706-byte function into its hot caller (V8's own trace says so). */
function probeInlines(flags: readonly string[]): boolean {
  const output = runProbe('inlining-probe.mjs', ['--trace-turbo-inlining'], flags)
  if (!output.includes('total true')) throw new Error('the inlining probe did not finish')
  return /^Inlining .*mediumStep/m.test(output)
}

/** Whether the probe's allocation site still allocates young after millions of its objects survived. */
function probeYoung(flags: readonly string[]): boolean {
  const output = runProbe('pretenuring-probe.mjs', ['--allow-natives-syntax'], flags)
  return (JSON.parse(output) as { young: boolean }).young
}

describe('the server process V8 flags (decision 0145)', () => {
  it('turns allocation-site pretenuring off', () => {
    expect(SERVER_V8_FLAGS).toContain('--no-allocation-site-pretenuring')
  })

  it('set at run time, keep a site whose objects all survive allocating young, where V8 alone pretenures it', () => {
    // The control shows the probe sees pretenuring on this Node; without it the second check would prove nothing.
    // V8 alone does not pretenure the site in every process (about one run in five keeps it young, session 22), so
    // the control asks for one pretenured site in up to five runs; with the flags the site stays young every time.
    const controls = Array.from({ length: 5 })
    expect(controls.some(() => !probeYoung([]))).toBe(true)
    for (let run = 0; run < 3; run++) expect(probeYoung(SERVER_V8_FLAGS)).toBe(true)
  }, 240_000)
})

describe('the server process V8 flags (decision 0153)', () => {
  it('set at run time, let TurboFan inline a hot 706-byte function that V8 alone leaves as a call', () => {
    expect(probeInlines([])).toBe(false)
    expect(probeInlines(SERVER_V8_FLAGS)).toBe(true)
  }, 120_000)
})
