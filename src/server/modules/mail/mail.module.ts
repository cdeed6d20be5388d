import {
  createMailService,
  type MailService,
  type MailServiceOptions,
} from '#server/modules/mail/mail.service.ts'

export type { MailMessage, MailService, SentMail } from '#server/modules/mail/mail.service.ts'

/** Route-less: sends mail through SMTP or into the outbox; main.ts closes it on shutdown. */
export interface MailModule {
  service: MailService
}

export function createMailModule(options: MailServiceOptions): MailModule {
  return { service: createMailService(options) }
}
