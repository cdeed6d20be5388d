import { DEFAULT_LOCALE, type Locale } from '#shared/domain/limits.ts'
import {
  type AddCartItemsResponse,
  type Cart,
  type CartItem,
  type CartItemInput,
  type CartItemPatch,
  type CartItemsResponse,
  CartSchema,
  type CreateCartResponse,
} from '#shared/contracts/cart.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode, type ErrorIssue } from '#shared/errors/error-codes.ts'
import { changedSelection } from '#shared/domain/print-mode-defaults.ts'
import type { Db, Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { parseResponse } from '#server/http/respond.ts'
import {
  ATTACHMENT_CONTENT_TYPES,
  type AttachmentKind,
  type CartFileStore,
  type ReceivedAttachment,
} from '#server/modules/cart/cart-files.ts'
import type { CartModelLookup } from '#server/modules/cart/cart-models.ts'
import type { CartItemPrice, CartPricing } from '#server/modules/cart/cart-pricing.ts'
import { type CartReadCache, createCartReadCache } from '#server/modules/cart/cart-read-cache.ts'
import { createCartVersionBatch } from '#server/modules/cart/cart-version-batch.ts'
import {
  createCartRepo,
  type AttachmentRow,
  type CartItemRow,
  type CartRow,
  type ChosenProcessingStep,
  type ItemConfiguration,
} from '#server/modules/cart/cart.repo.ts'

/**
 * The cart (spec part 1 §3 cart item, §4, §7; docs/decisions/0060-cart-pricing.md). Every price is the server's:
 * an item's configuration is priced by the pricing service from the analysis record, never from the request.
 *
 * Changes of one cart run one after the other: each takes the cart row's lock (`SELECT … FOR UPDATE`) in a short
 * transaction that only writes rows. Everything slow (reading the 3D file, pricing, writing files) happens before
 * the transaction, never inside it; a change priced from a read that another change overtook is priced again.
 */

export const CART_PATH = '/api/checkout/cart'
/** The most items one cart holds. */
export const CART_MAX_ITEMS = 100
/** The most pieces one item may have: beyond it, the shop makes a quote, not a cart line. */
export const CART_MAX_QUANTITY = 10_000
export const CART_ITEM_MAX_ATTACHMENTS = 10
/** How often a change is priced again when other changes of the same item keep overtaking it. */
const CHANGE_ATTEMPTS = 5

export interface CartServiceDeps {
  db: Db
  pricing: CartPricing
  models: CartModelLookup
  files: CartFileStore
  /** Where failed clean-ups of files are reported (they never fail a request). */
  onCleanupError?: (error: unknown) => void
  /** The carts presented last (tests pass their own to look inside); default a bounded one of its own. */
  readCache?: CartReadCache
}

export interface ServedAttachment {
  path: string
  fileName: string
  contentType: string
}

type Path = ErrorIssue['path']

export const cartNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Unknown cart', { details: { resource: 'cart' } })
export const itemNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Unknown cart item', { details: { resource: 'cartItem' } })
export const attachmentNotFound = () =>
  new AppError(ErrorCode.NotFound, 'Unknown attachment', { details: { resource: 'attachment' } })

function invalid(path: Path, code: string, message: string, details?: Record<string, unknown>): AppError {
  return new AppError(ErrorCode.ValidationFailed, message, {
    issues: [{ path, code, message }],
    ...(details === undefined ? {} : { details }),
  })
}

/** An error of pricing or of the checks, with its issue paths inside the request (`['items', 0, …]`). */
function atItem(error: AppError, prefix: Path, index: number): AppError {
  return new AppError(error.code, error.message, {
    ...(error.issues === undefined
      ? {}
      : { issues: error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] })) }),
    details: { ...error.details, item: index },
  })
}

export function attachmentUrl(
  cartId: string,
  itemId: string,
  attachment: Pick<AttachmentRow, 'id' | 'file_name'>,
) {
  return `${CART_PATH}/${cartId}/item/${itemId}/attachments/${attachment.id}/${encodeURIComponent(attachment.file_name)}`
}

/** What the customer asks for, resolved to a stored configuration before it is priced. */
interface Wanted {
  objectId: string
  quantity: number
  scale: number
  printModeId: string
  surfaceFinishId: string | null
  colorId: string | null
  acknowledgedRepairInfo: boolean
  processingSteps: ChosenProcessingStep[]
}

interface Prepared {
  configuration: ItemConfiguration
  price: CartItemPrice
}

