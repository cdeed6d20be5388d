import type { CartItem, CartItemInput } from '#shared/contracts/cart.contract.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'

/** The cart has no input: it starts from the cart id in storage. */
export type Input = undefined

/** A PNG of the 3D preview: the client sends a `Blob` (it has `size` and `type`). */
export type ThumbnailBlob = { readonly size: number; readonly type: string }
/** An attachment: the client sends the browser's `File`. */
export type AttachmentFile = { readonly name: string; readonly size: number }

/** A cart change waiting for (or in) its call. The head of `pendingOps` is the one running. */
export type CartOp =
  | { kind: 'add'; items: CartItemInput[]; requestId: string | null; replyTo: string | null }
  | { kind: 'setQuantity'; itemId: string; quantity: number }
  | { kind: 'remove'; itemId: string }
  | { kind: 'uploadThumbnail'; itemId: string; thumbnail: ThumbnailBlob }
  | { kind: 'addAttachment'; itemId: string; file: AttachmentFile }

export type Context = {
  cartId: string | null
  /** The items as the server last answered them (prices are the server's). */
  items: CartItem[]
  /** Changes in order; they run one at a time, so the last answer always reflects every earlier change. */
  pendingOps: CartOp[]
  /** Why the cart could not be loaded or created. */
  error: ErrorCode | null
}

export type Event =
  /**
   * Add configured items; `requestId` comes back in `notifyItemsAdded` / `notifyAddToCartFailure`, and as
   * `cart.itemsAdded` / `cart.addFailed` to the actor with the system id `replyTo`, if any.
   */
  | { type: 'cart.add'; items: CartItemInput[]; requestId?: string; replyTo?: string }
  /** A whole number of at least 1; other values are refused. */
  | { type: 'cart.setQuantity'; itemId: string; quantity: number }
  | { type: 'cart.remove'; itemId: string }
  | { type: 'cart.uploadThumbnail'; itemId: string; thumbnail: ThumbnailBlob }
  /** Refused until the attachment disclaimer is accepted (the preferences' `acceptAttachmentDisclaimer`). */
  | { type: 'cart.addAttachment'; itemId: string; file: AttachmentFile; disclaimerAccepted: boolean }
  /** Load again after the cart could not be loaded. */
  | { type: 'cart.retry' }
  /** Fetch the cart again (another tab, a login). */
  | { type: 'cart.reload' }
  /** Start a new, empty cart (the order was completed, part 2 §4). */
  | { type: 'cart.reset' }

/** The cart's answers to a `cart.add` with `replyTo`. */
export type CartReply =
  | { type: 'cart.itemsAdded'; requestId: string | null; createdItemIds: string[] }
  | { type: 'cart.addFailed'; requestId: string | null }

/** What the cart tells the order flow: the last item was removed. */
export type CartReport = { type: 'cart.emptied' }

export const CART_TAGS = ['loading', 'ready', 'busy', 'error'] as const
export type CartTag = (typeof CART_TAGS)[number]
