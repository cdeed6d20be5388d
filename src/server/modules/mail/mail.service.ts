import { z } from 'zod'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import { createOutbox } from '#server/modules/mail/outbox.ts'

/**
 * Sends mail through SMTP when SMTP_URL is set, otherwise into the outbox (DATA_DIR/outbox). Header fields are
 * validated here, before nodemailer: a CR or LF in a subject or address would let user input add headers or
 * recipients (commerce-reliability check 43), so such a message is refused, not cleaned up.
 */

const oneLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !/[\r\n\0]/.test(value), 'must not contain line breaks')

export const MailMessageSchema = z.object({
  to: z.array(oneLine(254).pipe(z.email())).min(1).max(50),
  replyTo: oneLine(254).pipe(z.email()).optional(),
  subject: oneLine(200).min(1),
  text: z.string().max(200_000),
  html: z.string().max(500_000).optional(),
  /** Files sent with the message (an order's PDF); their names are header text too, so one line each. */
  attachments: z
    .array(
      z.object({
        filename: oneLine(200).min(1),
        contentType: oneLine(100).regex(/^[a-z]+\/[a-z0-9.+-]+$/),
        content: z
          .custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be bytes')
          .refine((bytes) => bytes.byteLength <= 10_000_000, 'at most 10 MB'),
      }),
    )
    .max(5)
    .optional(),
})
export type MailMessage = z.input<typeof MailMessageSchema>

export interface SentMail {
  messageId: string
  /** The outbox entry id when the message went to the outbox. */
  outboxId?: string
}

export interface MailServiceOptions {
  smtpUrl: string | undefined
  from: string
  outboxDir: string
}

/** nodemailer is loaded with the first mail: an idle server does not need its ~15 MB (issue 18, decision 0117). */
async function createTransports(smtpUrl: string | undefined) {
  const { default: nodemailer } = await import('nodemailer')
  return {
    smtp: smtpUrl === undefined ? undefined : nodemailer.createTransport(smtpUrl),
    // Builds the same MIME message the SMTP transport would send, as one buffer for the .eml file.
    composer: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  }
}

export function createMailService(options: MailServiceOptions) {
  if (/[\r\n]/.test(options.from)) throw new Error('MAIL_FROM must be one line')
  const target =
    options.smtpUrl === undefined
      ? { kind: 'outbox' as const, outbox: createOutbox(options.outboxDir) }
      : { kind: 'smtp' as const }
  let transports: ReturnType<typeof createTransports> | undefined

  return {
    kind: target.kind,
    /** Undefined when mail goes out through SMTP. */
    outbox: target.kind === 'outbox' ? target.outbox : undefined,
    async send(input: MailMessage): Promise<SentMail> {
      const parsed = MailMessageSchema.safeParse(input)
      if (!parsed.success) {
        throw new AppError(ErrorCode.ValidationFailed, 'Invalid mail message', {
          issues: parsed.error.issues.map((issue) => ({
            path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
            code: issue.code,
            message: issue.message,
          })),
        })
      }
      const message = parsed.data
      const envelope = {
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        ...(message.attachments === undefined
          ? {}
          : {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: Buffer.from(file.content),
              })),
            }),
        // Never let nodemailer read files or URLs named in the content.
        disableFileAccess: true,
        disableUrlAccess: true,
      }
      const { smtp, composer } = await (transports ??= createTransports(options.smtpUrl))
      if (smtp !== undefined) {
        const info = await smtp.sendMail(envelope)
        return { messageId: info.messageId }
      }
      if (target.kind !== 'outbox') throw new Error('no SMTP transport')
      const info = await composer.sendMail(envelope)
      const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message))
      const entry = target.outbox.write(raw, {
        messageId: info.messageId,
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        ...(message.attachments === undefined
          ? {}
          : {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                size: file.content.byteLength,
              })),
            }),
      })
      return { messageId: info.messageId, outboxId: entry.id }
    },
    close(): void {
      void transports?.then(({ smtp, composer }) => {
        smtp?.close()
        composer.close()
      })
    },
  }
}
export type MailService = ReturnType<typeof createMailService>
