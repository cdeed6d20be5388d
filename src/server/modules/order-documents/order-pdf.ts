import type PDFKitDocument from 'pdfkit'
import type { Order } from '#shared/contracts/checkout.contract.ts'
import {
  documentContent,
  type DocumentContent,
  type Pair,
} from '#server/modules/order-documents/document-content.ts'
import { DOCUMENT_TEXTS } from '#server/modules/order-documents/document-texts.ts'

/**
 * The order confirmation or quote as a PDF (pdfkit, decision 0097): A4, the PDF standard fonts (Helvetica covers
 * German and French through WinAnsi, and needs no font file), the content of document-content.ts. The creation date
 * is the order's, so rendering the same order again gives the same document.
 */

export interface PdfOptions {
  /** Uncompressed content streams (tests read the text). */
  compress?: boolean
}

type Doc = InstanceType<typeof PDFKitDocument>

const MARGIN = 50
const PAGE_WIDTH = 595.28
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
/** x positions of the item table's columns. */
const COLUMNS = { position: MARGIN, article: MARGIN + 30, quantity: 340, unitPrice: 380, lineTotal: 465 }
const MONEY_WIDTH = 80

function pairs(
  doc: Doc,
  rows: readonly Pair[],
  options: { x: number; labelWidth: number; size: number },
): void {
  doc.fontSize(options.size)
  for (const [label, value] of rows) {
    const y = doc.y
    doc.font('Helvetica').text(label, options.x, y, { width: options.labelWidth })
    const labelBottom = doc.y
    doc.text(value, options.x + options.labelWidth + 10, y, {
      width: CONTENT_WIDTH - options.labelWidth - 10 - (options.x - MARGIN),
    })
    doc.y = Math.max(doc.y, labelBottom)
  }
}

function header(doc: Doc, content: DocumentContent): void {
  doc.font('Helvetica-Bold').fontSize(20).text('Schichtwerk', MARGIN, MARGIN)
  doc.font('Helvetica').fontSize(9).text('3D-Druck auf Bestellung', { width: CONTENT_WIDTH })
  doc.moveDown(1.5)
  doc.font('Helvetica-Bold').fontSize(16).text(content.title, MARGIN)
  doc.moveDown(0.5)
  pairs(doc, content.meta, { x: MARGIN, labelWidth: 120, size: 10 })
  doc.moveDown(1)
}

function addresses(doc: Doc, content: DocumentContent, labels: readonly [string, string]): void {
  const top = doc.y
  const half = CONTENT_WIDTH / 2
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(labels[0], MARGIN, top, { width: half - 10 })
  doc.font('Helvetica').text(content.billingAddress.join('\n'), { width: half - 10 })
  const leftBottom = doc.y
  doc.font('Helvetica-Bold').text(labels[1], MARGIN + half, top, { width: half - 10 })
  doc.font('Helvetica').text(content.shippingAddress.join('\n'), { width: half - 10 })
  doc.y = Math.max(doc.y, leftBottom)
  doc.moveDown(1)
}

function items(doc: Doc, content: DocumentContent, headings: readonly string[]): void {
  const [position = '', article = '', quantity = '', unitPrice = '', lineTotal = ''] = headings
  const row = (cells: readonly [string, string, string, string, string], bold: boolean) => {
    if (doc.y > 740) doc.addPage()
    const y = doc.y
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9)
    doc.text(cells[0], COLUMNS.position, y, { width: 25 })
    doc.text(cells[1], COLUMNS.article, y, { width: COLUMNS.quantity - COLUMNS.article - 10 })
    const bottom = doc.y
    doc.text(cells[2], COLUMNS.quantity, y, { width: 35, align: 'right' })
    doc.text(cells[3], COLUMNS.unitPrice, y, { width: MONEY_WIDTH, align: 'right' })
    doc.text(cells[4], COLUMNS.lineTotal, y, { width: MONEY_WIDTH, align: 'right' })
    doc.y = Math.max(doc.y, bottom) + 4
  }
  row([position, article, quantity, unitPrice, lineTotal], true)
  for (const item of content.items) {
    row(
      [item.position, [item.name, ...item.details].join('\n'), item.quantity, item.unitPrice, item.lineTotal],
      false,
    )
  }
  doc.font('Helvetica-Oblique').fontSize(8).text(content.pricesNote, MARGIN, doc.y, { width: CONTENT_WIDTH })
  doc.moveDown(1)
}

function totals(doc: Doc, content: DocumentContent): void {
  const last = content.totals.length - 1
  content.totals.forEach(([label, value], index) => {
    const y = doc.y
    doc.font(index === last ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
    doc.text(label, 250, y, { width: 200 })
    doc.text(value, COLUMNS.lineTotal, y, { width: MONEY_WIDTH, align: 'right' })
  })
  doc.moveDown(1)
}

function footer(doc: Doc, content: DocumentContent): void {
  doc.font('Helvetica').fontSize(10)
  for (const line of content.payment) doc.text(line, MARGIN, doc.y, { width: CONTENT_WIDTH })
  doc.moveDown(1)
  if (content.quoteFiles.length > 0) pairs(doc, content.quoteFiles, { x: MARGIN, labelWidth: 160, size: 8 })
  doc.moveDown(0.5)
  doc.fontSize(9)
  for (const note of content.notes) doc.text(note, MARGIN, doc.y, { width: CONTENT_WIDTH })
}

export async function renderOrderPdf(order: Order, options: PdfOptions = {}): Promise<Uint8Array> {
  // Loaded with the first document: pdfkit and its font tables cost an idle server ~25 MB (issue 18, decision 0117).
  const { default: PDFDocument } = await import('pdfkit')
  const content = documentContent(order)
  const texts = DOCUMENT_TEXTS[order.locale]
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: `${content.title} ${order.orderNumber}`,
      Author: 'Schichtwerk',
      CreationDate: new Date(order.createdAt),
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
  header(doc, content)
  addresses(doc, content, [texts.billingAddress, texts.shippingAddress])
  items(doc, content, [texts.position, texts.article, texts.quantity, texts.unitPrice, texts.lineTotal])
  totals(doc, content)
  footer(doc, content)
  doc.end()
  return done
}
