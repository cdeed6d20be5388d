import { assign, fromPromise, setup } from 'xstate'
import {
  type AnalysisFile,
  type AnalysisTask,
  type AnalysisUploadResponse,
  REPAIR_TASK_MESSAGE,
  type TaskMessageCode,
} from '#shared/contracts/analysis.contract.ts'
import {
  checkUploadCandidate,
  type UploadCandidate,
  type UploadRejection,
} from '#shared/domain/upload-rules.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'
import { SYSTEM_IDS, tell } from '#machines/order-flow/system-ids.ts'

/**
 * The file the user chose. The client sends the browser's `File` (it has `name` and `size`); the machine keeps it
 * only to hand it to the `uploadFile` actor, and shows the plain {@link FileDescriptor} copy.
 */
export type UploadFile = UploadCandidate

/** What the views show of the chosen file: plain data, safe to serialise. */
export type FileDescriptor = { name: string; size: number }

export type Input = {
  /**
   * TASK_POLL_MAX_TRIES in the shop: after this many task answers without a result the upload fails, unless the
   * upload answer names its own limit (`maxPolls`, the server's configuration).
   */
  maxPolls: number
  /**
   * TASK_POLL_INTERVAL_MS: the least time between the starts of two task polls and how long the server may hold a
   * poll (decision 0124); the first poll starts with the upload's answer (decision 0134).
   */
  pollIntervalMs: number
  /** CREATE_NEW_UPLOAD_DELAY_MS: the create-new button opens the file picker after this. */
  createNewDelayMs: number
  /** DEMO_ANALYZING_DELAY_MS: the demo shows 'analyzing' this long before loading. */
  demoDelayMs: number
}

/** Why an upload did not get through: a client-side check, or the API's / analysis' error code. */
export type UploadErrorCode = UploadRejection | ErrorCode

export type Context = Input & {
  /** The chosen file (a copy of its name and size); null before a choice and for the demo. */
  file: FileDescriptor | null
  /** The object the client sent, passed to `uploadFile`. Not part of a path node: it may be a browser File. */
  source: UploadFile | null
  isDemo: boolean
  /** Upload percent while uploading, the task's progress while analysing. */
  progress: number
  taskId: string | null
  objectId: string | null
  /** The task's messages so far, oldest first. */
  messages: TaskMessageCode[]
  /** The analysis is repairing the file: shown as a warning. */
  repairWarning: boolean
  /** Task answers received so far. */
  polls: number
  /** The upload answer's poll limit for this task; null: the input's `maxPolls`. */
  pollLimit: number | null
  error: UploadErrorCode | null
  /**
   * Why a failed analysis failed, as the task's `error.details` name it (`engineCode` such as `no_triangles`, or the
   * worker's `reason`): the view says why and what to do (issue 14, item 8). Null for every other failure.
   */
  errorCause: string | null
  /** The analysed 3D file, once fetched. */
  analysedFile: AnalysisFile | null
}

/** The cause a failed task names in its details (the engine's code, else the worker's reason), if any. */
export const failureCauseOf = (task: AnalysisTask): string | null => {
  const details = task.error?.details
  const cause = details?.['engineCode'] ?? details?.['reason']
  return typeof cause === 'string' ? cause : null
}

export type Event =
  | { type: 'upload.selectFile'; file: UploadFile }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.abort' }
  | { type: 'upload.createNew' }
  | { type: 'upload.startDemo' }
  | { type: 'upload.reset' }

export type Output = { file: AnalysisFile }

/** What the upload tells the order flow: an upload got under way (the order process shows its upload step), or failed. */
export type UploadReport = { type: 'upload.underway' } | { type: 'upload.failed' }

export const UPLOAD_TAGS = ['busy', 'uploading', 'analyzing', 'error', 'repair-warning'] as const
export type UploadTag = (typeof UPLOAD_TAGS)[number]

const clamp = (percent: number): number =>
  Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0

const fresh = {
  file: null,
  source: null,
  isDemo: false,
  progress: 0,
  taskId: null,
  objectId: null,
  messages: [],
  repairWarning: false,
  polls: 0,
  pollLimit: null,
  error: null,
  errorCause: null,
  analysedFile: null,
} satisfies Omit<Context, keyof Input>

