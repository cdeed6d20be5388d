import { type AnyMachineSnapshot, type AnyStateMachine, type Snapshot, type SnapshotFrom } from 'xstate'
import { type PathModel, stableStringify, statesOf } from '#tests/graph/path-testing.ts'

/**
 * Stories driven from machine states (account, order and staff pages): the persisted snapshot of the first (shortest) state that one of a machine's
 * path models reaches and that `matches` picks, told apart by state value and context.
 */
export function reachedState<TMachine extends AnyStateMachine>(
  what: string,
  models: readonly PathModel<TMachine>[],
  matches: (snapshot: SnapshotFrom<TMachine>) => boolean,
): Snapshot<unknown> {
  const key = (snapshot: SnapshotFrom<TMachine>) => {
    const { value, context } = snapshot as AnyMachineSnapshot
    return stableStringify({ value, context })
  }
  for (const model of models) {
    const found = statesOf(model, { key }).find(({ snapshot }) => matches(snapshot))
    if (found) return found.persisted
  }
  throw new Error(`${what}: no reachable state matches`)
}
