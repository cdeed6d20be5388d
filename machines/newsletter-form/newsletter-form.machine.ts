import { assign, fromPromise, setup } from 'xstate'
import type { ContactResponse } from '#shared/contracts/contact.contract.ts'
import type { NewsletterRequest } from '#shared/contracts/newsletter.contract.ts'
import {
  canSubmitNewsletter,
  emptyNewsletterDraft,
  type NewsletterDraft,
  type NewsletterTextField,
  parseNewsletterDraft,
} from '#shared/domain/forms/newsletter-form.ts'

/** The newsletter modal has no input: the footer opens it with `form.open`. */
export type Input = undefined

export type Context = {
  /** The fields as typed; kept after a failed sign-up, emptied after a successful one. */
  draft: NewsletterDraft
}

export type Event =
  /** The footer's e-mail field was submitted: open the modal with that address (an empty one keeps the draft's). */
  | { type: 'form.open'; mail: string }
  | { type: 'form.change'; field: NewsletterTextField; value: string }
  | { type: 'form.setConfirmation'; confirmed: boolean }
  | { type: 'form.submit' }
  | { type: 'form.close' }

export const NEWSLETTER_FORM_TAGS = ['dialog-open', 'busy'] as const
export type NewsletterFormTag = (typeof NEWSLETTER_FORM_TAGS)[number]

/** The request of a draft the `canSubmit` guard let through. */
function requestOf(draft: NewsletterDraft): NewsletterRequest {
  const request = parseNewsletterDraft(draft)
  if (request === null) throw new Error('newsletterForm: submitting an invalid draft')
  return request
}

/**
 * The newsletter modal (spec part 1 §2 "Newsletter modal", §5 newsletter validation, §8 newsletter messages): opened
 * from the footer e-mail field with the address prefilled; send is possible only with a valid draft; success and
 * failure both notify and close the modal.
 */
export const newsletterFormMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as NewsletterFormTag,
  },
  actors: {
    /** Client: `POST /api/contact` with the request (`kind: 'newsletter'`). */
    submitNewsletter: fromPromise<ContactResponse, { request: NewsletterRequest }>(async () => {
      throw new Error('newsletterForm: submitNewsletter is not provided')
    }),
  },
  actions: {
    /** Client: the newsletter-success notification. */
    notifyNewsletterSuccess: () => {},
    /** Client: the newsletter-failure warning. */
    notifyNewsletterFailure: () => {},
    openWithMail: assign(({ context }, params: { mail: string }) => ({
      draft: { ...context.draft, mail: params.mail.trim() === '' ? context.draft.mail : params.mail.trim() },
    })),
    setField: assign(({ context }, params: { field: NewsletterTextField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
    })),
    setConfirmation: assign(({ context }, params: { confirmed: boolean }) => ({
      draft: { ...context.draft, confirmation: params.confirmed },
    })),
    clearDraft: assign({ draft: () => emptyNewsletterDraft() }),
  },
  guards: {
    /** Part 1 §5: the send button is disabled until the required fields are filled and every field is valid. */
    canSubmit: ({ context }) => canSubmitNewsletter(context.draft),
  },
}).createMachine({
  id: 'newsletterForm',
  initial: 'closed',
  context: { draft: emptyNewsletterDraft() },
  states: {
    closed: {
      on: {
        'form.open': {
          target: 'open',
          actions: { type: 'openWithMail', params: ({ event }) => ({ mail: event.mail }) },
        },
      },
    },
    open: {
      tags: 'dialog-open',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.change': {
              actions: {
                type: 'setField',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
            'form.setConfirmation': {
              actions: { type: 'setConfirmation', params: ({ event }) => ({ confirmed: event.confirmed }) },
            },
            'form.submit': { guard: 'canSubmit', target: 'submitting' },
            'form.close': { target: '#newsletterForm.closed' },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            id: 'submitNewsletter',
            src: 'submitNewsletter',
            input: ({ context }) => ({ request: requestOf(context.draft) }),
            onDone: { target: '#newsletterForm.closed', actions: ['notifyNewsletterSuccess', 'clearDraft'] },
            onError: { target: '#newsletterForm.closed', actions: 'notifyNewsletterFailure' },
          },
        },
      },
    },
  },
})
