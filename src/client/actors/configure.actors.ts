import { fromPromise } from 'xstate'
import {
  type Configuration,
  configureMachine,
  type PricingSelection,
} from '#machines/configure/configure.machine.ts'
import { AnalysisFileSchema } from '#shared/contracts/analysis.contract.ts'
import { type ApiClient } from './api-client.ts'
import { apiPaths } from './api-paths.ts'
import { notify, type NotificationsRef } from './notify.ts'

export type ConfigureDeps = {
  api: ApiClient
  notifications: NotificationsRef
  /** A priced change: new prices for this selection (null: the scale field is empty). */
  invalidatePrices: (selection: PricingSelection | null) => void
  /** The file was saved (name, unit): the session remembers the unit the server has. */
  onFilePersisted: (file: { givenUnitOfLength: Configuration['unit'] }) => void
  /** Puts the configured item into the cart; resolves with the new cart item's id. */
  addToCart: (configuration: Configuration, signal: AbortSignal) => Promise<{ cartItemId: string }>
}

/** The id of the current item before it is in the cart (it lives in the client until "add to cart"). */
export const currentItemIdOf = (objectId: string) => `current:${objectId}`

/**
 * The configure step with its real edges: `PATCH /api/analytx/file/{id}` (name and unit), the current cart item
 * (kept in the client: spec part 1 §3 "a new current item defaults to scale 1, quantity 1"), the cart for
 * "add to cart", the pricing actor for new prices, and the snackbar.
 */
export function createConfigureActors(deps: ConfigureDeps) {
  return configureMachine.provide({
    actors: {
      persistFile: fromPromise(async ({ input, signal }) => {
        const file = await deps.api.patch(apiPaths.file(input.objectId), input.patch, AnalysisFileSchema, {
          signal,
        })
        deps.onFilePersisted(file)
        return file
      }),
      createCartItem: fromPromise(async ({ input }) => ({
        cartItemId: currentItemIdOf(input.configuration.objectId),
      })),
      addToCart: fromPromise(({ input, signal }) => deps.addToCart(input.configuration, signal)),
    },
    actions: {
      invalidatePrices: (_, params) => deps.invalidatePrices(params.selection),
      notifyConfigureFailure: () => notify(deps.notifications, 'configure-failure'),
      notifyAddToCartFailure: () => notify(deps.notifications, 'add-to-cart-failure'),
    },
  })
}