const requireValue = <T>(value: T | null, what: string): T => {
  if (value === null) throw new Error(`upload: ${what} is missing`)
  return value
}

/**
 * The upload of a 3D file (spec part 1 §2 upload hero, §4 upload progress states, §5 file checks, §7 analysis
 * calls): checks the file, uploads it with progress (abortable), polls the analysis task, fetches the analysed file
 * and outputs it; also the create-new button's delayed file picker and the demo object.
 */
export const uploadMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    output: {} as Output,
    tags: {} as UploadTag,
  },
  actors: {
    /**
     * Client: `POST /api/analytx/file/` (multipart). Report progress with `input.onProgress(percent)`; abort the
     * request when `signal` aborts (the user aborted, or the actor stopped).
     */
    uploadFile: fromPromise<
      AnalysisUploadResponse,
      { file: UploadFile; onProgress: (percent: number) => void }
    >(async () => {
      throw new Error('upload: uploadFile is not provided')
    }),
    /** Client: upload the demo object; answers like an upload. */
    uploadDemo: fromPromise<AnalysisUploadResponse>(async () => {
      throw new Error('upload: uploadDemo is not provided')
    }),
    /** Client: `GET /api/analytx/task/{taskId}?waitMs`: held by the server up to `waitMs` while nothing changes. */
    fetchTask: fromPromise<AnalysisTask, { taskId: string; waitMs: number }>(async () => {
      throw new Error('upload: fetchTask is not provided')
    }),
    /** Client: `GET /api/analytx/file/{id}`. */
    fetchFile: fromPromise<AnalysisFile, { objectId: string }>(async () => {
      throw new Error('upload: fetchFile is not provided')
    }),
  },
  actions: {
    /** Client: open the browser's file picker (click the hidden file input). */
    openFilePicker: () => {},
    /** The order flow sends the order process back to no order (`upload.failed`; it shows the generic warning). */
    notifyUploadFailed: ({ system }, _params: { code: UploadErrorCode }) => {
      const report: UploadReport = { type: 'upload.failed' }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    /** Entering a state where an upload is under way (or about to open the picker). */
    reportUnderway: ({ system }) => {
      const report: UploadReport = { type: 'upload.underway' }
      tell(system, SYSTEM_IDS.orderFlow, report)
    },
    /** Client: the notice that the file is being repaired. */
    notifyRepairing: () => {},
    clear: assign(fresh),
    rejectFile: assign(({ event }) =>
      event.type === 'upload.selectFile'
        ? {
            ...fresh,
            file: { name: event.file.name, size: event.file.size },
            error: rejectionOf(event.file),
          }
        : {},
    ),
    acceptFile: assign(({ event }) =>
      event.type === 'upload.selectFile'
        ? { ...fresh, file: { name: event.file.name, size: event.file.size }, source: event.file }
        : {},
    ),
    startAnalysis: assign((_, params: { response: AnalysisUploadResponse }) => ({
      taskId: params.response.taskId,
      objectId: params.response.createdObject._id,
      progress: 0,
      messages: [],
      polls: 0,
      pollLimit: params.response.maxPolls ?? null,
      source: null,
    })),
    applyTask: assign(({ context }, params: { task: AnalysisTask }) => ({
      polls: context.polls + 1,
      progress: clamp(params.task.progress),
      messages: params.task.messages,
      repairWarning: context.repairWarning || params.task.messages.includes(REPAIR_TASK_MESSAGE),
    })),
    fail: assign((_, params: { code: UploadErrorCode; cause?: string | null }) => ({
      error: params.code,
      errorCause: params.cause ?? null,
    })),
  },
  guards: {
    isRejected: (_, params: { file: UploadFile }) => !checkUploadCandidate(params.file).ok,
    /**
     * The file can be read: the analysis completed, or it stored the measures and goes on with the wall thickness
     * and the pictures (decision 0124 §2: the configure view then waits for those itself).
     */
    isReadable: (_, params: { task: AnalysisTask }) =>
      params.task.state === 'completed' || (params.task.state === 'running' && params.task.measured === true),
    isFailed: (_, params: { task: AnalysisTask }) => params.task.state === 'failed',
    /** This answer is the last one allowed. */
    isLastPoll: ({ context }) => context.polls + 1 >= (context.pollLimit ?? context.maxPolls),
    isRepairing: ({ context }) => context.repairWarning,
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
    createNewDelay: ({ context }) => context.createNewDelayMs,
    demoDelay: ({ context }) => context.demoDelayMs,
  },
}).createMachine({
  id: 'upload',
  initial: 'beforeUpload',
  context: ({ input }) => ({ ...input, ...fresh }),
  output: ({ context }) => ({ file: requireValue(context.analysedFile, 'the analysed file') }),
  states: {
    // Waiting for a file (or the demo). Also where a rejected file and a failed upload wait for the next try.
    beforeUpload: {
      initial: 'idle',
      on: {
        'upload.selectFile': [
          {
            guard: { type: 'isRejected', params: ({ event }) => ({ file: event.file }) },
            target: '.rejected',
            actions: 'rejectFile',
          },
          { target: 'uploading', actions: 'acceptFile' },
        ],
        'upload.createNew': { target: 'openingPicker', actions: 'clear' },
        'upload.startDemo': { target: 'demoAnalyzing', actions: ['clear', assign({ isDemo: true })] },
      },
      states: {
        idle: {},
        // The chosen file failed a client-side check: `error` is file_too_large or unsupported_file_type.
        rejected: {
          tags: 'error',
          on: { 'upload.reset': { target: 'idle', actions: 'clear' } },
        },
        // The upload or the analysis failed (`error` has the code); the generic warning was notified.
        failed: {
          tags: 'error',
          on: { 'upload.reset': { target: 'idle', actions: 'clear' } },
        },
      },
    },
    // The create-new button: the picker opens a moment later (the upload view mounts first).
    openingPicker: {
      entry: 'reportUnderway',
      after: { createNewDelay: { target: 'beforeUpload', actions: 'openFilePicker' } },
      on: { 'upload.abort': { target: 'beforeUpload' } },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      entry: 'reportUnderway',
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context, self }) => ({
          file: requireValue(context.source, 'the chosen file'),
          onProgress: (percent: number) => self.send({ type: 'upload.progress', percent }),
        }),
        onDone: {
          target: 'analyzing',
          actions: { type: 'startAnalysis', params: ({ event }) => ({ response: event.output }) },
        },
        onError: {
          target: 'beforeUpload.failed',
          actions: [
            { type: 'fail', params: ({ event }) => ({ code: errorCodeOf(event.error) }) },
            { type: 'notifyUploadFailed', params: ({ event }) => ({ code: errorCodeOf(event.error) }) },
          ],
        },
      },
      on: {
        'upload.progress': { actions: assign({ progress: ({ event }) => clamp(event.percent) }) },
        // Leaving the state stops the actor, which aborts the request.
        'upload.abort': { target: 'beforeUpload', actions: 'clear' },
      },
    },
    // The demo: 'analyzing' for a moment, then the demo object is uploaded and analysed like a file.
    demoAnalyzing: {
      tags: ['busy', 'analyzing'],
      entry: 'reportUnderway',
      initial: 'waiting',
      on: { 'upload.abort': { target: 'beforeUpload', actions: 'clear' } },
      states: {
        waiting: { after: { demoDelay: 'loading' } },
        loading: {
          invoke: {
            id: 'uploadDemo',
            src: 'uploadDemo',
            onDone: {
              target: '#upload.analyzing',
              actions: { type: 'startAnalysis', params: ({ event }) => ({ response: event.output }) },
            },
            onError: {
              target: '#upload.beforeUpload.failed',
              actions: [
                { type: 'fail', params: ({ event }) => ({ code: errorCodeOf(event.error) }) },
                { type: 'notifyUploadFailed', params: ({ event }) => ({ code: errorCodeOf(event.error) }) },
              ],
            },
          },
        },
      },
    },
    analyzing: {
      tags: ['busy', 'analyzing'],
      entry: 'reportUnderway',
      type: 'parallel',
      on: { 'upload.abort': { target: 'beforeUpload', actions: 'clear' } },
      states: {
        task: {
          // The first poll at once (decision 0134): the server holds it until the measures are stored, which is
          // 0.1-0.2 s after the upload's answer when the analysis child is warm, so the form opens on them.
          initial: 'polling',
          states: {
            /**
             * One task poll (decision 0124): the server holds it up to the poll interval while nothing changes, so a
             * result is known as soon as it is stored; the next poll starts once the answer is in and the interval
             * since this poll's start has passed (a server that answers at once is still polled once a second).
             */
            polling: {
              type: 'parallel',
              onDone: { target: 'polling', reenter: true },
              states: {
                request: {
                  initial: 'pending',
                  states: {
                    pending: {
                      invoke: {
                        id: 'fetchTask',
                        src: 'fetchTask',
                        input: ({ context }) => ({
                          taskId: requireValue(context.taskId, 'the task id'),
                          waitMs: context.pollIntervalMs,
                        }),
                        onDone: [
                          {
                            guard: { type: 'isReadable', params: ({ event }) => ({ task: event.output }) },
                            target: '#upload.analyzing.task.fetchingFile',
                            actions: { type: 'applyTask', params: ({ event }) => ({ task: event.output }) },
                          },
                          {
                            guard: { type: 'isFailed', params: ({ event }) => ({ task: event.output }) },
                            target: '#upload.beforeUpload.failed',
                            actions: [
                              { type: 'applyTask', params: ({ event }) => ({ task: event.output }) },
                              {
                                type: 'fail',
                                params: ({ event }) => ({
                                  code: event.output.error?.code ?? ErrorCode.AnalysisFailed,
                                  cause: failureCauseOf(event.output),
                                }),
                              },
                              {
                                type: 'notifyUploadFailed',
                                params: ({ event }) => ({
                                  code: event.output.error?.code ?? ErrorCode.AnalysisFailed,
                                }),
                              },
                            ],
                          },
                          {
                            guard: 'isLastPoll',
                            target: '#upload.beforeUpload.failed',
                            actions: [
                              { type: 'applyTask', params: ({ event }) => ({ task: event.output }) },
                              { type: 'fail', params: { code: ErrorCode.AnalysisTimeout } },
                              { type: 'notifyUploadFailed', params: { code: ErrorCode.AnalysisTimeout } },
                            ],
                          },
                          {
                            target: 'answered',
                            actions: { type: 'applyTask', params: ({ event }) => ({ task: event.output }) },
                          },
                        ],
                        onError: {
                          target: '#upload.beforeUpload.failed',
                          actions: [
                            { type: 'fail', params: ({ event }) => ({ code: errorCodeOf(event.error) }) },
                            {
                              type: 'notifyUploadFailed',
                              params: ({ event }) => ({ code: errorCodeOf(event.error) }),
                            },
                          ],
                        },
                      },
                    },
                    answered: { type: 'final' },
                  },
                },
                interval: {
                  initial: 'running',
                  states: {
                    running: { after: { pollInterval: 'over' } },
                    over: { type: 'final' },
                  },
                },
              },
            },
            fetchingFile: {
              invoke: {
                id: 'fetchFile',
                src: 'fetchFile',
                input: ({ context }) => ({ objectId: requireValue(context.objectId, 'the object id') }),
                onDone: {
                  target: '#upload.done',
                  actions: assign({ analysedFile: ({ event }) => event.output, progress: 100 }),
                },
                onError: {
                  target: '#upload.beforeUpload.failed',
                  actions: [
                    { type: 'fail', params: ({ event }) => ({ code: errorCodeOf(event.error) }) },
                    {
                      type: 'notifyUploadFailed',
                      params: ({ event }) => ({ code: errorCodeOf(event.error) }),
                    },
                  ],
                },
              },
            },
          },
        },
        // The repair warning: once a task answer says the file is being repaired, it stays for this analysis.
        repair: {
          initial: 'none',
          states: {
            none: { always: { guard: 'isRepairing', target: 'warned' } },
            warned: { tags: 'repair-warning', entry: 'notifyRepairing' },
          },
        },
      },
    },
    done: { type: 'final' },
  },
})

function rejectionOf(file: UploadFile): UploadRejection | null {
  const check = checkUploadCandidate(file)
  return check.ok ? null : check.code
}
