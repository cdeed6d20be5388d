import { fromPromise } from 'xstate'
import { configureMachine } from '#machines/configure/configure.machine.ts'
import { AnalysisFileSchema } from '#shared/contracts/analysis.contract.ts'
import { SYSTEM_IDS } from '#machines/order-flow/system-ids.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'
import { awaitCompleteFile } from './await-analysis.ts'
import { notify, type NotificationsRef } from './notify.ts'
import { type PreviewStores } from './preview-store.ts'

export type ConfigureDeps = {
  api: ApiClient
  notifications: NotificationsRef
  /** The 3D preview's pictures, per configured file. */
  previews: PreviewStores
}

/** The id of the current item before it is in the cart (it lives in the client until "add to cart"). */
export const currentItemIdOf = (objectId: string) => `current:${objectId}`

/**
 * The configure step with its real edges: `PATCH /api/analytx/file/{id}` (name and unit), the complete file of one
 * measured while its analysis goes on (`GET /api/analytx/file/{id}`, decision 0124 §2), the current cart item
 * (kept in the client: spec part 1 §3 "a new current item defaults to scale 1, quantity 1"), the preview picture for
 * the new cart item, and the snackbar. Prices and the cart are reached by events inside the order flow.
 */
export function createConfigureActors(deps: ConfigureDeps) {
  // The picture taken when "add to cart" starts, uploaded once the cart has created the item.
  const pictures = new Map<string, Promise<Blob | null>>()
  return configureMachine.provide({
    actors: {
      persistFile: fromPromise(({ input, signal }) =>
        deps.api.patch(apiPaths.file(input.objectId), input.patch, AnalysisFileSchema, { signal }),
      ),
      awaitAnalysis: fromPromise(({ input, signal }) => awaitCompleteFile(deps.api, input.file, signal)),
      createCartItem: fromPromise(async ({ input }) => ({
        cartItemId: currentItemIdOf(input.configuration.objectId),
      })),
    },
    actions: {
      capturePreview: ({ context }) => {
        pictures.set(context.file._id, deps.previews.forFile(context.file._id).take())
      },
      uploadPreview: ({ context, system }, params) => {
        const picture = pictures.get(context.file._id)
        pictures.delete(context.file._id)
        void picture?.then((png) => {
          if (png)
            system
              .get(SYSTEM_IDS.cart)
              ?.send({ type: 'cart.uploadThumbnail', itemId: params.cartItemId, thumbnail: png })
        })
      },
      notifyConfigureFailure: () => notify(deps.notifications, 'configure-failure'),
      notifyAddToCartFailure: () => notify(deps.notifications, 'add-to-cart-failure'),
    },
  })
}
