import { type AnyMachineSnapshot, type AnyStateMachine, type Snapshot, type SnapshotFrom } from 'xstate'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { type PathModel, stableStringify, statesOf } from '#tests/graph/path-testing.ts'

/**
 * Stories of the order pages: the persisted snapshot of the first (shortest) state one of a machine's path models
 * reaches that `matches` picks, told apart by state value and context (as the account stories do).
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

/** A fetch for screen stories: JSON answers by path (GET), an error body with the status, anything else never. */
export function storyApiFetch(answers: Record<string, { status: number; body: unknown }>): typeof fetch {
  return (input) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop',
    )
    const answer = answers[url.pathname]
    if (!answer) return new Promise<Response>(() => {})
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    )
  }
}

export const notFoundAnswer = {
  status: 404,
  body: { error: { code: ErrorCode.NotFound, status: 404, message: 'Not found' } },
}
