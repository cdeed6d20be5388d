import type { Locale } from '#shared/domain/limits.ts'
import type { Order } from '#shared/contracts/checkout.contract.ts'
import type { MailMessage } from '#server/modules/mail/mail.module.ts'
import type { OrderStatus } from '#shared/domain/order-status.ts'
import type {
  OrderMailKind,
  OrderStatusMail,
  PrintabilityNoteMail,
} from '#server/modules/orders/order-ports.ts'
import { documentContent } from '#server/modules/order-documents/document-content.ts'
import { DOCUMENT_TEXTS, formatCents } from '#server/modules/order-documents/document-texts.ts'

/**
 * The order mails in the order's language: the confirmation and the quote (each with its PDF), "payment received",
 * a status change and a printability note (with the line's wall-thickness picture). The text repeats the items and
 * totals of the document, so a mail client without PDF shows them too.
 */

interface MailTexts {
  subject: (kind: OrderMailKind, orderNumber: string) => string
  greeting: (name: string) => string
  intro: (kind: OrderMailKind, total: string) => string
  attachment: string
  /** A printability note: the line it is about, and whether its wall-thickness picture is attached. */
  noteLine: (position: number, modelName: string) => string
  picture: string
  pictureName: string
  closing: string
}

const TEXTS: Record<Locale, MailTexts> = {
  de: {
    subject: (kind, number) =>
      ({
        order_confirmation: `Ihre Bestellung ${number} bei Schichtwerk`,
        quote: `Ihr unverbindliches Angebot ${number} von Schichtwerk`,
        payment_received: `Zahlung erhalten: Bestellung ${number}`,
        status_changed: `Ihre Bestellung ${number}`,
        printability_note: `Hinweis zur Druckbarkeit: Bestellung ${number}`,
      })[kind],
    greeting: (name) => `Hallo ${name},`,
    intro: (kind, total) =>
      ({
        order_confirmation: `vielen Dank für Ihre Bestellung. Der Gesamtbetrag ist ${total}.`,
        quote: `vielen Dank für Ihre Anfrage. Hier ist Ihr unverbindliches Angebot über ${total}.`,
        payment_received: `wir haben Ihre Zahlung über ${total} erhalten. Ihre Bestellung geht jetzt in die Fertigung.`,
        status_changed: 'der Stand Ihrer Bestellung hat sich geändert.',
        printability_note: 'wir haben Ihre Datei für den Druck geprüft und haben einen Hinweis für Sie.',
      })[kind],
    attachment: 'Das Dokument finden Sie als PDF im Anhang.',
    noteLine: (position, modelName) => `Position ${position}: ${modelName}`,
    picture: 'Im Anhang finden Sie das Wandstärkenbild dieser Datei.',
    pictureName: 'Wandstaerke',
    closing: 'Viele Grüße\nIhr Schichtwerk-Team',
  },
  en: {
    subject: (kind, number) =>
      ({
        order_confirmation: `Your order ${number} at Schichtwerk`,
        quote: `Your non-binding quote ${number} from Schichtwerk`,
        payment_received: `Payment received: order ${number}`,
        status_changed: `Your order ${number}`,
        printability_note: `Printability note: order ${number}`,
      })[kind],
    greeting: (name) => `Hello ${name},`,
    intro: (kind, total) =>
      ({
        order_confirmation: `thank you for your order. The total is ${total}.`,
        quote: `thank you for your request. Here is your non-binding quote for ${total}.`,
        payment_received: `we have received your payment of ${total}. Your order now goes into production.`,
        status_changed: 'the status of your order has changed.',
        printability_note: 'we have checked your file for printing and have a note for you.',
      })[kind],
    attachment: 'You will find the document attached as a PDF.',
    noteLine: (position, modelName) => `Item ${position}: ${modelName}`,
    picture: 'The wall-thickness picture of this file is attached.',
    pictureName: 'wall-thickness',
    closing: 'Kind regards\nYour Schichtwerk team',
  },
  fr: {
    subject: (kind, number) =>
      ({
        order_confirmation: `Votre commande ${number} chez Schichtwerk`,
        quote: `Votre devis sans engagement ${number} de Schichtwerk`,
        payment_received: `Paiement reçu : commande ${number}`,
        status_changed: `Votre commande ${number}`,
        printability_note: `Remarque sur l’imprimabilité : commande ${number}`,
      })[kind],
    greeting: (name) => `Bonjour ${name},`,
    intro: (kind, total) =>
      ({
        order_confirmation: `merci pour votre commande. Le montant total est de ${total}.`,
        quote: `merci pour votre demande. Voici votre devis sans engagement de ${total}.`,
        payment_received: `nous avons reçu votre paiement de ${total}. Votre commande passe maintenant en production.`,
        status_changed: 'l’état de votre commande a changé.',
        printability_note:
          'nous avons vérifié votre fichier pour l’impression et avons une remarque pour vous.',
      })[kind],
    attachment: 'Vous trouverez le document en pièce jointe au format PDF.',
    noteLine: (position, modelName) => `Position ${position} : ${modelName}`,
    picture: 'Vous trouverez en pièce jointe l’image de l’épaisseur de paroi de ce fichier.',
    pictureName: 'epaisseur-de-paroi',
    closing: 'Cordialement\nL’équipe Schichtwerk',
  },
}

