import {
  type HistogramImageQuery,
  type PictureDirection,
  type PictureRotation,
} from '#shared/contracts/analysis.contract.ts'
import { PRINT_MODES_PATH } from '#shared/contracts/print-modes.contract.ts'

/** The API paths the client calls (spec part 1 §7), in one place. */
const enc = encodeURIComponent

export const ANALYTX_BASE = '/api/analytx'

export const apiPaths = {
  uploadFile: `${ANALYTX_BASE}/file/`,
  uploadDemo: `${ANALYTX_BASE}/demo`,
  /** `waitMs`: the server may hold the answer this long while the task does not change (decision 0124). */
  // The client opens the configure form on the measures (decision 0124 §2): a held poll ends when they are stored.
  task: (taskId: string, waitMs?: number) =>
    `${ANALYTX_BASE}/task/${enc(taskId)}${waitMs === undefined ? '' : `?waitMs=${waitMs}&until=measured`}`,
  file: (objectId: string) => `${ANALYTX_BASE}/file/${enc(objectId)}`,
  batchPrices: '/api/pricing/batch-calculations',
  printModes: PRINT_MODES_PATH,
  carts: '/api/checkout/cart',
  cart: (cartId: string) => `/api/checkout/cart/${enc(cartId)}`,
  cartItems: (cartId: string) => `/api/checkout/cart/${enc(cartId)}/item`,
  cartItem: (cartId: string, itemId: string) => `/api/checkout/cart/${enc(cartId)}/item/${enc(itemId)}`,
  cartItemThumbnail: (cartId: string, itemId: string) =>
    `/api/checkout/cart/${enc(cartId)}/item/${enc(itemId)}/thumbnail`,
  cartItemAttachments: (cartId: string, itemId: string) =>
    `/api/checkout/cart/${enc(cartId)}/item/${enc(itemId)}/attachments`,
} as const

/** A path of the analysis service (`files['3mf']`, pictures, repaired file): it lives under `/api/analytx`. */
export function analysisAssetUrl(path: string): string {
  return `${ANALYTX_BASE}${path.startsWith('/') ? path : `/${path}`}`
}

/**
 * A path on the API host (colour and item thumbnails, attachments): used as given when it already points into
 * `/api/` or is a data/blob URL, otherwise taken as relative to `/api`.
 */
export function apiAssetUrl(path: string): string {
  if (/^(data|blob):/.test(path) || path.startsWith('/api/')) return path
  return `/api${path.startsWith('/') ? path : `/${path}`}`
}

/** `GET /analytx/file/{fileId}/histogram-image` (spec part 1 §7): the wall-thickness picture. */
export function histogramImageUrl(objectId: string, query: HistogramImageQuery): string {
  const search = new URLSearchParams({
    scale: String(query.scale),
    unitOfLength: query.unitOfLength,
    direction: query.direction,
    rotation: String(query.rotation),
    printModeId: query.printModeId,
  })
  return `${ANALYTX_BASE}/file/${enc(objectId)}/histogram-image?${search.toString()}`
}

export type PictureView = { direction: PictureDirection; rotation: PictureRotation }
