import { assign, fromPromise, setup } from 'xstate'
import { CreateApiKeySchema, type StaffApiKey } from '#shared/contracts/staff-catalogue.contract.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

export type Input = { whiteLabelId: string }

/** A key just made (create or rotate): the only time its secret is known (decision 0106). */
export type ShownSecret = { key: string; label: string; rotated: boolean }
/** What create and rotate hand over: the new key's secret and the list as it is now (a rotation ends the old key). */
export type KeyChange = { key: string; apiKey: StaffApiKey; apiKeys: readonly StaffApiKey[] }

export type Context = {
  whiteLabelId: string
  apiKeys: readonly StaffApiKey[]
  /** The label of the next key. */
  label: string
  secret: ShownSecret | null
  copied: boolean
  /** The key whose revocation waits for the confirmation. */
  revokeId: string | null
  /** Why loading failed. */
  error: ErrorCode | null
  /** Why the last create, rotate or revoke failed. */
  actionError: ErrorCode | null
}

export type Event =
  | { type: 'keys.reload' }
  | { type: 'keys.changeLabel'; value: string }
  | { type: 'keys.create' }
  | { type: 'keys.rotate'; keyId: string }
  | { type: 'keys.askRevoke'; keyId: string }
  | { type: 'keys.cancelRevoke' }
  | { type: 'keys.confirmRevoke' }
  | { type: 'keys.copy' }
  | { type: 'keys.dismissSecret' }

export const STAFF_API_KEYS_TAGS = ['loading', 'load-failed', 'list', 'busy', 'confirming'] as const
export type StaffApiKeysTag = (typeof STAFF_API_KEYS_TAGS)[number]

/** The create body: the label by the contract's rule (empty means the contract's default), or null when refused. */
export function createBodyOf(label: string): { label?: string } | null {
  if (label.trim() === '') return {}
  return CreateApiKeySchema.safeParse({ label }).success ? { label: label.trim() } : null
}

const isLive = (context: Context, keyId: string) =>
  context.apiKeys.some((key) => key.id === keyId && key.active && key.expiresAt === null)

/**
 * A white label's API keys (issue 17, decision 0106): the list (only the last four characters of each), create with
 * a label, rotate (the old key keeps working for a grace period), revoke after a confirmation. A new key's secret
 * shows once, with copy, until dismissed.
 */