/** The order's e-mail and, when given and different, the separate invoice e-mail. */
export function recipientsOf(order: Order): string[] {
  const invoiceEmail = order.billingInformation.email
  const recipients = [order.email]
  if (invoiceEmail !== '' && invoiceEmail.toLowerCase() !== order.email.toLowerCase())
    recipients.push(invoiceEmail)
  return recipients
}

export function pdfFileName(order: Order): string {
  const texts = DOCUMENT_TEXTS[order.locale]
  const title = order.isQuote ? texts.quoteTitle : texts.confirmationTitle
  return `${title.replace(/[^\p{L}\p{N}]+/gu, '-')}-${order.orderNumber}.pdf`
}

/** The status as the customer reads it in a status_changed mail (shipped is "wurde versandt"). */
const STATUS_LABELS: Record<Locale, Record<OrderStatus, string>> = {
  de: {
    QUOTE_GENERATED: 'Angebot erstellt',
    ORDER_RECEIVED: 'Bestellung eingegangen',
    READY_FOR_PROCESSING: 'wird bearbeitet',
    CUSTOMER_CONTACTED: 'Rückfrage an Sie',
    FILES_PRINTABLE: 'Dateien druckbar',
    FILES_NOT_PRINTABLE: 'Dateien nicht druckbar',
    SUPPLIER_REQUEST_SENT: 'Anfrage an Zulieferer gesendet',
    IN_PRODUCTION: 'in Fertigung',
    PARTS_DEFECTIVE: 'Teile fehlerhaft, werden neu gefertigt',
    PARTS_REVIEWED: 'Teile geprüft',
    ORDER_CANCELLED: 'storniert',
    ORDER_COMPLETED: 'wurde versandt',
    UNKNOWN: 'Status unbekannt',
  },
  en: {
    QUOTE_GENERATED: 'quote created',
    ORDER_RECEIVED: 'order received',
    READY_FOR_PROCESSING: 'being processed',
    CUSTOMER_CONTACTED: 'we have a question',
    FILES_PRINTABLE: 'files printable',
    FILES_NOT_PRINTABLE: 'files not printable',
    SUPPLIER_REQUEST_SENT: 'request sent to supplier',
    IN_PRODUCTION: 'in production',
    PARTS_DEFECTIVE: 'parts defective, being reproduced',
    PARTS_REVIEWED: 'parts checked',
    ORDER_CANCELLED: 'cancelled',
    ORDER_COMPLETED: 'has been shipped',
    UNKNOWN: 'status unknown',
  },
  fr: {
    QUOTE_GENERATED: 'devis établi',
    ORDER_RECEIVED: 'commande reçue',
    READY_FOR_PROCESSING: 'en cours de traitement',
    CUSTOMER_CONTACTED: 'nous avons une question',
    FILES_PRINTABLE: 'fichiers imprimables',
    FILES_NOT_PRINTABLE: 'fichiers non imprimables',
    SUPPLIER_REQUEST_SENT: 'demande envoyée au fournisseur',
    IN_PRODUCTION: 'en production',
    PARTS_DEFECTIVE: 'pièces défectueuses, refabrication en cours',
    PARTS_REVIEWED: 'pièces contrôlées',
    ORDER_CANCELLED: 'annulée',
    ORDER_COMPLETED: 'a été expédiée',
    UNKNOWN: 'statut inconnu',
  },
}

