import { afterAll, describe, expect, it } from 'vitest'
import { discoverMachines, type ModuleMap } from '#tests/graph/machine-discovery.ts'
import { type PathModelReport, reportProblems, runPathModels } from '#tests/graph/path-testing.ts'

// Every machine module and every paths module under machines/, found by glob: a new machine is checked without
// registering it anywhere.
const machineModules: ModuleMap = import.meta.glob('./**/*.machine.ts', { eager: true })
const pathModules: ModuleMap = import.meta.glob('./**/*.paths.ts', { eager: true })

const { entries, problems } = discoverMachines(machineModules, pathModules)
const reports: PathModelReport[] = []

describe('path coverage of every machine', () => {
  it('finds the machines', () => {
    expect(entries.length).toBeGreaterThan(0)
  })

  it('has a paths module with a path model for every exported machine', () => {
    expect(problems, problems.join('\n')).toEqual([])
  })

  describe.each(entries.map((entry) => [entry.machine.id, entry] as const))('%s', (_id, entry) => {
    // The biggest models (cart, configure) take seconds; more on a machine shared with other work.
    it('replays every generated path and takes every transition', { timeout: 60_000 }, async () => {
      const [first, ...rest] = entry.models
      if (!first) throw new Error(`${entry.pathsFile}: no model`)
      const report = await runPathModels([first, ...rest])
      reports.push(report)
      const found = reportProblems(report)
      expect(found, `${entry.machineFile}:\n${found.join('\n')}`).toEqual([])
    })
  })

  afterAll(() => {
    const rows = reports.map(
      (report) =>
        `${report.machineId.padEnd(16)} ${String(report.covered.length).padStart(3)}/${String(report.transitions.length).padEnd(3)} transitions  ${String(report.paths.length).padStart(3)} paths`,
    )
    const covered = reports.reduce((sum, report) => sum + report.covered.length, 0)
    const total = reports.reduce((sum, report) => sum + report.transitions.length, 0)
    console.info(
      ['Path coverage:', ...rows, `${'total'.padEnd(16)} ${covered}/${total} transitions`].join('\n'),
    )
  })
})
