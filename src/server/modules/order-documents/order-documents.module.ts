import type { Order } from '#shared/contracts/checkout.contract.ts'
import type { MailService } from '#server/modules/mail/mail.module.ts'
import type { OrderDocuments, OrderMailKind } from '#server/modules/orders/order-ports.ts'
import { orderMailMessage } from '#server/modules/order-documents/order-mails.ts'
import { renderOrderPdf } from '#server/modules/order-documents/order-pdf.ts'

export type { OrderDocuments } from '#server/modules/orders/order-ports.ts'

export interface OrderDocumentsModuleDeps {
  mail: Pick<MailService, 'send'>
}

/** Route-less: the orders module serves the PDF and sends the mails through this (issue 16, decision 0097). */
export interface OrderDocumentsModule {
  service: OrderDocuments
}

/** The mails that carry the order's document. */
const WITH_PDF: ReadonlySet<OrderMailKind> = new Set(['order_confirmation', 'quote'])

export function createOrderDocumentsModule(deps: OrderDocumentsModuleDeps): OrderDocumentsModule {
  const renderPdf = (order: Order) => renderOrderPdf(order)
  return {
    service: {
      renderPdf,
      async sendOrderMail(kind, order, statusMail, printabilityNote) {
        const pdf = WITH_PDF.has(kind) ? await renderPdf(order) : undefined
        await deps.mail.send(orderMailMessage(kind, order, pdf, statusMail, printabilityNote))
      },
    },
  }
}
