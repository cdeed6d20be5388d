/** Markdown for the generated parts of the docs, from what machine-tree, module-map and decision-index read. */
import { type DecisionRecord } from './decision-index.ts'
import { type ChildActor, type MachineDescription, type StateDescription } from './machine-tree.ts'
import { type EngineFace, type ServerModule } from './module-map.ts'

const code = (text: string): string => `\`${text}\``

function childLabel(child: ChildActor): string {
  const as = child.id && child.id !== child.src ? ` as ${child.id}` : ''
  const system = child.systemId ? `, systemId ${child.systemId}` : ''
  return `${child.how} ${child.src}${as}${system}`
}

/** Lines of a box-drawn tree: `label(node)` per node, `childrenOf(node)` below it. */
function treeLines<T>(
  node: T,
  label: (node: T) => string,
  childrenOf: (node: T) => T[],
  prefix = '',
): string[] {
  const children = childrenOf(node)
  return children.flatMap((child, index) => {
    const last = index === children.length - 1
    const line = `${prefix}${last ? '└─ ' : '├─ '}${label(child)}`
    return [line, ...treeLines(child, label, childrenOf, `${prefix}${last ? '   ' : '│  '}`)]
  })
}

const stateLabel = (state: StateDescription): string =>
  [state.key + (state.type === 'parallel' ? ' (parallel)' : state.type === 'final' ? ' (final)' : '')]
    .concat([...new Set(state.children.map(childLabel))])
    .join(' · ')

/** Which machine runs which: roots are the machines no other machine invokes or spawns. */
export function machineTree(machines: MachineDescription[]): string {
  const byId = new Map(machines.map((machine) => [machine.id, machine]))
  const childrenOf = (machine: MachineDescription): ChildActor[] => allChildren(machine.root)
  const childIds = new Set(machines.flatMap((machine) => childrenOf(machine).map((child) => child.machineId)))
  type Node = { label: string; machine: MachineDescription | undefined }
  const nodeOf = (machine: MachineDescription): Node => ({ label: machine.id, machine })
  // A child spawned by several transitions is one child of the tree.
  const below = (node: Node): Node[] => {
    const children = (node.machine ? childrenOf(node.machine) : []).filter(
      (child) => child.machineId !== undefined,
    )
    const unique = new Map(
      children.map((child) => [`${child.machineId} (${childLabel(child)})`, child.machineId]),
    )
    return [...unique].map(([label, machineId]) => ({ label, machine: byId.get(machineId ?? '') }))
  }
  const roots = machines.filter((machine) => !childIds.has(machine.id)).map(nodeOf)
  return roots.flatMap((root) => [root.label, ...treeLines(root, (node) => node.label, below)]).join('\n')
}

function allChildren(state: StateDescription): ChildActor[] {
  return [...state.children, ...state.states.flatMap(allChildren)]
}

/** One machine's states (nested), with the actors each state invokes or spawns. */
export function stateTree(machine: MachineDescription): string {
  return [stateLabel(machine.root), ...treeLines(machine.root, stateLabel, (state) => state.states)].join(
    '\n',
  )
}

export function machineSections(machines: MachineDescription[]): string {
  return machines
    .map((machine) =>
      [
        `#### ${code(machine.id)} (${code(machine.file)})`,
        machine.tags.length ? `Tags: ${machine.tags.map(code).join(', ')}.` : 'No tags.',
        '```text\n' + stateTree(machine) + '\n```',
      ].join('\n\n'),
    )
    .join('\n\n')
}

export function machineTable(machines: MachineDescription[]): string {
  const rows = machines.map((machine) => {
    const children = [...new Set(allChildren(machine.root).map(childLabel))]
    return `| ${code(machine.id)} | ${code(machine.file.replace(/^machines\//, ''))} | ${machine.tags.map(code).join(', ') || '–'} | ${children.join('; ') || '–'} |`
  })
  return ['| Machine | File | Tags | Child actors |', '| --- | --- | --- | --- |', ...rows].join('\n')
}

export function moduleTable(modules: ServerModule[]): string {
  const rows = modules.map(
    (module) =>
      `| ${code(module.name)} | ${module.hasModuleFile ? code(`${module.name}.module.ts`) : '**missing**'} | ${module.importsFrom.map(code).join(', ') || '–'} |`,
  )
  return ['| Module | Face | Imports from other modules |', '| --- | --- | --- |', ...rows].join('\n')
}

export function engineText(engine: EngineFace): string {
  return [
    `Folders: ${engine.folders.map((folder) => code(`${folder}/`)).join(', ')}, and the entry points at the top level.`,
    `The face, ${code('src/engine/engine.ts')}, exports ${engine.faceExports.map(code).join(', ')}.`,
  ].join(' ')
}

export function decisionTable(records: DecisionRecord[]): string {
  const rows = records.map(
    (record) =>
      `| [${record.number}](${record.file}) | ${record.title} | ${record.status} | ${record.summary} |`,
  )
  return ['| No. | Title | Status | Decision |', '| --- | --- | --- | --- |', ...rows].join('\n')
}
