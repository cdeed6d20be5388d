import type { Order, OrderLine } from '#shared/contracts/checkout.contract.ts'
import {
  DOCUMENT_TEXTS,
  type DocumentTexts,
  formatCents,
  formatDate,
} from '#server/modules/order-documents/document-texts.ts'

/**
 * What an order document says, as text in the order's language, taken from the order as it was frozen at
 * placement: no amount is computed here, every figure is one of the order's own (so PDF total = order total =
 * amount sent to PayPal, commerce-reliability check 16). The PDF and the mails lay this out.
 */

export type Pair = readonly [label: string, value: string]

export interface DocumentItem {
  position: string
  name: string
  details: string[]
  quantity: string
  unitPrice: string
  lineTotal: string
}

export interface DocumentContent {
  title: string
  meta: Pair[]
  billingAddress: string[]
  shippingAddress: string[]
  items: DocumentItem[]
  pricesNote: string
  totals: Pair[]
  payment: string[]
  /** Quotes: each file's SHA-256 and price-sheet version, so the quote can be reproduced. */
  quoteFiles: Pair[]
  notes: string[]
}

type Address = Order['billingInformation']

function addressLines(address: Address): string[] {
  return [
    address.company,
    [address.title, address.firstname, address.lastname].filter((part) => part !== '').join(' '),
    address.street,
    address.addressSuffix,
    `${address.postalCode} ${address.city}`,
    address.countryName,
    address.vatRegistrationNumber,
  ].filter((line) => line.trim() !== '')
}

function itemOf(line: OrderLine, index: number, order: Order, texts: DocumentTexts): DocumentItem {
  const money = (amount: OrderLine['unitPrice']) =>
    formatCents(order.isBusinessCustomer ? amount.netCents : amount.totalCents, order.locale)
  const details = [
    `${texts.printMode}: ${line.printModeName}`,
    ...(line.surfaceFinishName === null ? [] : [`${texts.finish}: ${line.surfaceFinishName}`]),
    ...(line.colorName === null ? [] : [`${texts.colour}: ${line.colorName}`]),
  ]
  return {
    position: String(index + 1),
    name: line.modelName,
    details,
    quantity: String(line.quantity),
    unitPrice: money(line.unitPrice),
    lineTotal: money(line.linePrice),
  }
}

function totalsOf(order: Order, texts: DocumentTexts): Pair[] {
  const { amounts, locale } = order
  const shown = (amount: { netCents: number; totalCents: number }) =>
    formatCents(order.isBusinessCustomer ? amount.netCents : amount.totalCents, locale)
  const discount = amounts.discount
  const rows: Pair[] = []
  if (discount?.applied === true && discount.discountCents > 0) {
    rows.push([texts.itemsBeforeDiscount, shown(amounts.beforeDiscount)])
    rows.push([texts.discount(discount.code), `- ${formatCents(discount.discountCents, locale)}`])
  }
  rows.push([
    discount?.applied === true ? texts.itemsAfterDiscount : texts.itemsBeforeDiscount,
    shown(amounts.items),
  ])
  if (amounts.smallOrderSurcharge.totalCents > 0)
    rows.push([texts.surcharge, shown(amounts.smallOrderSurcharge)])
  rows.push([texts.shipping(order.shippingMethod.name), shown(amounts.shipping)])
  rows.push([texts.net, formatCents(amounts.total.netCents, locale)])
  rows.push([
    texts.tax(String(amounts.taxRatePercent).replace('.', ',')),
    formatCents(amounts.total.taxCents, locale),
  ])
  rows.push([texts.total, formatCents(amounts.total.totalCents, locale)])
  return rows
}

function paymentOf(order: Order, texts: DocumentTexts): string[] {
  const lines = [`${texts.paymentMethod}: ${texts.paymentMethods[order.paymentMethod]}`]
  if (order.isQuote) return lines
  if (order.paymentMethod === 'prepaid' && order.bankDetails !== null) {
    const bank = order.bankDetails
    lines.push(
      texts.bankIntro(order.orderNumber),
      `${texts.accountHolder}: ${bank.accountHolder}`,
      `IBAN: ${bank.iban}`,
      `BIC: ${bank.bic}`,
      `Bank: ${bank.bank}`,
    )
  }
  if (order.paymentMethod === 'billing' && order.termsOfPaymentDays !== null) {
    lines.push(texts.invoiceDue(order.termsOfPaymentDays))
  }
  return lines
}

export function documentContent(order: Order): DocumentContent {
  const texts = DOCUMENT_TEXTS[order.locale]
  const meta: Pair[] = [
    [texts.orderNumber, order.orderNumber],
    [texts.date, formatDate(order.createdAt, order.locale)],
    [texts.status, texts.statuses[order.orderStatus]],
    [texts.paymentStatus, texts.paymentStatuses[order.paymentStatus]],
  ]
  if (order.customerRemarks.referenceNumber !== '')
    meta.push([texts.reference, order.customerRemarks.referenceNumber])
  return {
    title: order.isQuote ? texts.quoteTitle : texts.confirmationTitle,
    meta,
    billingAddress: addressLines(order.billingInformation),
    shippingAddress: addressLines(order.shippingInformation),
    items: order.items.map((line, index) => itemOf(line, index, order, texts)),
    pricesNote: order.isBusinessCustomer ? texts.pricesNet : texts.pricesGross,
    totals: totalsOf(order, texts),
    payment: paymentOf(order, texts),
    quoteFiles: order.isQuote
      ? order.items.flatMap((line, index): Pair[] => [
          [`${index + 1}. ${line.modelName} — ${texts.fileHash}`, line.fileSha256],
          [`${index + 1}. ${texts.sheetVersion}`, line.sheetVersion],
        ])
      : [],
    notes: [
      texts.productionTime(order.estimatedProductionTimeDays),
      ...(order.isQuote ? [texts.quoteNote] : []),
    ],
  }
}
