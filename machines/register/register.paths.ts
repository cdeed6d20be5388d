import {
  afterEvents,
  definePathModel,
  doneEvent,
  errorEvent,
  type PathEvent,
} from '#tests/graph/path-testing.ts'
import { type AddressField } from '#shared/domain/forms/address.ts'
import { mergeIssues, registerIssues } from './register-draft.ts'
import { type AccountTextField, type Context, type Event, registerMachine } from './register.machine.ts'
import {
  sampleAccount,
  sampleAddress,
  sampleCountries,
  signUpFieldError,
  signUpServerError,
  signUpUsernameTaken,
} from './register.fixtures.ts'

type Machine = typeof registerMachine

const ADDRESS_VALUES: Partial<Record<AddressField, string>> = {
  ...sampleAddress,
  vatRegistrationNumber: 'ATU12345678',
}

/** The first field with an issue (the rules' own or the server's), as `part.field`; null when the draft is valid. */
export function firstIssue(context: Context): string | null {
  const rules = { countries: context.countries, isBusinessCustomer: context.isBusinessCustomer }
  const issues = mergeIssues(registerIssues(context.draft, rules), context.serverIssues)
  for (const part of ['account', 'billing', 'shipping'] as const) {
    const [field] = Object.keys(issues[part])
    if (field !== undefined) return `${part}.${field}`
  }
  return null
}

/** The event that fixes the first issue (re-typing a field the server refused), or submits a valid draft. */
function nextStep(context: Context): Event {
  const issue = firstIssue(context)
  if (issue === null) return { type: 'form.submit' }
  const [part, field] = issue.split('.') as [string, string]
  if (part === 'account') {
    if (field === 'privacyAccepted') return { type: 'form.setPrivacy', accepted: true }
    return {
      type: 'form.change',
      field: field as AccountTextField,
      value: sampleAccount[field as AccountTextField],
    }
  }
  const kind = part === 'billing' ? 'billing' : 'shipping'
  const value = ADDRESS_VALUES[field as AddressField] ?? ''
  return { type: 'form.changeAddress', kind, field: field as AddressField, value }
}

function eventsOf(snapshot: { value: unknown; context: Context }): PathEvent<Machine>[] {
  const { context } = snapshot
  const toggleBusiness: Event = {
    type: 'form.setBusinessCustomer',
    isBusinessCustomer: !context.isBusinessCustomer,
  }
  switch (snapshot.value) {
    case 'idle':
      return [{ type: 'form.open' }, toggleBusiness]
    case 'loading':
      return [doneEvent('loadCountries', sampleCountries), errorEvent('loadCountries')]
    case 'loadFailed':
      return [{ type: 'form.retry' }, { type: 'form.open' }]
    case 'submitting':
      return [
        doneEvent('signUp', { status: 'pending-optin' }),
        errorEvent('signUp', signUpUsernameTaken),
        errorEvent('signUp', signUpFieldError),
        errorEvent('signUp', signUpServerError),
      ]
    case 'sent':
      return afterEvents(registerMachine)
    default: {
      // The toggles only on an empty or a valid form: enough for every state, and the graph stays small.
      const issue = firstIssue(context)
      if (issue !== null && issue !== 'account.username') return [nextStep(context)]
      return [
        nextStep(context),
        { type: 'form.setShippingDiffers', differs: !context.draft.shippingDiffers },
        toggleBusiness,
      ]
    }
  }
}

/**
 * The registration filled in one order (with and without a different shipping address, as a private and as a
 * business customer), the countries failing to load and loading on a retry, and every answer of the signup: sent
 * (then emptied after the delay), username taken, refused fields, a server failure.
 */
export const registerPathModel = definePathModel({
  machine: registerMachine,
  input: { isBusinessCustomer: false, clearDelayMs: 1_000 },
  events: eventsOf,
  // What the guards and views read; the values themselves are checked by the behaviour tests.
  serializeContext: (context) => ({
    countries: context.countries.length,
    isBusinessCustomer: context.isBusinessCustomer,
    shippingDiffers: context.draft.shippingDiffers,
    firstIssue: firstIssue(context),
    outcome: context.outcome?.kind ?? null,
  }),
})
