import { z } from 'zod'
import { MIN_QUANTITY } from '#shared/domain/limits.ts'
import { UnitOfLengthSchema } from '#shared/contracts/analysis.contract.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { ConfigurationPriceSchema } from '#shared/contracts/pricing.contract.ts'
import { ColorSchema } from '#shared/contracts/print-modes.contract.ts'

/**
 * The cart (spec part 1 §3 "Cart item", §4, §7 `/checkout/cart*`). Prices on items are always computed by the server;
 * the inputs a client sends are strict and carry none. Money is integer euro cents.
 */

export { CART_ID_STORAGE_KEY } from '#shared/contracts/cart-storage-key.ts'

/** The most items one add call may carry. */
export const CART_ADD_MAX_ITEMS = 50

const cents = z.number().int().min(0)
const quantity = z.number().int().min(MIN_QUANTITY)

export const CartParamsSchema = z.object({ cartId: IdSchema })
export type CartParams = z.infer<typeof CartParamsSchema>

export const CartItemParamsSchema = z.object({ cartId: IdSchema, itemId: IdSchema })
export type CartItemParams = z.infer<typeof CartItemParamsSchema>

// ---------------------------------------------------------------------------------------------------------------
// The stored item

/** A colour's pricing as the configure view shows it (part 1 §3 Colour). */
export const ColourPricingSchema = ConfigurationPriceSchema.pick({
  price: true,
  printable: true,
  tooLarge: true,
  tooSmall: true,
  productionTimeDays: true,
})
export type ColourPricing = z.infer<typeof ColourPricingSchema>

/** The chosen colour as the catalogue has it (print-modes.contract.ts), with its pricing when the item was priced. */
export const CartItemColourSchema = ColorSchema.extend({ pricing: ColourPricingSchema.nullable() })
export type CartItemColour = z.infer<typeof CartItemColourSchema>

/** A processing step on an item (part 1 §2: a non-functional demo in the spec). */
export const CartItemProcessingStepSchema = z.object({
  stepId: IdSchema,
  name: z.string(),
  options: z.array(z.object({ _id: IdSchema, name: z.string() })),
  chosenOptionId: IdSchema.nullable(),
  quantity: z.number().int().min(0),
})
export type CartItemProcessingStep = z.infer<typeof CartItemProcessingStepSchema>

export const CartItemSchema = z.object({
  _id: IdSchema,
  /** The 3D file. */
  objectId: IdSchema,
  quantity,
  scale: z.number().positive(),
  printModeId: IdSchema,
  surfaceFinishId: IdSchema.nullable(),
  color: CartItemColourSchema.nullable(),
  surfaceFinish: z.object({ name: z.string() }).nullable(),
  acknowledgedRepairInfo: z.boolean(),
  /** The line: net, gross and the tax in it (`calculatedTaxes.netPrice`, the spec's name). */
  pricing: z.object({
    netPrice: cents,
    totalPrice: cents,
    calculatedTaxes: z.object({ netPrice: cents }),
  }),
  /** The line before a discount, when one applies (shown struck through). */
  beforeDiscount: z.object({ netPrice: cents, totalPrice: cents }).optional(),
  /** One piece: the line price is this times quantity. */
  currentPrice: z.object({ netPrice: cents, totalPrice: cents }),
  /** The stored preview image's path, null until the client uploaded one. */
  thumbnail: z.string().nullable(),
  /** The 3D file as the card shows it: name, and its size in the file's own unit (× scale). */
  model: z.object({
    _id: IdSchema,
    name: z.string(),
    givenUnitOfLength: UnitOfLengthSchema,
    dimensions: z.object({ x: z.number().min(0), y: z.number().min(0), z: z.number().min(0) }),
  }),
  printMode: z.object({ id: IdSchema }),
  processingSteps: z.array(CartItemProcessingStepSchema),
  /** Paths of the uploaded attachments (technical drawings). */
  attachments: z.array(z.string()),
})
export type CartItem = z.infer<typeof CartItemSchema>

// ---------------------------------------------------------------------------------------------------------------
// What a client sends: a configuration, never a price (strict: `pricing`, `currentPrice`, `price` … are rejected)

export const CartItemInputSchema = z.strictObject({
  objectId: IdSchema,
  quantity,
  scale: z.number().positive(),
  printModeId: IdSchema,
  surfaceFinishId: IdSchema.nullable().optional(),
  printModeColorId: IdSchema.nullable().optional(),
  acknowledgedRepairInfo: z.boolean(),
  processingSteps: z
    .array(z.strictObject({ stepId: IdSchema, optionId: IdSchema, quantity: z.number().int().min(1) }))
    .optional(),
})
export type CartItemInput = z.infer<typeof CartItemInputSchema>

/** A change to one item: its id and the fields to change (usually `quantity`). */
export const CartItemPatchSchema = CartItemInputSchema.partial().extend({ _id: IdSchema })
export type CartItemPatch = z.infer<typeof CartItemPatchSchema>

// ---------------------------------------------------------------------------------------------------------------
// Calls

/** POST /api/checkout/cart → the new cart's id. */
export const CreateCartResponseSchema = z.object({ _id: IdSchema })
export type CreateCartResponse = z.infer<typeof CreateCartResponseSchema>

/** GET /api/checkout/cart/{cartId}; a 404 (not_found) tells the client to create a new cart. */
export const CartSchema = z.object({ _id: IdSchema, items: z.array(CartItemSchema) })
export type Cart = z.infer<typeof CartSchema>

/** POST /api/checkout/cart/{cartId}/item */
export const AddCartItemsRequestSchema = z.strictObject({
  items: z.array(CartItemInputSchema).min(1).max(CART_ADD_MAX_ITEMS),
})
export type AddCartItemsRequest = z.infer<typeof AddCartItemsRequestSchema>

export const AddCartItemsResponseSchema = z.object({
  items: z.array(CartItemSchema),
  /** The new items' ids, in request order. */
  createdItems: z.array(z.object({ _id: IdSchema })),
})
export type AddCartItemsResponse = z.infer<typeof AddCartItemsResponseSchema>

/** PATCH /api/checkout/cart/{cartId}/item/{itemId}: the one item, whose `_id` must equal `itemId`. */
export const PatchCartItemRequestSchema = z.strictObject({
  items: z.tuple([CartItemPatchSchema]),
})
export type PatchCartItemRequest = z.infer<typeof PatchCartItemRequestSchema>

/**
 * The answer of PATCH and DELETE /api/checkout/cart/{cartId}/item/{itemId} and of the multipart uploads
 * POST …/item/{itemId}/thumbnail (field `file`, a PNG) and POST …/item/{itemId}/attachments (field `file`).
 */
export const CartItemsResponseSchema = z.object({ items: z.array(CartItemSchema) })
export type CartItemsResponse = z.infer<typeof CartItemsResponseSchema>

/** GET /api/checkout/cart/{cartId}/item/{itemId}/attachments/{attachmentId}/{fileName}: the file itself. */
export const CartAttachmentParamsSchema = z.object({
  cartId: IdSchema,
  itemId: IdSchema,
  attachmentId: IdSchema,
  /** The file's name, for the browser's download; the attachment id decides. */
  fileName: z.string(),
})

/** POST …/item/{itemId}/thumbnail (a PNG) and …/item/{itemId}/attachments (PDF, PNG, JPEG, DXF, STEP). */
export const CartFileUploadSchema = z.object({ file: z.file() })

/** Where the cart's routes live. */
export const CART_PATH = '/api/checkout/cart'