function subjectOf(kind: OrderMailKind, order: Order, statusMail: OrderStatusMail | undefined): string {
  const subject = TEXTS[order.locale].subject(kind, order.orderNumber)
  if (kind !== 'status_changed' || statusMail === undefined) return subject
  return `${subject}: ${STATUS_LABELS[order.locale][statusMail.status]}`
}

/** The line a printability note is about (1-based position), or undefined for a line of no such order. */
function noteLineOf(order: Order, note: PrintabilityNoteMail) {
  const index = order.items.findIndex((item) => item._id === note.lineId)
  return index < 0 ? undefined : { position: index + 1, modelName: order.items[index]!.modelName }
}

function printabilitySections(order: Order, note: PrintabilityNoteMail): string[] {
  const texts = TEXTS[order.locale]
  const line = noteLineOf(order, note)
  return [
    ...(line === undefined ? [] : [texts.noteLine(line.position, line.modelName)]),
    note.message.trim(),
    ...(note.picture === null ? [] : [texts.picture]),
  ]
}

export function pictureFileName(order: Order, note: PrintabilityNoteMail): string {
  const position = noteLineOf(order, note)?.position ?? 0
  return `${TEXTS[order.locale].pictureName}-${order.orderNumber}-${position}.png`
}

function bodyOf(
  kind: OrderMailKind,
  order: Order,
  statusMail?: OrderStatusMail,
  printabilityNote?: PrintabilityNoteMail,
): string {
  const texts = TEXTS[order.locale]
  const content = documentContent(order)
  const name = `${order.billingInformation.firstname} ${order.billingInformation.lastname}`
  const sections = [
    texts.greeting(name),
    texts.intro(kind, formatCents(order.amounts.total.totalCents, order.locale)),
  ]
  if (statusMail !== undefined) {
    sections.push(`${order.orderNumber}: ${STATUS_LABELS[order.locale][statusMail.status]}`)
    if (statusMail.note.trim() !== '') sections.push(statusMail.note.trim())
  }
  if (kind === 'printability_note' && printabilityNote !== undefined)
    sections.push(...printabilitySections(order, printabilityNote))
  if (kind === 'order_confirmation' || kind === 'quote') {
    sections.push(content.meta.map(([label, value]) => `${label}: ${value}`).join('\n'))
    sections.push(
      content.items
        .map(
          (item) =>
            `${item.position}. ${item.name} (${item.details.join(', ')}) — ${item.quantity} × ${item.unitPrice} = ${item.lineTotal}`,
        )
        .join('\n'),
    )
    sections.push(content.totals.map(([label, value]) => `${label}: ${value}`).join('\n'))
    sections.push(content.payment.join('\n'))
    sections.push(texts.attachment)
  }
  sections.push(texts.closing)
  return `${sections.join('\n\n')}\n`
}

/**
 * The message of `kind` for `order`; `pdf` is attached for the confirmation and the quote, a printability note's
 * wall-thickness picture to its mail.
 */
export function orderMailMessage(
  kind: OrderMailKind,
  order: Order,
  pdf: Uint8Array | undefined,
  statusMail?: OrderStatusMail,
  printabilityNote?: PrintabilityNoteMail,
): MailMessage {
  const attachments: NonNullable<MailMessage['attachments']> = []
  if (pdf !== undefined)
    attachments.push({ filename: pdfFileName(order), contentType: 'application/pdf', content: pdf })
  if (kind === 'printability_note' && printabilityNote !== undefined && printabilityNote.picture !== null)
    attachments.push({
      filename: pictureFileName(order, printabilityNote),
      contentType: 'image/png',
      // pg answers a Buffer; the mail wants plain bytes either way.
      content: new Uint8Array(printabilityNote.picture),
    })
  return {
    to: recipientsOf(order),
    subject: subjectOf(kind, order, statusMail),
    text: bodyOf(kind, order, statusMail, printabilityNote),
    ...(attachments.length === 0 ? {} : { attachments }),
  }
}