function wantedOfInput(input: CartItemInput): Wanted {
  return {
    objectId: input.objectId,
    quantity: input.quantity,
    scale: input.scale,
    printModeId: input.printModeId,
    surfaceFinishId: input.surfaceFinishId ?? null,
    colorId: input.printModeColorId ?? null,
    acknowledgedRepairInfo: input.acknowledgedRepairInfo,
    processingSteps: (input.processingSteps ?? []).map((step) => ({
      stepId: step.stepId,
      optionId: step.optionId,
      quantity: step.quantity,
    })),
  }
}

/**
 * A patch on top of the stored item. As in the configure view (part 1 §4): a new print mode starts from its first
 * finish and colour, a new finish from its first colour, unless the patch names them too; processing steps belong
 * to a print mode and are dropped with it.
 */
function wantedOfPatch(row: CartItemRow, patch: CartItemPatch): Wanted {
  // Null finish or colour: the pricing service prices the print mode's defaults (print-mode-defaults.ts).
  const { printModeId, surfaceFinishId, colorId } = changedSelection(
    { printModeId: row.print_mode_id, surfaceFinishId: row.surface_finish_id, colorId: row.color_id },
    {
      printModeId: patch.printModeId,
      surfaceFinishId: patch.surfaceFinishId,
      colorId: patch.printModeColorId,
    },
  )
  const modeChanged = printModeId !== row.print_mode_id
  return {
    objectId: patch.objectId ?? row.model_file_id,
    quantity: patch.quantity ?? row.quantity,
    scale: patch.scale ?? row.scale,
    printModeId,
    surfaceFinishId,
    colorId,
    acknowledgedRepairInfo: patch.acknowledgedRepairInfo ?? row.acknowledged_repair_info,
    processingSteps:
      patch.processingSteps?.map((step) => ({ ...step })) ?? (modeChanged ? [] : row.processing_steps),
  }
}

function storedPrice(row: CartItemRow): CartItemPrice {
  return {
    surfaceFinishId: row.surface_finish_id,
    colorId: row.color_id,
    unitNetCents: row.unit_net_cents,
    unitTaxCents: row.unit_tax_cents,
    lineNetCents: row.line_net_cents,
    lineTaxCents: row.line_tax_cents,
    taxRatePercent: row.tax_rate,
    printable: row.printable,
    tooLarge: row.too_large,
    tooSmall: row.too_small,
    productionTimeDays: row.production_time_days,
    sheetVersion: row.sheet_version,
  }
}

