import { join, sep } from 'node:path'
import type { FastifyReply } from 'fastify'
import { CART_THUMBNAILS_FOLDER } from '#server/modules/cart/cart.module.ts'

/**
 * The Cache-Control of files under THUMBNAILS_PATH. Colour swatches and catalogue pictures are shop data any cache
 * may keep (the static plugin's `public, max-age=86400`). A cart item's preview is a picture of a customer's part:
 * only their own browser may keep it, never a shared proxy or CDN. Its name is random and never reused, so a day in
 * the browser's cache cannot show a stale picture.
 */
export const CUSTOMER_PREVIEW_CACHE_CONTROL = 'private, max-age=86400'

export function thumbnailCacheHeaders(thumbnailsDir: string): (reply: FastifyReply, path: string) => void {
  const customerPreviews = join(thumbnailsDir, CART_THUMBNAILS_FOLDER) + sep
  return (reply, path) => {
    if (path.startsWith(customerPreviews)) reply.header('cache-control', CUSTOMER_PREVIEW_CACHE_CONTROL)
  }
}
