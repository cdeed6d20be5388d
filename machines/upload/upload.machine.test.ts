import { SimulatedClock, createActor, fromPromise, toPromise } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { AnalysisTask, AnalysisUploadResponse } from '#shared/contracts/analysis.contract.ts'
import { statesOf } from '#tests/graph/path-testing.ts'
import { UPLOAD_TAGS, type UploadFile, uploadMachine } from './upload.machine.ts'
import { uploadPathModel, uploadTestInput } from './upload.paths.ts'
import {
  analysedFile,
  completedTask,
  demoResponse,
  failedTask,
  measuredTask,
  repairingTask,
  runningTask,
  tooLargeFile,
  unsupportedFile,
  uploadResponse,
  validFile,
} from './upload.fixtures.ts'

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve()
}

type Deferred<T> = { resolve: (value: T) => void; reject: (error: unknown) => void }

/** Starts the machine with fakes: the upload waits for the test; task answers come from `tasks` in turn. */
const start = (tasks: Array<AnalysisTask | Error> = [completedTask], maxPolls = uploadTestInput.maxPolls) => {
  const clock = new SimulatedClock()
  const uploads: Array<
    Deferred<AnalysisUploadResponse> & {
      file: UploadFile
      onProgress: (p: number) => void
      signal: AbortSignal
    }
  > = []
  const fetchTask = vi.fn(async ({ input }: { input: { taskId: string; waitMs: number } }) => {
    const answer = tasks.shift() ?? runningTask
    if (answer instanceof Error) throw answer
    return { ...answer, taskId: input.taskId }
  })
  const fetchFile = vi.fn(async (_: { input: { objectId: string } }) => analysedFile)
  const uploadDemo = vi.fn(async () => demoResponse)
  const openFilePicker = vi.fn()
  const notifyUploadFailed = vi.fn()
  const notifyRepairing = vi.fn()
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        uploadFile: fromPromise(
          ({ input, signal }) =>
            new Promise<AnalysisUploadResponse>((resolve, reject) => {
              uploads.push({ resolve, reject, file: input.file, onProgress: input.onProgress, signal })
            }),
        ),
        uploadDemo: fromPromise(uploadDemo),
        fetchTask: fromPromise(fetchTask),
        fetchFile: fromPromise(fetchFile),
      },
      actions: {
        openFilePicker,
        notifyUploadFailed: (_, params) => notifyUploadFailed(params),
        notifyRepairing,
      },
    }),
    { input: { ...uploadTestInput, maxPolls }, clock },
  ).start()
  const snapshot = () => actor.getSnapshot()
  const tags = () => UPLOAD_TAGS.filter((tag) => snapshot().hasTag(tag))
  /** Lets `ms` pass and the promises it started settle. */
  const elapse = async (ms: number) => {
    clock.increment(ms)
    await flush()
  }
  const lastUpload = () => {
    const upload = uploads.at(-1)
    if (!upload) throw new Error('no upload started')
    return upload
  }
  return {
    actor,
    clock,
    snapshot,
    tags,
    elapse,
    lastUpload,
    uploads,
    fetchTask,
    fetchFile,
    uploadDemo,
    openFilePicker,
    notifyUploadFailed,
    notifyRepairing,
  }
}

/** Selects the valid file and lets the upload succeed. */
const uploaded = async (tasks?: Array<AnalysisTask | Error>, maxPolls?: number) => {
  const started = start(tasks, maxPolls)
  started.actor.send({ type: 'upload.selectFile', file: validFile })
  started.lastUpload().resolve(uploadResponse)
  await flush()
  return started
}