export const staffApiKeysMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as StaffApiKeysTag,
  },
  actors: {
    /** Client: `GET /api/staff/white-labels/{id}/api-keys`. */
    loadKeys: fromPromise<readonly StaffApiKey[], { whiteLabelId: string }>(async () => {
      throw new Error('staffApiKeys: loadKeys is not provided')
    }),
    /** Client: `POST …/api-keys`, then the list. */
    createKey: fromPromise<KeyChange, { whiteLabelId: string; body: { label?: string } }>(async () => {
      throw new Error('staffApiKeys: createKey is not provided')
    }),
    /** Client: `POST …/api-keys/{keyId}/rotate`, then the list. */
    rotateKey: fromPromise<KeyChange, { whiteLabelId: string; keyId: string }>(async () => {
      throw new Error('staffApiKeys: rotateKey is not provided')
    }),
    /** Client: `DELETE …/api-keys/{keyId}`, then the list. */
    revokeKey: fromPromise<readonly StaffApiKey[], { whiteLabelId: string; keyId: string }>(async () => {
      throw new Error('staffApiKeys: revokeKey is not provided')
    }),
  },
  actions: {
    /** Client: writes the secret to the clipboard. */
    copySecret: (_, _params: { key: string }) => {},
    setKeys: assign((_, params: { apiKeys: readonly StaffApiKey[] }) => ({
      apiKeys: params.apiKeys,
      error: null,
    })),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    setActionError: assign((_, params: { error: ErrorCode }) => ({
      actionError: params.error,
      revokeId: null,
    })),
    setLabel: assign((_, params: { value: string }) => ({ label: params.value })),
    showSecret: assign((_, params: { change: KeyChange; rotated: boolean }) => ({
      apiKeys: params.change.apiKeys,
      secret: { key: params.change.key, label: params.change.apiKey.label, rotated: params.rotated },
      copied: false,
      label: '',
      actionError: null,
    })),
    markCopied: assign({ copied: true }),
    dismissSecret: assign({ secret: null, copied: false }),
    askRevoke: assign((_, params: { keyId: string }) => ({ revokeId: params.keyId, actionError: null })),
    cancelRevoke: assign({ revokeId: null }),
    setRevoked: assign((_, params: { apiKeys: readonly StaffApiKey[] }) => ({
      apiKeys: params.apiKeys,
      revokeId: null,
      actionError: null,
    })),
  },
  guards: {
    isValidLabel: ({ context }) => createBodyOf(context.label) !== null,
    /** Only a live key that was not rotated yet can be rotated (409 otherwise). */
    isRotatable: ({ context, event }) => event.type === 'keys.rotate' && isLive(context, event.keyId),
    isRevocable: ({ context, event }) =>
      event.type === 'keys.askRevoke' && context.apiKeys.some((key) => key.id === event.keyId && key.active),
    hasSecret: ({ context }) => context.secret !== null,
  },
}).createMachine({
  id: 'staffApiKeys',
  initial: 'loading',
  context: ({ input }) => ({
    whiteLabelId: input.whiteLabelId,
    apiKeys: [],
    label: '',
    secret: null,
    copied: false,
    revokeId: null,
    error: null,
    actionError: null,
  }),
  on: {
    'keys.changeLabel': { actions: { type: 'setLabel', params: ({ event }) => ({ value: event.value }) } },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadKeys',
        src: 'loadKeys',
        input: ({ context }) => ({ whiteLabelId: context.whiteLabelId }),
        onDone: {
          target: 'shown',
          actions: { type: 'setKeys', params: ({ event }) => ({ apiKeys: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: { tags: 'load-failed', on: { 'keys.reload': 'loading' } },
    shown: {
      initial: 'idle',
      on: {
        'keys.copy': {
          guard: 'hasSecret',
          actions: [
            { type: 'copySecret', params: ({ context }) => ({ key: context.secret?.key ?? '' }) },
            'markCopied',
          ],
        },
        'keys.dismissSecret': { actions: 'dismissSecret' },
      },
      states: {
        idle: {
          tags: 'list',
          on: {
            'keys.create': { guard: 'isValidLabel', target: 'creating' },
            'keys.rotate': { guard: 'isRotatable', target: 'rotating' },
            'keys.askRevoke': {
              guard: 'isRevocable',
              target: 'confirmingRevoke',
              actions: { type: 'askRevoke', params: ({ event }) => ({ keyId: event.keyId }) },
            },
          },
        },
        creating: {
          tags: ['list', 'busy'],
          invoke: {
            id: 'createKey',
            src: 'createKey',
            input: ({ context }) => ({
              whiteLabelId: context.whiteLabelId,
              body: createBodyOf(context.label) ?? {},
            }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'showSecret',
                params: ({ event }) => ({ change: event.output, rotated: false }),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'setActionError',
                params: ({ event }) => ({ error: errorCodeOf(event.error) }),
              },
            },
          },
        },
        rotating: {
          tags: ['list', 'busy'],
          invoke: {
            id: 'rotateKey',
            src: 'rotateKey',
            input: ({ context, event }) => ({
              whiteLabelId: context.whiteLabelId,
              keyId: event.type === 'keys.rotate' ? event.keyId : '',
            }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'showSecret',
                params: ({ event }) => ({ change: event.output, rotated: true }),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'setActionError',
                params: ({ event }) => ({ error: errorCodeOf(event.error) }),
              },
            },
          },
        },
        confirmingRevoke: {
          tags: ['list', 'confirming'],
          on: {
            'keys.cancelRevoke': { target: 'idle', actions: 'cancelRevoke' },
            'keys.confirmRevoke': 'revoking',
          },
        },
        revoking: {
          tags: ['list', 'busy'],
          invoke: {
            id: 'revokeKey',
            src: 'revokeKey',
            input: ({ context }) => ({ whiteLabelId: context.whiteLabelId, keyId: context.revokeId ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'setRevoked', params: ({ event }) => ({ apiKeys: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'setActionError',
                params: ({ event }) => ({ error: errorCodeOf(event.error) }),
              },
            },
          },
        },
      },
    },
  },
})
