import type { Locale } from '#shared/domain/limits.ts'
import { CART_PATH, type CartItem } from '#shared/contracts/cart.contract.ts'
import type { PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import type { CartFileStore } from '#server/modules/cart/cart-files.ts'
import type { CartItemPrice, CartPricing } from '#server/modules/cart/cart-pricing.ts'
import type { AttachmentRow, CartItemRow, CartRepo, CartRow } from '#server/modules/cart/cart.repo.ts'

/**
 * The cart as the client sees it: the stored snapshot of each item, priced again when the catalogue moved since
 * (docs/decisions/0060-cart-pricing.md), with the print mode's names in the reader's language.
 */

export function attachmentUrl(
  cartId: string,
  itemId: string,
  attachment: Pick<AttachmentRow, 'id' | 'file_name'>,
) {
  return `${CART_PATH}/${cartId}/item/${itemId}/attachments/${attachment.id}/${encodeURIComponent(attachment.file_name)}`
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

/** The chosen colour with its unit price; no pricing when the item could not be priced now (`current` null). */
function colorOf(mode: PrintMode | undefined, price: CartItemPrice, current: CartItemPrice | null) {
  const color = mode?.colors.find((candidate) => candidate.id === price.colorId)
  if (color === undefined) return null
  return {
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
  }
}

/** The chosen processing steps the print mode still offers, with their names and options. */
function stepsOf(mode: PrintMode | undefined, row: CartItemRow) {
  return row.processing_steps.flatMap((chosen) => {
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
  })
}

export function createCartPresenter(deps: { pricing: CartPricing; files: CartFileStore; repo: CartRepo }) {
  const { pricing, files, repo } = deps

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

  async function presentItem(
    cart: CartRow,
    row: CartItemRow,
    attachments: readonly AttachmentRow[],
    locale: Locale,
    revision: number,
  ): Promise<CartItem> {
    const current = await currentPrice(cart, row, revision)
    const price = current ?? storedPrice(row)
    const mode = await pricing.printMode(cart.white_label_id, locale, row.print_mode_id)
    const surfaceFinishId = price.surfaceFinishId
    const finish = mode?.surfaceFinishes.find((candidate) => candidate.id === surfaceFinishId)
    return {
      _id: row.id,
      objectId: row.model_file_id,
      quantity: row.quantity,
      scale: row.scale,
      printModeId: row.print_mode_id,
      surfaceFinishId,
      color: colorOf(mode, price, current),
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
      processingSteps: stepsOf(mode, row),
      attachments: attachments
        .filter((attachment) => attachment.cart_item_id === row.id)
        .map((attachment) => attachmentUrl(cart.id, row.id, attachment)),
    }
  }

  return {
    /** The items as the client sees them, priced at catalogue `revision`. */
    present(
      cart: CartRow,
      rows: readonly CartItemRow[],
      attachments: readonly AttachmentRow[],
      locale: Locale,
      revision: number,
    ): Promise<CartItem[]> {
      return Promise.all(rows.map((row) => presentItem(cart, row, attachments, locale, revision)))
    },
  }
}
export type CartPresenter = ReturnType<typeof createCartPresenter>
