import { rmSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { documentContent } from '#server/modules/order-documents/document-content.ts'
import { formatCents } from '#server/modules/order-documents/document-texts.ts'
import { createOrderDocumentsModule } from '#server/modules/order-documents/order-documents.module.ts'
import { createTempDir } from '#tests/integration/helpers/test-app.ts'
import { sampleOrder } from '#tests/server/order-documents/sample-order.ts'

/** Order documents (issue 16, decision 0097): the PDF's text, the mails in the outbox, amounts to the cent. */

const outboxDir = createTempDir('schichtwerk-order-mails-')
const mail = createMailService({ smtpUrl: undefined, from: 'Schichtwerk <shop@example.com>', outboxDir })
const documents = createOrderDocumentsModule({ mail }).service
afterAll(() => {
  mail.close()
  rmSync(outboxDir, { recursive: true, force: true })
})

/** WinAnsi bytes that differ from Latin-1 (the standard fonts' encoding). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
}

/** The text a PDF shows: each content stream inflated, each TJ/Tj string decoded; one entry per text run. */
function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf)
  const runs: string[] = []
  let from = 0
  for (;;) {
    const start = raw.indexOf('stream\n', from)
    if (start < 0) break
    const end = raw.indexOf('\nendstream', start)
    if (end < 0) break
    const body = raw.subarray(start + 'stream\n'.length, end)
    from = end + '\nendstream'.length
    let content: string
    try {
      content = inflateSync(body).toString('latin1')
    } catch {
      content = body.toString('latin1')
    }
    for (const array of content.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      const bytes = [...(array[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((hex) =>
        Buffer.from(hex[1] ?? '', 'hex'),
      )
      runs.push([...Buffer.concat(bytes)].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join(''))
    }
  }
  return runs.join('\n')
}

describe('the PDF', () => {
  it('shows the confirmation with number, date, addresses, lines and the totals of the order (de)', async () => {
    const order = sampleOrder()
    const pdf = await documents.renderPdf(order)
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = pdfText(pdf)
    for (const expected of [
      'Schichtwerk',
      'Auftragsbestätigung',
      'SW-2026-000123',
      '26. November 2026',
      'Bestellung eingegangen',
      'Müller & Söhne GmbH',
      'Lagerweg 1',
      'teil-1.stl',
      'Druckverfahren: PA12 (SLS)',
      'Oberfläche: Gestrahlt',
      'Farbe: Schwarz',
      'Rabatt (HERBST10)',
      'Mindermengenzuschlag',
      'Versand (DHL Paket)',
      'Gesamtbetrag',
      '39,75\u00a0€',
      'MwSt. 19 %',
      'IBAN: DE02120300000000202051',
    ]) {
      expect(text).toContain(expected)
    }
    // The quote's reproduction data is not on an order confirmation.
    expect(text).not.toContain('a'.repeat(64))
  })

  it('is a quote titled "Unverbindliches Angebot" with each file’s SHA-256 and price-sheet version', async () => {
    const order = sampleOrder({
      isQuote: true,
      orderStatus: 'QUOTE_GENERATED',
      paymentStatus: 'PAYMENT_NOT_DUE',
    })
    const text = pdfText(await documents.renderPdf(order))
    expect(text).toContain('Unverbindliches Angebot')
    expect(text).toContain('a'.repeat(64))
    expect(text).toContain('b'.repeat(64))
    expect(text).toContain('sheet-2026-11-01')
    expect(text).toContain('sheet-2026-11-02')
    expect(text).not.toContain('Auftragsbestätigung')
  })

  it('speaks the order’s language and states the invoice’s due days', async () => {
    const english = pdfText(
      await documents.renderPdf(
        sampleOrder({ locale: 'en', paymentMethod: 'billing', termsOfPaymentDays: 14, bankDetails: null }),
      ),
    )
    expect(english).toContain('Order confirmation')
    expect(english).toContain('€39.75')
    expect(english).toContain('Payable within 14 days without deduction.')
    const french = pdfText(await documents.renderPdf(sampleOrder({ locale: 'fr' })))
    expect(french).toContain('Confirmation de commande')
    expect(french).toContain('39,75\u00a0€')
  })

  it('renders the same order to the same bytes (reproducible)', async () => {
    const order = sampleOrder()
    const first = Buffer.from(await documents.renderPdf(order))
    const second = Buffer.from(await documents.renderPdf(order))
    expect(first.equals(second)).toBe(true)
  })
})

describe('the amounts', () => {
  it('are the order’s own cents, for private (gross) and business (net) customers', () => {
    for (const isBusinessCustomer of [false, true]) {
      const order = sampleOrder({ isBusinessCustomer })
      const totals = new Map(documentContent(order).totals)
      const { amounts } = order
      const shown = (amount: { netCents: number; totalCents: number }) =>
        formatCents(isBusinessCustomer ? amount.netCents : amount.totalCents, 'de')
      expect(totals.get('Gesamtbetrag')).toBe(formatCents(amounts.total.totalCents, 'de'))
      expect(totals.get('Summe netto')).toBe(formatCents(amounts.total.netCents, 'de'))
      expect(totals.get('MwSt. 19 %')).toBe(formatCents(amounts.total.taxCents, 'de'))
      expect(totals.get('Versand (DHL Paket)')).toBe(shown(amounts.shipping))
      expect(totals.get('Mindermengenzuschlag')).toBe(shown(amounts.smallOrderSurcharge))
      expect(totals.get('Rabatt (HERBST10)')).toBe(`- ${formatCents(250, 'de')}`)
      const lines = documentContent(order).items
      expect(lines[0]?.lineTotal).toBe(shown(order.items[0]!.linePrice))
    }
    expect(formatCents(3975, 'de')).toBe('39,75\u00a0€')
    expect(formatCents(123456, 'de')).toBe('1.234,56\u00a0€')
  })
})

describe('the mails', () => {
  const mailsTo = (address: string) => mail.outbox!.list().filter((entry) => entry.to.includes(address))

  it('sends the confirmation with its PDF to the order’s and the invoice e-mail', async () => {
    const base = sampleOrder({ email: 'bestell@example.com', orderNumber: 'SW-2026-000777' })
    const order = {
      ...base,
      billingInformation: { ...base.billingInformation, email: 'rechnung@example.com' },
    }
    await documents.sendOrderMail('order_confirmation', order)
    const [sent] = mailsTo('bestell@example.com')
    expect(sent?.to).toEqual(['bestell@example.com', 'rechnung@example.com'])
    expect(sent?.subject).toBe('Ihre Bestellung SW-2026-000777 bei Schichtwerk')
    expect(sent?.text).toContain('Der Gesamtbetrag ist 39,75\u00a0€.')
    expect(sent?.attachments).toEqual([
      {
        filename: 'Auftragsbestätigung-SW-2026-000777.pdf',
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ])
    const raw = mail.outbox!.read(sent!.id)!.raw
    expect(raw).toMatch(/Content-Type: application\/pdf/)
    const base64 = /Content-Transfer-Encoding: base64\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      raw,
    )?.[1]
    const attached = Buffer.from(base64 ?? '', 'base64')
    expect(attached.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdfText(attached)).toContain('SW-2026-000777')
  })

  it('sends the quote with its PDF and "payment received" without one (en)', async () => {
    await documents.sendOrderMail(
      'quote',
      sampleOrder({
        email: 'quote@example.com',
        isQuote: true,
        orderStatus: 'QUOTE_GENERATED',
        locale: 'en',
      }),
    )
    await documents.sendOrderMail(
      'payment_received',
      sampleOrder({ email: 'paid@example.com', paymentStatus: 'PAYMENT_RECEIVED', locale: 'en' }),
    )
    const [quote] = mailsTo('quote@example.com')
    expect(quote?.subject).toBe('Your non-binding quote SW-2026-000123 from Schichtwerk')
    expect(quote?.attachments?.[0]?.filename).toBe('Non-binding-quote-SW-2026-000123.pdf')
    const [paid] = mailsTo('paid@example.com')
    expect(paid?.subject).toBe('Payment received: order SW-2026-000123')
    expect(paid?.text).toContain('we have received your payment of €39.75.')
    expect(paid?.attachments).toBeUndefined()
  })
})
