import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { UpdateUserDetailsRequestInput, UserDetails } from '#shared/contracts/account.contract.ts'
import { businessDetails, emptyDetails, privateDetails, profileCountries } from './profile-form.fixtures.ts'
import { profileFormMachine, profileIssues } from './profile-form.machine.ts'

const start = (
  details: UserDetails = privateDetails,
  save: () => Promise<unknown> = async () => ({}),
  load: () => Promise<UserDetails> = async () => details,
) => {
  const saved: UpdateUserDetailsRequestInput[] = []
  const notifySaved = vi.fn()
  const notifySaveFailed = vi.fn()
  const actor = createActor(
    profileFormMachine.provide({
      actors: {
        loadProfile: fromPromise(async () => ({ details: await load(), countries: profileCountries })),
        saveProfile: fromPromise(async ({ input }) => {
          saved.push(input.request)
          return save()
        }),
      },
      actions: { notifySaved, notifySaveFailed },
    }),
  ).start()
  return { actor, saved, notifySaved, notifySaveFailed }
}

const loaded = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (snapshot) => snapshot.hasTag('form'))

describe('profileFormMachine', () => {
  it('loads the account into the draft (no separate shipping address when there is none)', async () => {
    const { actor } = start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await loaded(actor)
    const { draft } = actor.getSnapshot().context
    expect(draft.phone).toBe('030123456')
    expect(draft.billing).toMatchObject({ firstname: 'Erika', city: 'Köln' })
    expect(draft.shippingDiffers).toBe(false)
    expect(actor.getSnapshot().can({ type: 'profile.save' })).toBe(true)
  })

  it('disables saving while a required field is empty, and for a separate shipping address until it is filled', async () => {
    const { actor } = start()
    await loaded(actor)
    const canSave = () => actor.getSnapshot().can({ type: 'profile.save' })
    actor.send({ type: 'profile.changeAddress', part: 'billing', field: 'street', value: ' ' })
    expect(canSave()).toBe(false)
    expect(profileIssues(actor.getSnapshot().context).billing.street).toBe('required')
    actor.send({ type: 'profile.changeAddress', part: 'billing', field: 'street', value: 'Domplatz 1' })
    expect(canSave()).toBe(true)
    actor.send({ type: 'profile.setShippingDiffers', differs: true })
    expect(canSave()).toBe(false)
    const fields = {
      firstname: 'Max',
      lastname: 'Muster',
      street: 'Ring 2',
      postalCode: '50667',
      city: 'Köln',
    }
    for (const [field, value] of Object.entries(fields))
      actor.send({ type: 'profile.changeAddress', part: 'shipping', field: field as 'city', value })
    expect(canSave()).toBe(true)
  })

  it('needs a company from a business customer', async () => {
    const { actor } = start(businessDetails)
    await loaded(actor)
    expect(actor.getSnapshot().can({ type: 'profile.save' })).toBe(false)
    expect(profileIssues(actor.getSnapshot().context).billing.company).toBe('required')
    actor.send({ type: 'profile.changeAddress', part: 'billing', field: 'company', value: 'Werkstatt GmbH' })
    expect(actor.getSnapshot().can({ type: 'profile.save' })).toBe(true)
  })

  it('starts an account without addresses in Germany with every required field empty', async () => {
    const { actor } = start(emptyDetails)
    await loaded(actor)
    expect(actor.getSnapshot().context.draft.billing.countryId).toBe(profileCountries[0]?._id)
    expect(actor.getSnapshot().can({ type: 'profile.save' })).toBe(false)
  })

  it('saves phone, addresses and the payment method, and notifies', async () => {
    const { actor, saved, notifySaved } = start()
    await loaded(actor)
    actor.send({ type: 'profile.changePhone', value: ' 0221 987654 ' })
    actor.send({ type: 'profile.save' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(saved).toEqual([
      expect.objectContaining({
        phone: '0221 987654',
        billingPaymentMethod: 'prepaid',
        billingAddress: expect.objectContaining({ firstname: 'Erika', postalCode: '51147' }),
        shippingAddress: null,
      }),
    ])
    expect(notifySaved).toHaveBeenCalledTimes(1)
  })

  it('warns on a failed save and keeps the draft', async () => {
    const { actor, notifySaved, notifySaveFailed } = start(undefined, async () => {
      throw new Error('offline')
    })
    await loaded(actor)
    actor.send({ type: 'profile.changePhone', value: '0221 987654' })
    actor.send({ type: 'profile.save' })
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
    expect(notifySaveFailed).toHaveBeenCalledTimes(1)
    expect(notifySaved).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.draft.phone).toBe('0221 987654')
    expect(actor.getSnapshot().context.error).toBe('internal_error')
  })

  it('offers to load again after a failed load', async () => {
    let fail = true
    const { actor } = start(undefined, undefined, async () => {
      if (fail) throw new Error('offline')
      return privateDetails
    })
    await waitFor(actor, (snapshot) => snapshot.hasTag('load-failed'))
    expect(actor.getSnapshot().can({ type: 'profile.save' })).toBe(false)
    fail = false
    actor.send({ type: 'profile.reload' })
    await loaded(actor)
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
