import { afterEvents, definePathModel, doneEvent, errorEvent } from '#tests/graph/path-testing.ts'
import { firstPage, lastPage, noUploads } from './upload-picker.fixtures.ts'
import { type Context, staffUploadPickerMachine } from './upload-picker.machine.ts'

/** What tells two graph nodes apart: the filter, the page and whether anything was found. */
const serializeContext = (context: Context) => ({
  query: context.query,
  offset: context.offset,
  found: context.uploads.length,
  total: context.total,
  error: context.error,
})

/** Open, load (found, nothing found, failed and retried), search, page forward and back, close. */
export const staffUploadPickerPathModel = definePathModel({
  machine: staffUploadPickerMachine,
  input: undefined,
  serializeContext,
  events: (snapshot) => [
    { type: 'picker.open' },
    { type: 'picker.close' },
    ...(snapshot.context.query === '' ? [{ type: 'picker.search', query: 'zahn' } as const] : []),
    ...afterEvents(staffUploadPickerMachine),
    doneEvent('listUploads', snapshot.context.offset === 0 ? firstPage : lastPage),
    ...(snapshot.context.offset === 0 ? [doneEvent('listUploads', noUploads)] : []),
    errorEvent('listUploads'),
    { type: 'picker.retry' },
    { type: 'picker.next' },
    { type: 'picker.previous' },
  ],
})
