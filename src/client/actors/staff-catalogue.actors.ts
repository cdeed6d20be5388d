import { fromPromise } from 'xstate'
import { z } from 'zod'
import { staffApiKeysMachine } from '#machines/staff-api-keys/staff-api-keys.machine.ts'
import { type CatalogueItem } from '#machines/staff-catalogue-form/catalogue-draft.ts'
import { referencedResources } from '#machines/staff-catalogue-form/catalogue-fields.ts'
import {
  type Choice,
  type Choices,
  staffCatalogueFormMachine,
} from '#machines/staff-catalogue-form/staff-catalogue-form.machine.ts'
import { staffCatalogueListMachine } from '#machines/staff-catalogue-list/staff-catalogue-list.machine.ts'
import { staffColorThumbnailMachine } from '#machines/staff-color-thumbnail/staff-color-thumbnail.machine.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import {
  STAFF_RESOURCE_CONTRACTS,
  StaffApiKeyCreatedSchema,
  StaffApiKeyListSchema,
  staffApiKeyPaths,
  StaffColorResponseSchema,
  staffColorThumbnailPath,
  staffPaths,
  type StaffResource,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { type ApiClient, ApiRequestError } from '#client/actors/api-client.ts'
import { notify } from '#client/actors/notify.ts'
import { type StaffDeps } from '#client/actors/staff.actors.ts'

/**
 * The staff catalogue screens' calls (issue 17, decision 0108) on the app's API client. The contract answers a list
 * under the resource's plural and one entity under its singular name; both are read generically here.
 */

const ItemSchema = z.looseObject({ id: z.string(), archived: z.boolean() })

/** The one entry of an answer object (`{ materials: [...] }`, `{ material: {...} }`), parsed by its contract first. */
function onlyEntry(answer: unknown): unknown {
  const values = typeof answer === 'object' && answer !== null ? Object.values(answer) : []
  if (values.length !== 1) throw new ApiRequestError(ErrorCode.Internal, null, 'unexpected staff answer')
  return values[0]
}

/** A resource's list answer, widened: the union of the seven schemas is no one call's type. */
const listSchemaOf = (resource: StaffResource): z.ZodType => STAFF_RESOURCE_CONTRACTS[resource].list

async function listItems(api: ApiClient, resource: StaffResource, signal: AbortSignal) {
  const answer = await api.get(staffPaths.list(resource), listSchemaOf(resource), { signal })
  return z.array(ItemSchema).parse(onlyEntry(answer)) as CatalogueItem[]
}

const choiceOf = (item: CatalogueItem): Choice => ({
  id: item.id,
  name: item.name as Choice['name'],
  archived: item.archived,
})

/** The entity (from its list: the API has no single read) and the lists its reference fields choose from. */
async function loadForm(
  api: ApiClient,
  input: { resource: StaffResource; id: string | null },
  signal: AbortSignal,
) {
  const refs = referencedResources(input.resource)
  const [items, ...lists] = await Promise.all([
    input.id === null ? Promise.resolve([]) : listItems(api, input.resource, signal),
    ...refs.map((resource) => listItems(api, resource, signal)),
  ])
  const item = input.id === null ? null : items.find((candidate) => candidate.id === input.id)
  if (item === undefined) throw new ApiRequestError(ErrorCode.NotFound, 404, 'unknown staff entity')
  const choices: Choices = Object.fromEntries(
    refs.map((resource, index) => [resource, (lists[index] ?? []).map(choiceOf)]),
  )
  return { item, choices }
}

async function saveItem(
  api: ApiClient,
  input: { resource: StaffResource; id: string | null; body: Record<string, unknown> },
  signal: AbortSignal,
) {
  const schema: z.ZodType = STAFF_RESOURCE_CONTRACTS[input.resource].one
  const answer =
    input.id === null
      ? await api.post(staffPaths.list(input.resource), input.body, schema, { signal })
      : await api.patch(staffPaths.one(input.resource, input.id), input.body, schema, { signal })
  return ItemSchema.parse(onlyEntry(answer)) as CatalogueItem
}

