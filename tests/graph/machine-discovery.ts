/**
 * Pairs every exported machine of the `*.machine.ts` modules with the path models exported by its sibling
 * `*.paths.ts` module. `machines/coverage.test.ts` feeds it `import.meta.glob` results; the unit tests feed it
 * fixtures.
 */
import { type AnyStateMachine, StateMachine } from 'xstate'
import type { PathModel } from './path-testing.ts'

/** Modules by file path, as `import.meta.glob(..., { eager: true })` returns them. */
export type ModuleMap = Record<string, Record<string, unknown>>

/** One exported machine and the path models its sibling paths module exports for it. */
export type MachineEntry = {
  machineFile: string
  pathsFile: string
  exportName: string
  machine: AnyStateMachine
  models: Array<PathModel<AnyStateMachine>>
}

export type Discovery = {
  entries: MachineEntry[]
  /** Machine modules without a paths module, machines without a model, machine modules exporting no machine. */
  problems: string[]
}

const isMachine = (value: unknown): value is AnyStateMachine => value instanceof StateMachine

const isPathModelOf = (value: unknown, machine: AnyStateMachine): value is PathModel<AnyStateMachine> =>
  typeof value === 'object' &&
  value !== null &&
  'machine' in value &&
  value.machine === machine &&
  'events' in value

/** The sibling paths module of a machine module: `x/x.machine.ts` → `x/x.paths.ts`. */
export const pathsFileOf = (machineFile: string): string => machineFile.replace(/\.machine\.ts$/, '.paths.ts')

/** Pairs machines with their path models and lists what is missing. */
export const discoverMachines = (machineModules: ModuleMap, pathModules: ModuleMap): Discovery => {
  const entries: MachineEntry[] = []
  const problems: string[] = []
  for (const [machineFile, exports] of Object.entries(machineModules).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const machines = Object.entries(exports).filter((entry): entry is [string, AnyStateMachine] =>
      isMachine(entry[1]),
    )
    if (machines.length === 0) {
      problems.push(`${machineFile} exports no machine`)
      continue
    }
    const pathsFile = pathsFileOf(machineFile)
    const pathExports = pathModules[pathsFile]
    if (!pathExports) {
      problems.push(`${machineFile} has no paths module ${pathsFile}`)
      continue
    }
    for (const [exportName, machine] of machines) {
      const models = Object.values(pathExports).filter((value) => isPathModelOf(value, machine))
      if (models.length === 0) {
        problems.push(`${pathsFile} exports no path model for ${exportName} (id '${machine.id}')`)
        continue
      }
      entries.push({ machineFile, pathsFile, exportName, machine, models })
    }
  }
  return { entries, problems }
}