describe('uploadMachine', () => {
  it('waits for a file, not busy', () => {
    const { snapshot, tags } = start()
    expect(snapshot().value).toEqual({ beforeUpload: 'idle' })
    expect(tags()).toEqual([])
    expect(snapshot().context).toMatchObject({ file: null, progress: 0, error: null, messages: [] })
  })

  it('rejects a file over 100 MB or of an unsupported type before uploading (spec part 1 §5)', () => {
    const { actor, snapshot, tags, uploads } = start()
    actor.send({ type: 'upload.selectFile', file: tooLargeFile })
    expect(snapshot().value).toEqual({ beforeUpload: 'rejected' })
    expect(snapshot().context.error).toBe('file_too_large')
    expect(tags()).toEqual(['error'])

    actor.send({ type: 'upload.selectFile', file: unsupportedFile })
    expect(snapshot().context.error).toBe('unsupported_file_type')
    expect(snapshot().context.file).toEqual(unsupportedFile)
    expect(uploads).toHaveLength(0)

    actor.send({ type: 'upload.reset' })
    expect(snapshot().value).toEqual({ beforeUpload: 'idle' })
    expect(snapshot().context.error).toBeNull()
  })

  it('uploads an accepted file (extension case-insensitive) and shows its progress', () => {
    const { actor, snapshot, tags, lastUpload } = start()
    const file = new File(['solid part'], 'Bracket.STL')
    actor.send({ type: 'upload.selectFile', file })
    expect(snapshot().value).toBe('uploading')
    expect(tags()).toEqual(['busy', 'uploading'])
    // The actor gets the very File object; the context keeps a plain copy.
    expect(lastUpload().file).toBe(file)
    expect(snapshot().context.file).toEqual({ name: 'Bracket.STL', size: file.size })

    lastUpload().onProgress(42)
    expect(snapshot().context.progress).toBe(42)
    lastUpload().onProgress(140)
    expect(snapshot().context.progress).toBe(100)
  })

  it('aborting stops the upload and resets the state', async () => {
    const { actor, snapshot, tags, lastUpload } = start()
    actor.send({ type: 'upload.selectFile', file: validFile })
    lastUpload().onProgress(30)
    actor.send({ type: 'upload.abort' })
    expect(lastUpload().signal.aborted).toBe(true)
    expect(snapshot().value).toEqual({ beforeUpload: 'idle' })
    expect(tags()).toEqual([])
    expect(snapshot().context).toMatchObject({ file: null, progress: 0, taskId: null })
    // A late answer of the stopped upload changes nothing.
    lastUpload().resolve(uploadResponse)
    await flush()
    expect(snapshot().value).toEqual({ beforeUpload: 'idle' })
  })

  it('polls the task as soon as the upload is answered, then every interval; shows its messages, fetches the file and outputs it', async () => {
    const { actor, snapshot, tags, elapse, fetchTask, fetchFile } = await uploaded([
      runningTask,
      completedTask,
    ])
    expect(tags()).toEqual(['busy', 'analyzing'])
    // The first poll without a wait (decision 0134); the server may hold it up to the interval (decision 0124).
    expect(fetchTask).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ input: { taskId: 'task-1', waitMs: uploadTestInput.pollIntervalMs } }),
    )
    expect(snapshot().context).toMatchObject({
      taskId: 'task-1',
      objectId: 'object-1',
      messages: runningTask.messages,
      progress: 30,
      polls: 1,
    })
    await elapse(uploadTestInput.pollIntervalMs - 1)
    expect(fetchTask).toHaveBeenCalledTimes(1)

    await elapse(1)
    expect(fetchTask).toHaveBeenCalledTimes(2)
    expect(fetchFile).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ input: { objectId: 'object-1' } }),
    )
    expect(snapshot().status).toBe('done')
    expect(snapshot().context.messages).toEqual(completedTask.messages)
    expect(await toPromise(actor)).toEqual({ file: analysedFile })
  })

  it('fetches the file as soon as the task says it is measured, without waiting for the whole analysis', async () => {
    const { actor, snapshot, elapse, fetchTask, fetchFile } = await uploaded([runningTask, measuredTask])
    expect(fetchFile).not.toHaveBeenCalled()
    await elapse(uploadTestInput.pollIntervalMs)
    expect(fetchTask).toHaveBeenCalledTimes(2)
    expect(fetchFile).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ input: { objectId: 'object-1' } }),
    )
    expect(snapshot().status).toBe('done')
    expect(await toPromise(actor)).toEqual({ file: analysedFile })
  })

  it('starts the next poll when the answer is in and one interval has passed since the poll began (held polls)', async () => {
    const answers: Array<(task: AnalysisTask) => void> = []
    const started = start()
    const held = vi.fn(
      ({ input }: { input: { taskId: string; waitMs: number } }) =>
        new Promise<AnalysisTask>((resolve) =>
          answers.push((task) => resolve({ ...task, taskId: input.taskId })),
        ),
    )
    const actor = createActor(
      uploadMachine.provide({
        actors: {
          uploadFile: fromPromise(async () => uploadResponse),
          fetchTask: fromPromise(held),
          fetchFile: fromPromise(async () => analysedFile),
        },
      }),
      { input: { ...uploadTestInput, maxPolls: 10 }, clock: started.clock },
    ).start()
    actor.send({ type: 'upload.selectFile', file: validFile })
    await flush()
    // The first poll with the upload's answer, held by the server.
    expect(held).toHaveBeenCalledTimes(1)
    // A server holding the poll: the interval passes first, the answer (no result yet) comes after it.
    await started.elapse(uploadTestInput.pollIntervalMs)
    expect(held).toHaveBeenCalledTimes(1)
    answers.shift()!(runningTask)
    await flush()
    // Both are done: the next poll at once, without another wait.
    expect(held).toHaveBeenCalledTimes(2)
    // The result while that poll is held: known at once, the file fetched.
    answers.shift()!(completedTask)
    await flush()
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('warns once that the file is being repaired, for the rest of the analysis (tag repair-warning)', async () => {
    const { snapshot, tags, elapse, notifyRepairing } = await uploaded([repairingTask, runningTask], 5)
    await elapse(uploadTestInput.pollIntervalMs)
    expect(snapshot().context.repairWarning).toBe(true)
    expect(tags()).toEqual(['busy', 'analyzing', 'repair-warning'])
    expect(notifyRepairing).toHaveBeenCalledTimes(1)
    // The next answer no longer lists it first; the warning stays.
    await elapse(uploadTestInput.pollIntervalMs)
    expect(tags()).toContain('repair-warning')
    expect(notifyRepairing).toHaveBeenCalledTimes(1)
  })

  it('fails with the task error and the generic warning when the analysis fails', async () => {
    const { snapshot, tags, elapse, notifyUploadFailed, fetchFile } = await uploaded([failedTask])
    await elapse(uploadTestInput.pollIntervalMs)
    expect(snapshot().value).toEqual({ beforeUpload: 'failed' })
    expect(tags()).toEqual(['error'])
    expect(snapshot().context.error).toBe('unsupported_file_type')
    expect(notifyUploadFailed).toHaveBeenCalledExactlyOnceWith({ code: 'unsupported_file_type' })
    expect(fetchFile).not.toHaveBeenCalled()
  })

  it('gives up after maxPolls answers without a result (analysis_timeout)', async () => {
    const { snapshot, elapse, fetchTask, notifyUploadFailed } = await uploaded([
      runningTask,
      runningTask,
      runningTask,
    ])
    for (let poll = 0; poll < 5; poll += 1) await elapse(uploadTestInput.pollIntervalMs)
    expect(fetchTask).toHaveBeenCalledTimes(uploadTestInput.maxPolls)
    expect(snapshot().value).toEqual({ beforeUpload: 'failed' })
    expect(snapshot().context.error).toBe('analysis_timeout')
    expect(notifyUploadFailed).toHaveBeenCalledExactlyOnceWith({ code: 'analysis_timeout' })
  })

  it("takes the upload answer's poll limit over its input (the server's configuration), for that task only", async () => {
    const started = start([], 100)
    started.actor.send({ type: 'upload.selectFile', file: validFile })
    started.lastUpload().resolve({ ...uploadResponse, maxPolls: 3 })
    await flush()
    for (let poll = 0; poll < 5; poll += 1) await started.elapse(uploadTestInput.pollIntervalMs)
    expect(started.fetchTask).toHaveBeenCalledTimes(3)
    expect(started.snapshot().context.error).toBe('analysis_timeout')

    // The next upload's answer names no limit: the input's applies again.
    started.actor.send({ type: 'upload.reset' })
    started.actor.send({ type: 'upload.selectFile', file: validFile })
    started.lastUpload().resolve(uploadResponse)
    await flush()
    // One poll at once, then one per interval: six in five intervals, none of them the last allowed.
    for (let poll = 0; poll < 5; poll += 1) await started.elapse(uploadTestInput.pollIntervalMs)
    expect(started.fetchTask).toHaveBeenCalledTimes(9)
    expect(started.snapshot().value).toMatchObject({
      analyzing: { task: { polling: { request: 'answered', interval: 'running' } } },
    })
  })

  it('fails when a call fails: the upload (with its code), a task poll, the file fetch', async () => {
    const rejected = start()
    rejected.actor.send({ type: 'upload.selectFile', file: validFile })
    rejected.lastUpload().reject({ status: 413, code: 'payload_too_large' })
    await flush()
    expect(rejected.snapshot().context.error).toBe('payload_too_large')
    expect(rejected.notifyUploadFailed).toHaveBeenCalledExactlyOnceWith({ code: 'payload_too_large' })

    const polling = await uploaded([new TypeError('Failed to fetch')])
    await polling.elapse(uploadTestInput.pollIntervalMs)
    expect(polling.snapshot().value).toEqual({ beforeUpload: 'failed' })
    expect(polling.snapshot().context.error).toBe('internal_error')

    const fetching = start([completedTask])
    fetching.fetchFile.mockRejectedValueOnce({ status: 404, code: 'not_found' })
    fetching.actor.send({ type: 'upload.selectFile', file: validFile })
    fetching.lastUpload().resolve(uploadResponse)
    await flush()
    expect(fetching.snapshot().context.error).toBe('not_found')
    expect(fetching.notifyUploadFailed).toHaveBeenCalledTimes(1)
  })

  it('after a failure the next file starts a new upload; reset clears the error', async () => {
    const { actor, snapshot, elapse, uploads } = await uploaded([failedTask])
    await elapse(uploadTestInput.pollIntervalMs)
    actor.send({ type: 'upload.selectFile', file: validFile })
    expect(snapshot().value).toBe('uploading')
    expect(uploads).toHaveLength(2)
    expect(snapshot().context).toMatchObject({ error: null, messages: [], polls: 0, repairWarning: false })
  })

  it('the create-new button opens the file picker after the delay', async () => {
    const { actor, snapshot, elapse, openFilePicker } = start()
    actor.send({ type: 'upload.createNew' })
    expect(snapshot().value).toBe('openingPicker')
    await elapse(uploadTestInput.createNewDelayMs - 1)
    expect(openFilePicker).not.toHaveBeenCalled()
    await elapse(1)
    expect(openFilePicker).toHaveBeenCalledTimes(1)
    expect(snapshot().value).toEqual({ beforeUpload: 'idle' })
  })

  it("the demo shows 'analyzing' for the demo delay, then loads the demo object and analyses it", async () => {
    const { actor, snapshot, tags, elapse, uploadDemo, uploads } = start([completedTask])
    actor.send({ type: 'upload.startDemo' })
    expect(tags()).toEqual(['busy', 'analyzing'])
    expect(snapshot().context.isDemo).toBe(true)
    await elapse(uploadTestInput.demoDelayMs - 1)
    expect(uploadDemo).not.toHaveBeenCalled()
    await elapse(1)
    expect(uploadDemo).toHaveBeenCalledTimes(1)
    // Its task polled at once: the completed analysis, the file fetched.
    expect(snapshot().context).toMatchObject({ taskId: 'task-demo', objectId: 'object-demo' })
    expect(snapshot().status).toBe('done')
    expect(uploads).toHaveLength(0)
  })

  it('the demo and the analysis can be aborted too', async () => {
    const demo = start()
    demo.actor.send({ type: 'upload.startDemo' })
    demo.actor.send({ type: 'upload.abort' })
    await demo.elapse(uploadTestInput.demoDelayMs)
    expect(demo.uploadDemo).not.toHaveBeenCalled()
    expect(demo.snapshot().value).toEqual({ beforeUpload: 'idle' })

    const analysing = await uploaded([runningTask])
    analysing.actor.send({ type: 'upload.abort' })
    await analysing.elapse(uploadTestInput.pollIntervalMs)
    // The poll made with the upload's answer, and none after the abort.
    expect(analysing.fetchTask).toHaveBeenCalledTimes(1)
    expect(analysing.snapshot().context.taskId).toBeNull()
  })

  it('refuses events that do not fit the state', async () => {
    const { actor, snapshot } = start()
    expect(snapshot().can({ type: 'upload.abort' })).toBe(false)
    expect(snapshot().can({ type: 'upload.progress', percent: 5 })).toBe(false)
    actor.send({ type: 'upload.selectFile', file: validFile })
    expect(snapshot().can({ type: 'upload.selectFile', file: validFile })).toBe(false)
    expect(snapshot().can({ type: 'upload.startDemo' })).toBe(false)
    expect(snapshot().can({ type: 'upload.reset' })).toBe(false)
  })

  it('tags every reachable state for the views', () => {
    const seen = new Set(
      statesOf(uploadPathModel).flatMap((state) => UPLOAD_TAGS.filter((tag) => state.snapshot.hasTag(tag))),
    )
    expect([...seen].sort()).toEqual([...UPLOAD_TAGS].sort())
  })
})
