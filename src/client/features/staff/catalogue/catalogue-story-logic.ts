import { fromPromise } from 'xstate'
import { staffApiKeysMachine } from '#machines/staff-api-keys/staff-api-keys.machine.ts'
import { staffCatalogueFormMachine } from '#machines/staff-catalogue-form/staff-catalogue-form.machine.ts'
import { staffCatalogueListMachine } from '#machines/staff-catalogue-list/staff-catalogue-list.machine.ts'
import { staffColorThumbnailMachine } from '#machines/staff-color-thumbnail/staff-color-thumbnail.machine.ts'

/** A call that never answers: a story stays in the state it starts in. */
const pending = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}))

/** The catalogue machines for stories: every call pending, so each story shows one state. */
export const storyCatalogueList = staffCatalogueListMachine.provide({
  actors: { loadItems: pending(), setArchived: pending() },
})
export const storyCatalogueForm = staffCatalogueFormMachine.provide({
  actors: { loadForm: pending(), saveItem: pending() },
})
export const storyColorThumbnail = staffColorThumbnailMachine.provide({
  actors: { uploadThumbnail: pending(), removeThumbnail: pending() },
})
export const storyApiKeys = staffApiKeysMachine.provide({
  actors: { loadKeys: pending(), createKey: pending(), rotateKey: pending(), revokeKey: pending() },
})