const NoContent = z.unknown()

function createListLogic({ api }: StaffDeps) {
  return staffCatalogueListMachine.provide({
    actors: {
      loadItems: fromPromise(({ input, signal }) => listItems(api, input.resource, signal)),
      setArchived: fromPromise(async ({ input, signal }) => {
        const path = input.archived
          ? staffPaths.archive(input.resource, input.id)
          : staffPaths.restore(input.resource, input.id)
        await api.post(path, {}, NoContent, { signal })
      }),
    },
  })
}

function createFormLogic({ api, notifications }: StaffDeps) {
  return staffCatalogueFormMachine.provide({
    actors: {
      loadForm: fromPromise(({ input, signal }) => loadForm(api, input, signal)),
      saveItem: fromPromise(({ input, signal }) => saveItem(api, input, signal)),
    },
    actions: { notifySaved: () => notify(notifications, 'account-save-success') },
  })
}

function createThumbnailLogic({ api }: StaffDeps) {
  return staffColorThumbnailMachine.provide({
    actors: {
      uploadThumbnail: fromPromise(async ({ input, signal }) => {
        const answer = await api.upload(
          staffColorThumbnailPath(input.colorId),
          input.file,
          input.name,
          StaffColorResponseSchema,
          {
            signal,
          },
        )
        return answer.color
      }),
      removeThumbnail: fromPromise(async ({ input, signal }) => {
        const answer = await api.delete(staffColorThumbnailPath(input.colorId), StaffColorResponseSchema, {
          signal,
        })
        return answer.color
      }),
    },
    actions: {
      releasePreview: (_, params) => {
        if (params.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(params.previewUrl)
      },
    },
  })
}

async function listKeys(api: ApiClient, whiteLabelId: string, signal: AbortSignal) {
  return (await api.get(staffApiKeyPaths.list(whiteLabelId), StaffApiKeyListSchema, { signal })).apiKeys
}

function createApiKeysLogic({ api }: StaffDeps) {
  return staffApiKeysMachine.provide({
    actors: {
      loadKeys: fromPromise(({ input, signal }) => listKeys(api, input.whiteLabelId, signal)),
      createKey: fromPromise(async ({ input, signal }) => {
        const created = await api.post(
          staffApiKeyPaths.list(input.whiteLabelId),
          input.body,
          StaffApiKeyCreatedSchema,
          {
            signal,
          },
        )
        return { ...created, apiKeys: await listKeys(api, input.whiteLabelId, signal) }
      }),
      rotateKey: fromPromise(async ({ input, signal }) => {
        const created = await api.post(
          staffApiKeyPaths.rotate(input.whiteLabelId, input.keyId),
          {},
          StaffApiKeyCreatedSchema,
          { signal },
        )
        return { ...created, apiKeys: await listKeys(api, input.whiteLabelId, signal) }
      }),
      revokeKey: fromPromise(async ({ input, signal }) => {
        await api.delete(staffApiKeyPaths.one(input.whiteLabelId, input.keyId), NoContent, { signal })
        return listKeys(api, input.whiteLabelId, signal)
      }),
    },
    actions: {
      // The secret is shown on screen as well, so a refused clipboard (no permission) loses nothing.
      copySecret: (_, params) => {
        void navigator.clipboard?.writeText(params.key).catch(() => {})
      },
    },
  })
}

/** The catalogue screens' logic, built by the staff chunk next to the sheet editor's. */
export function createStaffCatalogueLogic(deps: StaffDeps) {
  return {
    catalogueList: createListLogic(deps),
    catalogueForm: createFormLogic(deps),
    colorThumbnail: createThumbnailLogic(deps),
    apiKeys: createApiKeysLogic(deps),
  }
}
export type StaffCatalogueLogic = ReturnType<typeof createStaffCatalogueLogic>
