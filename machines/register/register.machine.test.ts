import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type SignUpRequestInput } from '#shared/contracts/account.contract.ts'
import { type ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import { type Event, type Input, registerMachine } from './register.machine.ts'
import {
  austria,
  germany,
  sampleAccount,
  sampleAddress,
  sampleCountries,
  signUpFieldError,
  signUpServerError,
  signUpUsernameTaken,
} from './register.fixtures.ts'

type SignUp = (request: SignUpRequestInput) => Promise<unknown>

function start(
  options: {
    signUp?: SignUp
    loadCountries?: () => Promise<readonly ShippingCountry[]>
    input?: Partial<Input>
  } = {},
) {
  const clock = new SimulatedClock()
  const sent: SignUpRequestInput[] = []
  const actor = createActor(
    registerMachine.provide({
      actors: {
        loadCountries: fromPromise(options.loadCountries ?? (async () => sampleCountries)),
        signUp: fromPromise(async ({ input }) => {
          sent.push(input.request)
          return (options.signUp ?? (async () => ({ status: 'pending-optin' })))(input.request)
        }),
      },
    }),
    { input: { isBusinessCustomer: false, clearDelayMs: 1_000, ...options.input }, clock },
  ).start()
  return { actor, clock, sent }
}

const accountEvents: Event[] = [
  { type: 'form.change', field: 'username', value: sampleAccount.username },
  { type: 'form.change', field: 'email', value: sampleAccount.email },
  { type: 'form.change', field: 'password', value: sampleAccount.password },
  { type: 'form.change', field: 'passwordRepeat', value: sampleAccount.passwordRepeat },
  { type: 'form.setPrivacy', accepted: true },
]
const addressEvents = (kind: 'billing' | 'shipping'): Event[] =>
  (['firstname', 'lastname', 'street', 'postalCode', 'city'] as const).map((field) => ({
    type: 'form.changeAddress',
    kind,
    field,
    value: sampleAddress[field],
  }))

async function openForm(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'form.open' })
  await waitFor(actor, (snapshot) => snapshot.matches('editing'))
}

async function fillValid(actor: ReturnType<typeof start>['actor']) {
  await openForm(actor)
  for (const event of [...accountEvents, ...addressEvents('billing')]) actor.send(event)
}

const canSubmit = (actor: ReturnType<typeof start>['actor']) =>
  actor.getSnapshot().can({ type: 'form.submit' })

describe('registerMachine: loading', () => {
  it('waits for the route to open it, then loads the countries and starts in Germany', async () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe('idle')
    await openForm(actor)
    const { draft, countries } = actor.getSnapshot().context
    expect(countries).toBe(sampleCountries)
    expect(draft.billingAddress.countryId).toBe(germany._id)
    expect(draft.shippingAddress.countryId).toBe(germany._id)
  })

  it('shows a failed load and loads again on retry', async () => {
    let calls = 0
    const { actor } = start({
      loadCountries: async () => {
        calls += 1
        if (calls === 1) throw new Error('offline')
        return sampleCountries
      },
    })
    actor.send({ type: 'form.open' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('load-failed'))
    actor.send({ type: 'form.retry' })
    await waitFor(actor, (snapshot) => snapshot.matches('editing'))
    expect(calls).toBe(2)
  })
})

describe('registerMachine: submit enabled only under part 2 §5', () => {
  it('enables submit once every required field is valid, and not one field earlier', async () => {
    const { actor } = start()
    await openForm(actor)
    const events = [...accountEvents, ...addressEvents('billing')]
    for (const event of events) {
      expect(canSubmit(actor), JSON.stringify(event)).toBe(false)
      actor.send(event)
    }
    expect(canSubmit(actor)).toBe(true)
  })

  it.each([
    ['a username shorter than 4', { type: 'form.change', field: 'username', value: 'ada' }],
    ['a username with @', { type: 'form.change', field: 'username', value: 'ada@home' }],
    ['a username longer than 20', { type: 'form.change', field: 'username', value: 'a'.repeat(21) }],
    ['a password shorter than 8', { type: 'form.change', field: 'password', value: 'kurz' }],
    ['a password longer than 20', { type: 'form.change', field: 'password', value: 'p'.repeat(21) }],
    ['a different repeat', { type: 'form.change', field: 'passwordRepeat', value: 'Rechenwerk2' }],
    ['an invalid e-mail', { type: 'form.change', field: 'email', value: 'ada' }],
    ['the privacy box unticked', { type: 'form.setPrivacy', accepted: false }],
    [
      'a postal code of the wrong country',
      { type: 'form.changeAddress', kind: 'billing', field: 'countryId', value: austria._id },
    ],
    [
      'a first name over 20',
      { type: 'form.changeAddress', kind: 'billing', field: 'firstname', value: 'x'.repeat(21) },
    ],
  ] satisfies Array<[string, Event]>)('keeps submit disabled with %s', async (_, event) => {
    const { actor } = start()
    await fillValid(actor)
    actor.send(event)
    expect(canSubmit(actor)).toBe(false)
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
  })

  it('asks for the shipping address only while it differs, and keeps it while the toggle is off', async () => {
    const { actor } = start()
    await fillValid(actor)
    actor.send({ type: 'form.setShippingDiffers', differs: true })
    expect(canSubmit(actor)).toBe(false)
    for (const event of addressEvents('shipping')) actor.send(event)
    expect(canSubmit(actor)).toBe(true)
    actor.send({ type: 'form.setShippingDiffers', differs: false })
    actor.send({ type: 'form.setShippingDiffers', differs: true })
    expect(actor.getSnapshot().context.draft.shippingAddress.city).toBe('Berlin')
  })

  it('needs a company from business customers, and a VAT number in an EU country other than Germany', async () => {
    const { actor } = start()
    await fillValid(actor)
    actor.send({ type: 'form.setBusinessCustomer', isBusinessCustomer: true })
    expect(canSubmit(actor)).toBe(false)
    actor.send({ type: 'form.changeAddress', kind: 'billing', field: 'company', value: 'Analytical Engines' })
    expect(canSubmit(actor)).toBe(true)
    actor.send({ type: 'form.changeAddress', kind: 'billing', field: 'countryId', value: austria._id })
    actor.send({ type: 'form.changeAddress', kind: 'billing', field: 'postalCode', value: '1010' })
    expect(canSubmit(actor)).toBe(false)
    actor.send({
      type: 'form.changeAddress',
      kind: 'billing',
      field: 'vatRegistrationNumber',
      value: 'ATU12345678',
    })
    expect(canSubmit(actor)).toBe(true)
  })
})