export function createCartService(deps: CartServiceDeps) {
  const { db, pricing, models, files } = deps
  const repo = createCartRepo(db)
  const readCache = deps.readCache ?? createCartReadCache()
  const versions = createCartVersionBatch((ids) => repo.cartVersions(ids))
  /** Removes files no row names any more; a failure is reported, never answered (the rows are already right). */
  const cleanup = async (work: Promise<unknown>): Promise<void> => {
    await work.catch((error: unknown) => deps.onCleanupError?.(error))
  }

  async function cartOrNotFound(cartId: string): Promise<CartRow> {
    const cart = await repo.findCart(cartId)
    if (cart === undefined) throw cartNotFound()
    return cart
  }

  async function lockedCart(tx: Queryable, cartId: string): Promise<CartRow> {
    const cart = await repo.lockCart(tx, cartId)
    if (cart === undefined) throw cartNotFound()
    return cart
  }

  function checkProcessingSteps(
    mode: PrintMode | undefined,
    steps: readonly ChosenProcessingStep[],
    at: Path,
  ) {
    const seen = new Set<string>()
    for (const [index, chosen] of steps.entries()) {
      const step = mode?.processingSteps.find((candidate) => candidate.id === chosen.stepId)
      if (step === undefined) {
        throw invalid(
          [...at, 'processingSteps', index, 'stepId'],
          'unknown_processing_step',
          'The print mode has no such processing step',
        )
      }
      if (seen.has(chosen.stepId)) {
        throw invalid(
          [...at, 'processingSteps', index, 'stepId'],
          'duplicate_processing_step',
          'A processing step may be chosen once per item',
        )
      }
      seen.add(chosen.stepId)
      if (!step.options.some((option) => option._id === chosen.optionId)) {
        throw invalid(
          [...at, 'processingSteps', index, 'optionId'],
          'unknown_processing_option',
          'The processing step has no such option',
        )
      }
    }
  }

  /**
   * Checks and prices one configuration, outside any transaction. `stored` is the 3D file of an existing item as
   * it was configured (kept unless the file changes); `checkPrintable` is false for a change of quantity only.
   */
  async function prepare(
    cart: CartRow,
    wanted: Wanted,
    options: {
      at: Path
      index: number
      stored?: Pick<ItemConfiguration, 'modelFileId' | 'modelName' | 'unit' | 'dimensions'>
      checkRepair: boolean
      checkPrintable: boolean
    },
  ): Promise<Prepared> {
    const { at, index } = options
    try {
      if (wanted.quantity > CART_MAX_QUANTITY) {
        throw invalid(['quantity'], 'too_big', `At most ${CART_MAX_QUANTITY} pieces per item`, {
          maximum: CART_MAX_QUANTITY,
        })
      }
      let model: Pick<ItemConfiguration, 'modelFileId' | 'modelName' | 'unit' | 'dimensions'>
      if (options.stored !== undefined && !options.checkRepair) {
        model = options.stored
      } else {
        const found = await models.findModel(wanted.objectId)
        if (found === undefined) {
          throw new AppError(ErrorCode.NotFound, 'Unknown 3D object', {
            details: { resource: 'object', id: wanted.objectId },
          })
        }
        if (found.repaired && !wanted.acknowledgedRepairInfo) {
          throw invalid(
            ['acknowledgedRepairInfo'],
            'repair_not_acknowledged',
            'The 3D file was repaired: the repair must be acknowledged',
          )
        }
        // An unchanged 3D file keeps the unit and name it was configured with.
        model =
          options.stored !== undefined && options.stored.modelFileId === found.id
            ? options.stored
            : {
                modelFileId: found.id,
                modelName: found.name,
                unit: found.givenUnitOfLength,
                dimensions: found.dimensions,
              }
      }
      const price = await pricing.priceItem(cart.white_label_id, {
        objectId: model.modelFileId,
        scale: wanted.scale,
        unit: model.unit,
        quantity: wanted.quantity,
        printModeId: wanted.printModeId,
        surfaceFinishId: wanted.surfaceFinishId,
        colorId: wanted.colorId,
      })
      // After pricing, which names an unknown print mode as such.
      if (wanted.processingSteps.length > 0) {
        const mode = await pricing.printMode(cart.white_label_id, DEFAULT_LOCALE, wanted.printModeId)
        checkProcessingSteps(mode, wanted.processingSteps, [])
      }
      if (options.checkPrintable && !price.printable) {
        throw invalid([], 'not_printable', 'This configuration cannot be printed', {
          tooLarge: price.tooLarge,
          tooSmall: price.tooSmall,
        })
      }
      return {
        price,
        configuration: {
          ...model,
          quantity: wanted.quantity,
          scale: wanted.scale,
          printModeId: wanted.printModeId,
          acknowledgedRepairInfo: wanted.acknowledgedRepairInfo,
          processingSteps: wanted.processingSteps,
        },
      }
    } catch (error) {
      if (error instanceof AppError) throw atItem(error, at, index)
      throw error
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Reading: the stored snapshot, priced again when the catalogue moved since

  function configurationOf(row: CartItemRow) {
    return {
      objectId: row.model_file_id,
      scale: row.scale,
      unit: row.unit_of_length,
      quantity: row.quantity,
      printModeId: row.print_mode_id,
      surfaceFinishId: row.surface_finish_id,
      colorId: row.color_id,
    }
  }

  /** The item's price now: the snapshot if current, else a new price (stored), else null when it cannot be priced. */
  async function currentPrice(
    cart: CartRow,
    row: CartItemRow,
    revision: number,
  ): Promise<CartItemPrice | null> {
    if (row.catalogue_revision === revision) return storedPrice(row)
    let price: CartItemPrice
    try {
      price = await pricing.priceItem(cart.white_label_id, configurationOf(row))
    } catch (error) {
      // An archived print mode, a finish no longer offered, a sheet that cannot price it: the item stays, shown
      // with its last price and no colour pricing; placing an order prices it again and refuses it.
      if (error instanceof AppError) return null
      throw error
    }
    await repo.storeRepricing(row, price, revision)
    return price
  }

  /** The items as the client sees them, priced at catalogue `revision`. */
  async function present(
    cart: CartRow,
    rows: readonly CartItemRow[],
    attachments: readonly AttachmentRow[],
    locale: Locale,
    revision: number,
  ): Promise<CartItem[]> {
    return Promise.all(
      rows.map(async (row): Promise<CartItem> => {
        const current = await currentPrice(cart, row, revision)
        const price = current ?? storedPrice(row)
        const mode = await pricing.printMode(cart.white_label_id, locale, row.print_mode_id)
        const surfaceFinishId = price.surfaceFinishId
        const color = mode?.colors.find((candidate) => candidate.id === price.colorId)
        const finish = mode?.surfaceFinishes.find((candidate) => candidate.id === surfaceFinishId)
        return {
          _id: row.id,
          objectId: row.model_file_id,
          quantity: row.quantity,
          scale: row.scale,
          printModeId: row.print_mode_id,
          surfaceFinishId,
          color:
            color === undefined
              ? null
              : {
                  ...color,
                  pricing:
                    current === null
                      ? null
                      : {
                          price: {
                            netPrice: price.unitNetCents,
                            totalPrice: price.unitNetCents + price.unitTaxCents,
                            tax: price.unitTaxCents,
                            taxRate: price.taxRatePercent,
                          },
                          printable: price.printable,
                          tooLarge: price.tooLarge,
                          tooSmall: price.tooSmall,
                          productionTimeDays: price.productionTimeDays,
                        },
                },
          surfaceFinish: finish === undefined ? null : { name: finish.properties.name },
          acknowledgedRepairInfo: row.acknowledged_repair_info,
          pricing: {
            netPrice: price.lineNetCents,
            totalPrice: price.lineNetCents + price.lineTaxCents,
            calculatedTaxes: { netPrice: price.lineTaxCents },
          },
          currentPrice: {
            netPrice: price.unitNetCents,
            totalPrice: price.unitNetCents + price.unitTaxCents,
          },
          thumbnail: row.thumbnail_name === null ? null : files.thumbnailUrl(row.thumbnail_name),
          model: {
            _id: row.model_file_id,
            name: row.model_name,
            givenUnitOfLength: row.unit_of_length,
            dimensions: row.model_dimensions,
          },
          printMode: { id: row.print_mode_id },
          processingSteps: row.processing_steps.flatMap((chosen) => {
            const step = mode?.processingSteps.find((candidate) => candidate.id === chosen.stepId)
            return step === undefined
              ? []
              : [
                  {
                    stepId: chosen.stepId,
                    name: step.name,
                    options: step.options.map((option) => ({ _id: option._id, name: option.name })),
                    chosenOptionId: chosen.optionId,
                    quantity: chosen.quantity,
                  },
                ]
          }),
          attachments: attachments
            .filter((attachment) => attachment.cart_item_id === row.id)
            .map((attachment) => attachmentUrl(cart.id, row.id, attachment)),
        }
      }),
    )
  }

  /** The items after a change (the catalogue may have moved while it was priced). */
  async function presentChanged(
    cart: CartRow,
    written: { rows: readonly CartItemRow[]; attachments: readonly AttachmentRow[] },
    locale: Locale,
  ): Promise<CartItem[]> {
    readCache.forget(cart.id)
    return present(cart, written.rows, written.attachments, locale, await pricing.revision())
  }

  /**
   * The cart as the last read in this process presented it, if the catalogue and the cart are still as they were
   * then: one shared version lookup instead of the cart's rows, prices and names.
   */
  async function cachedCart(cartId: string, locale: Locale, revision: number): Promise<string | undefined> {
    const cached = readCache.get(cartId, locale, revision)
    if (cached === undefined) return undefined
    const version = await versions.version(cartId)
    if (version === undefined) {
      readCache.forget(cartId)
      throw cartNotFound()
    }
    return version === cached.version ? cached.json : undefined
  }

  /** The cart's items and attachments, read in the transaction that changed them. */
  async function readAll(tx: Queryable, cartId: string) {
    return { rows: await repo.listItems(cartId, tx), attachments: await repo.listAttachments(cartId, tx) }
  }

  async function existingItem(cartId: string, itemId: string): Promise<{ cart: CartRow; row: CartItemRow }> {
    const cart = await cartOrNotFound(cartId)
    const row = await repo.findItem(cartId, itemId)
    if (row === undefined) throw itemNotFound()
    return { cart, row }
  }

  return {
    async createCart(whiteLabelId: string): Promise<CreateCartResponse> {
      const id = newId()
      await repo.insertCart(id, whiteLabelId)
      return { _id: id }
    },

    /**
     * `GET` of the cart: its JSON text, checked against the contract when it was computed. Answered from the read
     * cache while the cart and the catalogue are as they were (one shared version lookup), else from one query.
     */
    async cartJson(cartId: string, locale: Locale): Promise<string> {
      const revision = await pricing.revision()
      const cached = await cachedCart(cartId, locale, revision)
      if (cached !== undefined) return cached
      const snapshot = await repo.readCart(cartId)
      if (snapshot === undefined) {
        readCache.forget(cartId)
        throw cartNotFound()
      }
      const { cart, version, items, attachments } = snapshot
      const answer: Cart = { _id: cart.id, items: await present(cart, items, attachments, locale, revision) }
      const json = JSON.stringify(parseResponse(CartSchema, answer))
      readCache.put(cartId, locale, { version, catalogueRevision: revision, json })
      return json
    },

    async addItems(
      cartId: string,
      locale: Locale,
      inputs: readonly CartItemInput[],
    ): Promise<AddCartItemsResponse> {
      const cart = await cartOrNotFound(cartId)
      const revision = await pricing.revision()
      const prepared: Prepared[] = []
      // One after the other: the first bad item answers, and pricing stays one computation at a time.
      for (const [index, input] of inputs.entries()) {
        prepared.push(
          await prepare(cart, wantedOfInput(input), {
            at: ['items', index],
            index,
            checkRepair: true,
            checkPrintable: true,
          }),
        )
      }
      const ids = prepared.map(() => newId())
      const written = await db.transaction(async (tx) => {
        await lockedCart(tx, cartId)
        const { count, nextPosition } = await repo.countItems(tx, cartId)
        if (count + prepared.length > CART_MAX_ITEMS) {
          throw new AppError(ErrorCode.Conflict, `A cart holds at most ${CART_MAX_ITEMS} items`, {
            details: { reason: 'cart_full', maxItems: CART_MAX_ITEMS },
          })
        }
        for (const [index, item] of prepared.entries()) {
          await repo.insertItem(
            tx,
            { id: ids[index]!, cartId, position: nextPosition + index, configuration: item.configuration },
            item.price,
            revision,
          )
        }
        await repo.touchCart(tx, cartId)
        return readAll(tx, cartId)
      })
      return {
        items: await presentChanged(cart, written, locale),
        createdItems: ids.map((id) => ({ _id: id })),
      }
    },

    async patchItem(
      cartId: string,
      itemId: string,
      locale: Locale,
      patch: CartItemPatch,
    ): Promise<CartItemsResponse> {
      if (patch._id !== itemId) {
        throw invalid(['items', 0, '_id'], 'id_mismatch', 'The item in the body must be the item of the path')
      }
      const configurationChanges =
        patch.objectId !== undefined ||
        patch.scale !== undefined ||
        patch.printModeId !== undefined ||
        patch.surfaceFinishId !== undefined ||
        patch.printModeColorId !== undefined
      for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
        const { cart, row } = await existingItem(cartId, itemId)
        const revision = await pricing.revision()
        const wanted = wantedOfPatch(row, patch)
        const objectChanges = wanted.objectId !== row.model_file_id
        const prepared = await prepare(cart, wanted, {
          at: ['items', 0],
          index: 0,
          stored: {
            modelFileId: row.model_file_id,
            modelName: row.model_name,
            unit: row.unit_of_length,
            dimensions: row.model_dimensions,
          },
          checkRepair:
            objectChanges || (patch.acknowledgedRepairInfo === false && row.acknowledged_repair_info),
          checkPrintable: configurationChanges,
        })
        const written = await db.transaction(async (tx) => {
          await lockedCart(tx, cartId)
          const updated = await repo.updateItem(
            tx,
            { cartId, id: itemId, revision: row.revision, configuration: prepared.configuration },
            prepared.price,
            revision,
          )
          if (!updated) {
            if ((await repo.findItem(cartId, itemId, tx)) === undefined) throw itemNotFound()
            return undefined
          }
          await repo.touchCart(tx, cartId)
          return readAll(tx, cartId)
        })
        if (written !== undefined) return { items: await presentChanged(cart, written, locale) }
      }
      throw new AppError(ErrorCode.Conflict, 'The item kept changing while it was priced; try again', {
        details: { reason: 'item_changed' },
      })
    },

    async deleteItem(cartId: string, itemId: string, locale: Locale): Promise<CartItemsResponse> {
      const { cart, removed, ...written } = await db.transaction(async (tx) => {
        const locked = await lockedCart(tx, cartId)
        const deleted = await repo.deleteItem(tx, cartId, itemId)
        if (deleted === undefined) throw itemNotFound()
        await repo.touchCart(tx, cartId)
        return { cart: locked, removed: deleted, ...(await readAll(tx, cartId)) }
      })
      // Files go only once the rows are gone for good.
      if (removed.thumbnailName !== null) await cleanup(files.removeThumbnail(removed.thumbnailName))
      for (const id of removed.attachmentIds) await cleanup(files.removeFile(files.attachmentPath(id)))
      return { items: await presentChanged(cart, written, locale) }
    },

    /** 404 before an upload is read: nobody streams 20 MB into a cart that does not exist. */
    async assertItem(cartId: string, itemId: string): Promise<void> {
      await existingItem(cartId, itemId)
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
export type CartService = ReturnType<typeof createCartService>
