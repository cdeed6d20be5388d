import { assign, fromPromise, setup } from 'xstate'
import { type SignUpRequestInput } from '#shared/contracts/account.contract.ts'
import { type ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import { type AddressField, defaultCountryId } from '#shared/domain/forms/address.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, httpStatusOf } from '#machines/api-call/api-error.ts'
import {
  type AddressDraft,
  type AddressKind,
  canSubmitRegistration,
  emptyRegisterDraft,
  hasIssues,
  noIssues,
  type RegisterDraft,
  type RegisterIssues,
  serverIssuesOf,
  signUpRequestOf,
} from './register-draft.ts'

export type Input = {
  /** The shopper's customer-type preference when the form opens (the view keeps it in step afterwards). */
  isBusinessCustomer: boolean
  /** How long the sent form stays filled before it is emptied: REGISTRATION_FORM_CLEAR_MS (1 s) in the shop. */
  clearDelayMs: number
}

/** What the last send came to; the view shows it above the form until the next send. */
export type Outcome =
  | { kind: 'sent'; email: string }
  /** 409: the username is taken (part 2 §8); the field keeps it. */
  | { kind: 'usernameTaken'; username: string }
  /** 400 with field issues: they show at their fields. */
  | { kind: 'invalid' }
  | { kind: 'failed'; error: ErrorCode }

export type Context = {
  countries: readonly ShippingCountry[]
  isBusinessCustomer: boolean
  clearDelayMs: number
  /** Everything typed; kept on every failure, emptied `clearDelayMs` after a successful send. */
  draft: RegisterDraft
  /** The server's field issues of the last refused send; a field's issue goes when the field changes. */
  serverIssues: RegisterIssues
  outcome: Outcome | null
}

export type AccountTextField = 'username' | 'email' | 'password' | 'passwordRepeat'

export type Event =
  /** The route opened the form: load the countries unless they are there. */
  | { type: 'form.open' }
  | { type: 'form.retry' }
  | { type: 'form.change'; field: AccountTextField; value: string }
  | { type: 'form.changeAddress'; kind: AddressKind; field: AddressField; value: string }
  | { type: 'form.setShippingDiffers'; differs: boolean }
  | { type: 'form.setPrivacy'; accepted: boolean }
  /** The customer-type preference changed (company and VAT number rules follow it). */
  | { type: 'form.setBusinessCustomer'; isBusinessCustomer: boolean }
  | { type: 'form.submit' }

export const REGISTER_TAGS = ['loading', 'load-failed', 'busy', 'sent'] as const
export type RegisterTag = (typeof REGISTER_TAGS)[number]

const rulesOf = (context: Context) => ({
  countries: context.countries,
  isBusinessCustomer: context.isBusinessCustomer,
})

/** The request of a draft the `canSubmit` guard let through. */
function requestOf(context: Context): SignUpRequestInput {
  const request = signUpRequestOf(context.draft, rulesOf(context))
  if (request === null) throw new Error('register: submitting an invalid draft')
  return request
}

/** An address with the default country where none is chosen yet (the countries arrived after the draft). */
const withCountry = (address: AddressDraft, countryId: string): AddressDraft =>
  address.countryId === '' ? { ...address, countryId } : address

/** The draft with one field changed, and that field's server issue gone. */
function changeAccount(context: Context, field: AccountTextField, value: string): Partial<Context> {
  const account = { ...context.serverIssues.account }
  delete account[field]
  return { draft: { ...context.draft, [field]: value }, serverIssues: { ...context.serverIssues, account } }
}

function changeAddress(context: Context, kind: AddressKind, field: AddressField, value: string) {
  const key = kind === 'billing' ? 'billingAddress' : 'shippingAddress'
  const issues = { ...context.serverIssues[kind] }
  delete issues[field]
  return {
    draft: { ...context.draft, [key]: { ...context.draft[key], [field]: value } },
    serverIssues: { ...context.serverIssues, [kind]: issues },
  }
}

/** The outcome of a refused send: 409 username taken, 400 with placeable field issues, or the failure's code. */
function failureOf(context: Context, error: unknown): Pick<Context, 'outcome' | 'serverIssues'> {
  if (httpStatusOf(error) === 409)
    return {
      outcome: { kind: 'usernameTaken', username: context.draft.username.trim() },
      serverIssues: noIssues(),
    }
  const issues = httpStatusOf(error) === 400 ? serverIssuesOf(error) : null
  if (issues !== null && hasIssues(issues)) return { outcome: { kind: 'invalid' }, serverIssues: issues }
  return { outcome: { kind: 'failed', error: errorCodeOf(error) }, serverIssues: noIssues() }
}

/**
 * The registration form (spec part 2 §2 Registration screen, §4 Registration, §5, §8 Registration, §9): username,
 * e-mail, password twice, billing address, an optional different shipping address and the privacy box, sent only
 * when every rule holds; a successful send shows that the confirmation mail is on its way and empties the form after
 * `clearDelayMs`; a taken username (409), refused fields (400) or any other failure keep the whole draft.
 */
export const registerMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as RegisterTag,
  },
  actors: {
    /** Client: `GET /api/shipping/countries` (the country select and the postal-code patterns). */
    loadCountries: fromPromise<readonly ShippingCountry[]>(async () => {
      throw new Error('register: loadCountries is not provided')
    }),
    /** Client: `POST /api/auth/signup`; rejects with the API error (`status`, `code`, `issues`). */
    signUp: fromPromise<unknown, { request: SignUpRequestInput }>(async () => {
      throw new Error('register: signUp is not provided')
    }),
  },
  actions: {
    setCountries: assign(({ context }, params: { countries: readonly ShippingCountry[] }) => {
      const countryId = defaultCountryId(params.countries)
      return {
        countries: params.countries,
        draft: {
          ...context.draft,
          billingAddress: withCountry(context.draft.billingAddress, countryId),
          shippingAddress: withCountry(context.draft.shippingAddress, countryId),
        },
      }
    }),
    setField: assign(({ context }, params: { field: AccountTextField; value: string }) =>
      changeAccount(context, params.field, params.value),
    ),
    setAddressField: assign(
      ({ context }, params: { kind: AddressKind; field: AddressField; value: string }) =>
        changeAddress(context, params.kind, params.field, params.value),
    ),
    setShippingDiffers: assign(({ context }, params: { differs: boolean }) => ({
      draft: { ...context.draft, shippingDiffers: params.differs },
    })),
    setPrivacy: assign(({ context }, params: { accepted: boolean }) => ({
      draft: { ...context.draft, privacyAccepted: params.accepted },
    })),
    setBusinessCustomer: assign((_, params: { isBusinessCustomer: boolean }) => ({
      isBusinessCustomer: params.isBusinessCustomer,
    })),
    startSending: assign({ outcome: null, serverIssues: noIssues() }),
    setSent: assign(({ context }) => ({
      outcome: { kind: 'sent', email: context.draft.email.trim() } satisfies Outcome,
    })),
    setFailure: assign(({ context }, params: { error: unknown }) => failureOf(context, params.error)),
    clearDraft: assign(({ context }) => ({ draft: emptyRegisterDraft(context.countries) })),
  },
  guards: {
    /** Part 2 §5: every rule holds and no field the server refused is left unchanged. */
    canSubmit: ({ context }) =>
      canSubmitRegistration(context.draft, rulesOf(context)) && !hasIssues(context.serverIssues),
  },
  delays: {
    clearAfterSent: ({ context }) => context.clearDelayMs,
  },
}).createMachine({
  id: 'register',
  initial: 'idle',
  context: ({ input }) => ({
    countries: [],
    isBusinessCustomer: input.isBusinessCustomer,
    clearDelayMs: input.clearDelayMs,
    draft: emptyRegisterDraft([]),
    serverIssues: noIssues(),
    outcome: null,
  }),
  on: {
    'form.setBusinessCustomer': {
      actions: {
        type: 'setBusinessCustomer',
        params: ({ event }) => ({ isBusinessCustomer: event.isBusinessCustomer }),
      },
    },
  },
  states: {
    idle: { on: { 'form.open': 'loading' } },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: {
          target: 'editing',
          actions: { type: 'setCountries', params: ({ event }) => ({ countries: event.output }) },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: { tags: 'load-failed', on: { 'form.retry': 'loading', 'form.open': 'loading' } },
    editing: {
      on: {
        'form.change': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.changeAddress': {
          actions: {
            type: 'setAddressField',
            params: ({ event }) => ({ kind: event.kind, field: event.field, value: event.value }),
          },
        },
        'form.setShippingDiffers': {
          actions: { type: 'setShippingDiffers', params: ({ event }) => ({ differs: event.differs }) },
        },
        'form.setPrivacy': {
          actions: { type: 'setPrivacy', params: ({ event }) => ({ accepted: event.accepted }) },
        },
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'startSending' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({ request: requestOf(context) }),
        onDone: { target: 'sent', actions: 'setSent' },
        onError: {
          target: 'editing',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      tags: ['busy', 'sent'],
      after: { clearAfterSent: { target: 'editing', actions: 'clearDraft' } },
    },
  },
})
