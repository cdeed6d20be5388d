import { fromPromise } from 'xstate'
import { uploadMachine } from '#machines/upload/upload.machine.ts'
import {
  AnalysisFileSchema,
  AnalysisTaskSchema,
  AnalysisUploadResponseSchema,
} from '#shared/contracts/analysis.contract.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'
import { notify, type NotificationsRef } from './notify.ts'

export type UploadDeps = {
  api: ApiClient
  notifications: NotificationsRef
  /** Clicks the visible file input (the create-new button's delayed picker). */
  openFilePicker: () => void
}

/**
 * The upload with its real edges: the XHR upload to `POST /api/analytx/file/` (field `file`, progress, abort), the
 * demo object `POST /api/analytx/demo`, the task poll `GET /api/analytx/task/{id}` and `GET /api/analytx/file/{id}`.
 */
export function createUploadActors(deps: UploadDeps) {
  return uploadMachine.provide({
    actors: {
      uploadFile: fromPromise(({ input, signal }) =>
        deps.api.upload(
          apiPaths.uploadFile,
          // The view sends the browser's File; the XHR transport refuses anything else.
          input.file as unknown as Blob,
          input.file.name,
          AnalysisUploadResponseSchema,
          { signal, onProgress: input.onProgress },
        ),
      ),
      uploadDemo: fromPromise(({ signal }) =>
        deps.api.post(apiPaths.uploadDemo, undefined, AnalysisUploadResponseSchema, { signal }),
      ),
      fetchTask: fromPromise(({ input, signal }) =>
        deps.api.get(apiPaths.task(input.taskId, input.waitMs), AnalysisTaskSchema, { signal }),
      ),
      fetchFile: fromPromise(({ input, signal }) =>
        deps.api.get(apiPaths.file(input.objectId), AnalysisFileSchema, { signal }),
      ),
    },
    actions: {
      openFilePicker: () => deps.openFilePicker(),
      notifyRepairing: () => notify(deps.notifications, 'upload-repairing'),
    },
  })
}
