import { assign, fromPromise, setup } from 'xstate'
import type {
  Address,
  UpdateUserDetailsRequestInput,
  UserDetails,
} from '#shared/contracts/account.contract.ts'
import type { ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import {
  type AddressField,
  addressIssues,
  type AddressIssues,
  type AddressRules,
  emptyAddress,
  parseAddress,
} from '#shared/domain/forms/address.ts'
import { type FormIssueCode, phoneField } from '#shared/domain/forms/form-fields.ts'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf } from '#machines/api-call/api-error.ts'

/** Every field of an address as the form holds it (a shipping address leaves VAT number and invoice mail empty). */
export type AddressDraft = ReturnType<typeof emptyAddress>

export type ProfileDraft = {
  phone: string
  billing: AddressDraft
  /** The separate shipping address is switched on. */
  shippingDiffers: boolean
  shipping: AddressDraft
}

export type Context = {
  /** The account as loaded (null while loading or when loading failed). */
  details: UserDetails | null
  countries: readonly ShippingCountry[]
  draft: ProfileDraft
  /** Why loading or the last save failed; null otherwise. */
  error: ErrorCode | null
}

export type AddressPart = 'billing' | 'shipping'

export type Event =
  | { type: 'profile.changePhone'; value: string }
  | { type: 'profile.changeAddress'; part: AddressPart; field: AddressField; value: string }
  | { type: 'profile.setShippingDiffers'; differs: boolean }
  | { type: 'profile.save' }
  /** Try loading again after a failure. */
  | { type: 'profile.reload' }

/** What `loadProfile` hands over: the account and the shipping countries its addresses choose from. */
export type LoadedProfile = { details: UserDetails; countries: readonly ShippingCountry[] }

export const PROFILE_FORM_TAGS = ['loading', 'load-failed', 'form', 'busy'] as const
export type ProfileFormTag = (typeof PROFILE_FORM_TAGS)[number]

export type ProfileIssues = { phone?: FormIssueCode; billing: AddressIssues; shipping: AddressIssues }

/** A business customer: the preference is set or staff verified the company (issue 15). */
const isBusiness = (details: UserDetails | null): boolean =>
  details !== null && (details.isBusinessCustomer || details.isVerifiedCompany)

const rulesOf = (context: Context, kind: AddressRules['kind']): AddressRules => ({
  countries: context.countries,
  isBusinessCustomer: isBusiness(context.details),
  kind,
})

/** Every field's issue (part 2 §5 address rules, phone at most 15); the shipping part only when it differs. */
export function profileIssues(context: Context): ProfileIssues {
  const { draft } = context
  const phone = phoneField().safeParse(draft.phone)
  return {
    ...(phone.success ? {} : { phone: phone.error.issues[0]?.message as FormIssueCode }),
    billing: addressIssues(draft.billing, rulesOf(context, 'billing')),
    shipping: draft.shippingDiffers ? addressIssues(draft.shipping, rulesOf(context, 'shipping')) : {},
  }
}

/** Part 2 §5 "save disabled until required fields are filled": the draft as the request, or null. */
export function profileRequestOf(context: Context): UpdateUserDetailsRequestInput | null {
  const issues = profileIssues(context)
  if (issues.phone) return null
  const billing = parseAddress(context.draft.billing, rulesOf(context, 'billing'))
  const shipping = context.draft.shippingDiffers
    ? parseAddress(context.draft.shipping, rulesOf(context, 'shipping'))
    : null
  if (billing === null || (context.draft.shippingDiffers && shipping === null)) return null
  return {
    phone: context.draft.phone.trim(),
    billingPaymentMethod: context.details?.billingPaymentMethod ?? 'prepaid',
    billingAddress: billing,
    shippingAddress: shipping,
  }
}

export const isBusinessProfile = (context: Context): boolean => isBusiness(context.details)

function draftOf(loaded: LoadedProfile): ProfileDraft {
  const empty = emptyAddress(loaded.countries)
  const fill = (address: Partial<Address> | null): AddressDraft => ({ ...empty, ...(address ?? {}) })
  return {
    phone: loaded.details.phone,
    billing: fill(loaded.details.billingInformation),
    shippingDiffers: loaded.details.shippingInformation !== null,
    shipping: fill(loaded.details.shippingInformation),
  }
}

const EMPTY_DRAFT: ProfileDraft = {
  phone: '',
  billing: emptyAddress([]),
  shippingDiffers: false,
  shipping: emptyAddress([]),
}

/**
 * The account form on `/profile-update` (spec part 2 §2, §3 "Account update payload", §5 "Account form: save disabled
 * until required fields are filled", §8 account save messages): loads the account and the shipping countries, edits
 * phone, billing and an optional separate shipping address under the address rules (company for business customers
 * …), saves with the saved notification, and on failure warns and keeps the draft.
 */
export const profileFormMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    tags: {} as ProfileFormTag,
  },
  actors: {
    /** Client: `GET /api/auth/user/details` and `GET /api/shipping/countries`. */
    loadProfile: fromPromise<LoadedProfile>(async () => {
      throw new Error('profileForm: loadProfile is not provided')
    }),
    /** Client: `PUT /api/auth/user/details` with the request. */
    saveProfile: fromPromise<unknown, { request: UpdateUserDetailsRequestInput }>(async () => {
      throw new Error('profileForm: saveProfile is not provided')
    }),
  },
  actions: {
    /** Client: the account-save-success notification ('Speichern erfolgreich'). */
    notifySaved: () => {},
    /** Client: the generic warning. */
    notifySaveFailed: () => {},
    setLoaded: assign((_, params: LoadedProfile) => ({
      details: params.details,
      countries: params.countries,
      draft: draftOf(params),
    })),
    setPhone: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, phone: params.value },
    })),
    setAddressField: assign(
      ({ context }, params: { part: AddressPart; field: AddressField; value: string }) => ({
        draft: {
          ...context.draft,
          [params.part]: { ...context.draft[params.part], [params.field]: params.value },
        },
      }),
    ),
    setShippingDiffers: assign(({ context }, params: { differs: boolean }) => ({
      draft: { ...context.draft, shippingDiffers: params.differs },
    })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
  },
  guards: {
    canSave: ({ context }) => profileRequestOf(context) !== null,
  },
}).createMachine({
  id: 'profileForm',
  initial: 'loading',
  context: { details: null, countries: [], draft: EMPTY_DRAFT, error: null },
  states: {
    loading: {
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'editing', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'profile.reload': { target: 'loading' } },
    },
    editing: {
      tags: 'form',
      on: {
        'profile.changePhone': {
          actions: { type: 'setPhone', params: ({ event }) => ({ value: event.value }) },
        },
        'profile.changeAddress': {
          actions: {
            type: 'setAddressField',
            params: ({ event }) => ({ part: event.part, field: event.field, value: event.value }),
          },
        },
        'profile.setShippingDiffers': {
          actions: { type: 'setShippingDiffers', params: ({ event }) => ({ differs: event.differs }) },
        },
        'profile.save': { guard: 'canSave', target: 'saving', actions: 'clearError' },
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ request: profileRequestOf(context) ?? saveWithoutRequest() }),
        onDone: { target: 'editing', actions: 'notifySaved' },
        onError: {
          target: 'editing',
          actions: [
            'notifySaveFailed',
            { type: 'setError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
          ],
        },
      },
    },
  },
})

/** The `canSave` guard let only a valid draft through. */
function saveWithoutRequest(): never {
  throw new Error('profileForm: saving an invalid draft')
}
