import type { Locale } from '#shared/domain/limits.ts'
import type { CartItemsResponse } from '#shared/contracts/cart.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { newId } from '#server/db/ids.ts'
import type { CartContext } from '#server/modules/cart/cart-context.ts'
import { attachmentNotFound, itemNotFound } from '#server/modules/cart/cart-errors.ts'
import {
  ATTACHMENT_CONTENT_TYPES,
  type AttachmentKind,
  type ReceivedAttachment,
} from '#server/modules/cart/cart-files.ts'
import { CART_ITEM_MAX_ATTACHMENTS } from '#server/modules/cart/cart-limits.ts'

export interface ServedAttachment {
  path: string
  fileName: string
  contentType: string
}

/**
 * The cart's file commands: an item's preview thumbnail and its attachments. The file is written before the
 * transaction and removed again when the transaction fails; a replaced file goes once the rows no longer name it.
 */
export function createCartFileCommands(context: CartContext) {
  const { db, repo, files, lockedCart, readAll, presentChanged, cleanup } = context

  return {
    /** 404 before an upload is read: nobody streams 20 MB into a cart that does not exist. */
    async assertItem(cartId: string, itemId: string): Promise<void> {
      await context.existingItem(cartId, itemId)
    },

    async setThumbnail(
      cartId: string,
      itemId: string,
      locale: Locale,
      png: Uint8Array,
    ): Promise<CartItemsResponse> {
      const name = await files.writeThumbnail(png)
      let result
      try {
        result = await db.transaction(async (tx) => {
          const cart = await lockedCart(tx, cartId)
          const set = await repo.setThumbnail(tx, cartId, itemId, name)
          if (set === undefined) throw itemNotFound()
          await repo.touchCart(tx, cartId)
          return { cart, previous: set.previous, ...(await readAll(tx, cartId)) }
        })
      } catch (error) {
        await cleanup(files.removeThumbnail(name))
        throw error
      }
      if (result.previous !== null) await cleanup(files.removeThumbnail(result.previous))
      return { items: await presentChanged(result.cart, result, locale) }
    },

    async addAttachment(
      cartId: string,
      itemId: string,
      locale: Locale,
      upload: { received: ReceivedAttachment; kind: AttachmentKind; fileName: string },
    ): Promise<CartItemsResponse> {
      const id = newId()
      await files.keepAttachment(upload.received.tempPath, id)
      let result
      try {
        result = await db.transaction(async (tx) => {
          const cart = await lockedCart(tx, cartId)
          if ((await repo.findItem(cartId, itemId, tx)) === undefined) throw itemNotFound()
          if ((await repo.countAttachments(tx, itemId)) >= CART_ITEM_MAX_ATTACHMENTS) {
            throw new AppError(
              ErrorCode.Conflict,
              `An item holds at most ${CART_ITEM_MAX_ATTACHMENTS} attachments`,
              { details: { reason: 'too_many_attachments', maxAttachments: CART_ITEM_MAX_ATTACHMENTS } },
            )
          }
          await repo.insertAttachment(tx, {
            id,
            itemId,
            fileName: upload.fileName,
            kind: upload.kind,
            sizeBytes: upload.received.size,
            sha256: upload.received.sha256,
          })
          await repo.touchCart(tx, cartId)
          return { cart, ...(await readAll(tx, cartId)) }
        })
      } catch (error) {
        await cleanup(files.removeFile(files.attachmentPath(id)))
        throw error
      }
      return { items: await presentChanged(result.cart, result, locale) }
    },

    async openAttachment(cartId: string, itemId: string, attachmentId: string): Promise<ServedAttachment> {
      const attachment = await repo.findAttachment(cartId, itemId, attachmentId)
      if (attachment === undefined) throw attachmentNotFound()
      return {
        path: files.attachmentPath(attachment.id),
        fileName: attachment.file_name,
        contentType: ATTACHMENT_CONTENT_TYPES[attachment.kind],
      }
    },
  }
}
