import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { uploadMachine } from './upload.machine.ts'
import {
  analysedFile,
  completedTask,
  demoResponse,
  measuredTask,
  failedTask,
  repairingTask,
  tooComplexTask,
  runningTask,
  tooLargeFile,
  unsupportedFile,
  uploadResponse,
  validFile,
} from './upload.fixtures.ts'

/** Small limits: two polls reach the timeout; delays are simulated anyway. */
export const uploadTestInput = {
  maxPolls: 2,
  pollIntervalMs: 1_000,
  createNewDelayMs: 500,
  demoDelayMs: 3_000,
}

/**
 * Path model of the upload: valid, too large and unsupported files; progress and abort; the create-new picker; the
 * demo; task answers running, repairing, measured,
 * completed and failed; every call failing; the poll limit.
 */
export const uploadPathModel = definePathModel({
  machine: uploadMachine,
  input: uploadTestInput,
  events: [
    { type: 'upload.selectFile', file: validFile },
    { type: 'upload.selectFile', file: tooLargeFile },
    { type: 'upload.selectFile', file: unsupportedFile },
    { type: 'upload.progress', percent: 40 },
    { type: 'upload.abort' },
    { type: 'upload.createNew' },
    { type: 'upload.startDemo' },
    { type: 'upload.reset' },
    doneEvent('uploadFile', uploadResponse),
    errorEvent('uploadFile', { status: 413, code: 'payload_too_large' }),
    doneEvent('uploadDemo', demoResponse),
    errorEvent('uploadDemo'),
    doneEvent('fetchTask', runningTask),
    doneEvent('fetchTask', repairingTask),
    doneEvent('fetchTask', completedTask),
    doneEvent('fetchTask', measuredTask),
    doneEvent('fetchTask', failedTask),
    doneEvent('fetchTask', tooComplexTask),
    errorEvent('fetchTask'),
    doneEvent('fetchFile', analysedFile),
    errorEvent('fetchFile'),
    ...afterEvents(uploadMachine),
  ],
  // The chosen file object itself is the client's (a browser File): not part of a node.
  serializeContext: ({ source: _source, ...context }) => context,
})
