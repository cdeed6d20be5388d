/**
 * The machines as they are defined: every `machines/<name>/<name>.machine.ts` is imported and its XState definition
 * read (states, tags, invoked and spawned children with their `systemId`s), so the docs cannot drift from the code.
 */
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type AnyStateMachine, type AnyStateNode } from 'xstate'

export type ChildActor = {
  how: 'invokes' | 'spawns'
  src: string
  id: string | undefined
  systemId: string | undefined
  /** The machine id when the child's logic is one of the machines here. */
  machineId: string | undefined
}

export type StateDescription = {
  key: string
  type: string
  children: ChildActor[]
  states: StateDescription[]
}

export type MachineDescription = {
  id: string
  file: string
  exportName: string
  tags: string[]
  root: StateDescription
}

type Implementations = { actors: Record<string, unknown>; actions: Record<string, unknown> }

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value

/** Every `*.machine.ts` below `machinesDir`, sorted by path. */
export function machineFiles(machinesDir: string): string[] {
  return readdirSync(machinesDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.machine.ts'))
    .map((path) => join(machinesDir, path))
    .sort()
}

/** The exported machines of every machine file, in file order. */
export async function loadMachines(root: string): Promise<MachineDescription[]> {
  const loaded: { file: string; exportName: string; machine: AnyStateMachine }[] = []
  for (const file of machineFiles(join(root, 'machines'))) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>
    for (const [exportName, value] of Object.entries(exports)) {
      if (isMachine(value)) loaded.push({ file: relative(root, file), exportName, machine: value })
    }
  }
  const idOf = new Map<unknown, string>(loaded.map(({ machine }) => [machine, machine.id]))
  return loaded.map(({ file, exportName, machine }) => ({
    id: machine.id,
    file,
    exportName,
    tags: tagsOf(machine.root),
    root: describeState(machine.root, machine.implementations as Implementations, idOf),
  }))
}

function tagsOf(node: AnyStateNode): string[] {
  const tags = new Set<string>(node.tags)
  for (const child of Object.values(node.states)) for (const tag of tagsOf(child)) tags.add(tag)
  return [...tags].sort()
}

function describeState(
  node: AnyStateNode,
  impl: Implementations,
  idOf: Map<unknown, string>,
): StateDescription {
  return {
    key: node.key,
    type: node.type,
    children: [...invokedBy(node, impl, idOf), ...spawnedBy(node, impl, idOf)],
    states: Object.values(node.states).map((child) => describeState(child, impl, idOf)),
  }
}

/** The logic behind an actor source: a name in `setup({ actors })` or the logic itself. */
function childOf(how: ChildActor['how'], src: unknown, impl: Implementations, idOf: Map<unknown, string>) {
  const logic = typeof src === 'string' ? impl.actors[src] : src
  const name = typeof src === 'string' ? src : (idOf.get(src) ?? 'inline logic')
  return { how, src: name, machineId: idOf.get(logic) }
}

function invokedBy(node: AnyStateNode, impl: Implementations, idOf: Map<unknown, string>): ChildActor[] {
  return node.invoke.map((invoke) => ({
    ...childOf('invokes', invoke.src, impl, idOf),
    id: invoke.id,
    systemId: invoke.systemId,
  }))
}

type SpawnAction = { type: string; src: unknown; id?: unknown; systemId?: unknown }

const isSpawn = (action: unknown): action is SpawnAction =>
  typeof action === 'function' && (action as { type?: unknown }).type === 'xstate.spawnChild'

/** `spawnChild` actions in the node's entry, exit and transitions (by name through `setup({ actions })` too). */
function spawnedBy(node: AnyStateNode, impl: Implementations, idOf: Map<unknown, string>): ChildActor[] {
  const transitions = [...node.transitions.values()].flat().concat(node.always ?? [])
  const actions = [...node.entry, ...node.exit, ...transitions.flatMap((transition) => transition.actions)]
  return actions
    .map((action) => (typeof action === 'string' ? impl.actions[action] : action))
    .filter(isSpawn)
    .map((spawn) => ({
      ...childOf('spawns', spawn.src, impl, idOf),
      id: typeof spawn.id === 'string' ? spawn.id : undefined,
      systemId: typeof spawn.systemId === 'string' ? spawn.systemId : undefined,
    }))
}
