import { fromPromise } from 'xstate'
import { contactFormMachine } from '#machines/contact-form/contact-form.machine.ts'
import { notificationKindOf } from '#machines/notifications/notification-messages.ts'
import { newsletterFormMachine } from '#machines/newsletter-form/newsletter-form.machine.ts'
import { vatIdFormMachine } from '#machines/vat-id-form/vat-id-form.machine.ts'
import {
  CONTACT_PATH,
  type ContactRequestInput,
  type ContactResponse,
  ContactResponseSchema,
} from '#shared/contracts/contact.contract.ts'
import { type ApiClient } from '#client/actors/api-client.ts'
import { notify, type NotificationsRef } from '#client/actors/notify.ts'

/** `POST /api/contact` (spec part 1 §7, part 2 §7 `ContactForm.php`): every form sends here, told apart by `kind`. */
export type SubmitContact = (request: ContactRequestInput, signal?: AbortSignal) => Promise<ContactResponse>

export function createSubmitContact(api: ApiClient): SubmitContact {
  return (request, signal) => api.post(CONTACT_PATH, request, ContactResponseSchema, { signal })
}

export type FormsDeps = {
  submit: SubmitContact
  notifications: NotificationsRef
  /** The start page in the current language (after a contact message was sent). */
  goHome: () => void
}

/** The newsletter modal: sends `kind: 'newsletter'`; success and failure notify (the machine closes the modal). */
export function createNewsletterFormLogic(deps: FormsDeps) {
  return newsletterFormMachine.provide({
    actors: {
      submitNewsletter: fromPromise(({ input, signal }) => deps.submit(input.request, signal)),
    },
    actions: {
      notifyNewsletterSuccess: () => notify(deps.notifications, 'newsletter-success'),
      notifyNewsletterFailure: () => notify(deps.notifications, 'newsletter-failure'),
    },
  })
}

/** The contact and bug-report form: sends `kind: 'contact'` or `'bug-report'`; success goes to the start page. */
export function createContactFormLogic(deps: FormsDeps) {
  return contactFormMachine.provide({
    actors: {
      submitContact: fromPromise(({ input, signal }) => deps.submit(input.request, signal)),
    },
    actions: {
      notifyContactSuccess: () => notify(deps.notifications, 'contact-success'),
      notifyContactFailure: () => notify(deps.notifications, 'contact-failure'),
      navigateHome: () => deps.goHome(),
    },
  })
}

/** The VAT-ID form: sends `kind: 'vat-id'`; the success notice stays as long as the machine says (15 s). */
export function createVatIdFormLogic(deps: Omit<FormsDeps, 'goHome'>) {
  return vatIdFormMachine.provide({
    actors: {
      submitVatId: fromPromise(({ input, signal }) => deps.submit(input.request, signal)),
    },
    actions: {
      notifyVatIdSuccess: (_, params) =>
        deps.notifications.send({
          type: 'notify.show',
          notification: {
            kind: notificationKindOf['vat-id-success'],
            message: 'vat-id-success',
            durationMs: params.durationMs,
          },
        }),
      notifyVatIdFailure: () => notify(deps.notifications, 'vat-id-failure'),
    },
  })
}

export type VatIdFormLogic = ReturnType<typeof createVatIdFormLogic>
