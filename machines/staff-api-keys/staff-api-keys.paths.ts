import { definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import {
  afterRevoke,
  apiKeys,
  created,
  liveKey,
  revokedKey,
  rotated,
  unavailable,
  WHITE_LABEL_ID,
} from './staff-api-keys.fixtures.ts'
import { staffApiKeysMachine } from './staff-api-keys.machine.ts'

/** Load (failure, retry); create (a label too long refused), the secret copied and dismissed; failures kept. */
export const staffApiKeysCreatePathModel = definePathModel({
  machine: staffApiKeysMachine,
  input: { whiteLabelId: WHITE_LABEL_ID },
  events: [
    doneEvent('loadKeys', apiKeys),
    errorEvent('loadKeys', unavailable),
    { type: 'keys.reload' },
    { type: 'keys.changeLabel', value: 'x'.repeat(101) },
    { type: 'keys.changeLabel', value: 'Staging' },
    { type: 'keys.create' },
    doneEvent('createKey', created),
    errorEvent('createKey', unavailable),
    { type: 'keys.copy' },
    { type: 'keys.dismissSecret' },
  ],
})

/** Rotate a live key (not a revoked one); revoke only after the confirmation, or cancel it. */
export const staffApiKeysRotateRevokePathModel = definePathModel({
  machine: staffApiKeysMachine,
  input: { whiteLabelId: WHITE_LABEL_ID },
  events: [
    doneEvent('loadKeys', apiKeys),
    { type: 'keys.rotate', keyId: liveKey.id },
    { type: 'keys.rotate', keyId: revokedKey.id },
    doneEvent('rotateKey', rotated),
    errorEvent('rotateKey', unavailable),
    { type: 'keys.askRevoke', keyId: liveKey.id },
    { type: 'keys.askRevoke', keyId: revokedKey.id },
    { type: 'keys.cancelRevoke' },
    { type: 'keys.confirmRevoke' },
    doneEvent('revokeKey', afterRevoke),
    errorEvent('revokeKey', unavailable),
  ],
  limit: 3_000,
})