describe('registerMachine: sending', () => {
  it('sends the registration payload (shipping null when it does not differ), then empties the form after 1 s', async () => {
    const { actor, clock, sent } = start({ input: { isBusinessCustomer: false } })
    await fillValid(actor)
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.hasTag('sent'))
    expect(sent).toEqual([
      expect.objectContaining({
        username: sampleAccount.username,
        email: sampleAccount.email,
        password: sampleAccount.password,
        billingAddress: expect.objectContaining({ city: 'Berlin', countryId: germany._id }),
        shippingAddress: null,
        privacyAccepted: true,
        isBusinessCustomer: false,
      }),
    ])
    expect(actor.getSnapshot().context.outcome).toEqual({ kind: 'sent', email: sampleAccount.email })
    expect(actor.getSnapshot().context.draft.username).toBe(sampleAccount.username)
    clock.increment(999)
    expect(actor.getSnapshot().context.draft.username).toBe(sampleAccount.username)
    clock.increment(1)
    const { value, context } = actor.getSnapshot()
    expect(value).toBe('editing')
    expect(context.draft.username).toBe('')
    expect(context.draft.billingAddress.city).toBe('')
    expect(context.draft.billingAddress.countryId).toBe(germany._id)
    expect(context.outcome?.kind).toBe('sent')
  })

  it('sends the shipping address when it differs', async () => {
    const { actor, sent } = start()
    await fillValid(actor)
    actor.send({ type: 'form.setShippingDiffers', differs: true })
    for (const event of addressEvents('shipping')) actor.send(event)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.hasTag('sent'))
    expect(sent[0]?.shippingAddress).toMatchObject({ street: 'Hauptstraße 1' })
  })

  it('on 409 names the taken username and keeps everything typed', async () => {
    const { actor } = start({ signUp: async () => Promise.reject(signUpUsernameTaken) })
    await fillValid(actor)
    const before = actor.getSnapshot().context.draft
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('editing'))
    const { context } = actor.getSnapshot()
    expect(context.outcome).toEqual({ kind: 'usernameTaken', username: sampleAccount.username })
    expect(context.draft).toEqual(before)
    // The same name may be sent again (someone may have freed it); the server decides.
    expect(canSubmit(actor)).toBe(true)
  })

  it('on 400 shows the issues at their fields and blocks submit until the field changes', async () => {
    const { actor } = start({ signUp: async () => Promise.reject(signUpFieldError) })
    await fillValid(actor)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('editing'))
    const { context } = actor.getSnapshot()
    expect(context.outcome).toEqual({ kind: 'invalid' })
    expect(context.serverIssues.account).toEqual({ username: 'too_short' })
    expect(context.draft.username).toBe(sampleAccount.username)
    expect(canSubmit(actor)).toBe(false)
    actor.send({ type: 'form.change', field: 'username', value: 'ada_byron' })
    expect(canSubmit(actor)).toBe(true)
  })

  it('on other failures keeps the draft and names the error', async () => {
    const { actor } = start({ signUp: async () => Promise.reject(signUpServerError) })
    await fillValid(actor)
    const before = actor.getSnapshot().context.draft
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('editing'))
    expect(actor.getSnapshot().context.outcome).toEqual({ kind: 'failed', error: 'internal_error' })
    expect(actor.getSnapshot().context.draft).toEqual(before)
  })

  it('takes no edits while sending or sent', async () => {
    const { actor } = start({ signUp: () => new Promise(() => {}) })
    await fillValid(actor)
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().can({ type: 'form.change', field: 'username', value: 'x' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
  })
})
