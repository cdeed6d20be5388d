import { describe, expect, it, vi } from 'vitest'
import {
  type ActorRefFrom,
  type AnyEventObject,
  assign,
  createActor,
  fromPromise,
  setup,
  waitFor,
} from 'xstate'
import type { Discount } from '#shared/contracts/checkout.contract.ts'
import {
  minValueVoucher,
  voucherInvalid,
  voucherLoginRequired,
  voucherMaxUsage,
  voucherUnreachable,
  welcomeVoucher,
} from './voucher.fixtures.ts'
import { missingCentsOf, voucherMachine } from './voucher.machine.ts'

type VoucherActor = ActorRefFrom<typeof voucherMachine>
type Options = { stored?: Discount | null; answer?: Discount | object }

/** The voucher as a child of a stand-in order flow that records what it is told (by system id, as in the app). */
const start = (options: Options = {}) => {
  const validate = vi.fn(async ({ input }: { input: { code: string } }): Promise<Discount> => {
    void input
    const answer = options.answer ?? welcomeVoucher
    if (!('_id' in answer)) throw answer
    return answer as Discount
  })
  const stored = vi.fn()
  const forgotten = vi.fn()
  const voucher = voucherMachine.provide({
    actors: {
      loadStoredDiscount: fromPromise(async () => options.stored ?? null),
      validateCode: fromPromise(validate),
    },
    actions: {
      storeDiscount: (_, params) => stored(params.discount),
      forgetDiscount: () => forgotten(),
    },
  })
  const flow = setup({
    types: { context: {} as { told: AnyEventObject[] } },
    actors: { voucher },
  }).createMachine({
    context: { told: [] },
    invoke: { id: 'voucher', systemId: 'voucher', src: 'voucher' },
    on: { '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) } },
  })
  const root = createActor(flow, { systemId: 'orderFlow' }).start()
  const actor: VoucherActor = root.system.get('voucher')
  const told = () => root.getSnapshot().context.told
  return { actor, told, validate, stored, forgotten }
}

const settled = (actor: VoucherActor) =>
  waitFor(actor, (snapshot) => !snapshot.hasTag('loading') && !snapshot.hasTag('busy'))

describe('voucherMachine', () => {
  it('starts with the form when nothing is stored, and tells nobody', async () => {
    const { actor, told } = start()
    await settled(actor)
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    expect(told()).toEqual([])
  })

  it('restores the stored voucher as applied and tells the order flow', async () => {
    const { actor, told } = start({ stored: welcomeVoucher })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('applied')).toBe(true)
    expect(actor.getSnapshot().context.applied).toEqual(welcomeVoucher)
    expect(told()).toEqual([{ type: 'voucher.changed', discount: welcomeVoucher }])
  })

  it('validates only codes of 2 to 30 characters, trimmed', async () => {
    const { actor, validate } = start()
    await settled(actor)
    for (const code of ['', ' W ', 'X'.repeat(31)]) {
      actor.send({ type: 'voucher.changeCode', code })
      expect(actor.getSnapshot().can({ type: 'voucher.validate' }), code).toBe(false)
    }
    actor.send({ type: 'voucher.changeCode', code: ' willkommen10 ' })
    actor.send({ type: 'voucher.validate' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await settled(actor)
    expect(validate.mock.calls[0]?.[0].input).toEqual({ code: 'willkommen10' })
  })

  it('keeps a validated voucher in the modal, not applied, until it is redeemed; then stores and reports it', async () => {
    const { actor, told, stored } = start()
    await settled(actor)
    actor.send({ type: 'voucher.changeCode', code: 'WILLKOMMEN10' })
    actor.send({ type: 'voucher.validate' })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('dialog-open')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ pending: welcomeVoucher, applied: null })
    expect(told()).toEqual([])
    actor.send({ type: 'voucher.apply' })
    expect(actor.getSnapshot().hasTag('applied')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ pending: null, applied: welcomeVoucher, code: '' })
    expect(stored).toHaveBeenCalledExactlyOnceWith(welcomeVoucher)
    expect(told()).toEqual([{ type: 'voucher.changed', discount: welcomeVoucher }])
  })

  it('discarding in the modal applies nothing and empties the field', async () => {
    const { actor, told, stored } = start()
    await settled(actor)
    actor.send({ type: 'voucher.changeCode', code: 'WILLKOMMEN10' })
    actor.send({ type: 'voucher.validate' })
    await settled(actor)
    actor.send({ type: 'voucher.discard' })
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ code: '', pending: null, applied: null })
    expect(stored).not.toHaveBeenCalled()
    expect(told()).toEqual([])
  })

  it('only discards while the item total is below the minimum value, and says how much is missing', async () => {
    const { actor } = start({ answer: minValueVoucher })
    await settled(actor)
    actor.send({ type: 'voucher.itemTotalChanged', netCents: 2_000 })
    actor.send({ type: 'voucher.changeCode', code: 'MIN50' })
    actor.send({ type: 'voucher.validate' })
    await settled(actor)
    const { context } = actor.getSnapshot()
    expect(missingCentsOf(context.pending, context.itemNetCents)).toBe(3_000)
    expect(actor.getSnapshot().can({ type: 'voucher.apply' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'voucher.discard' })).toBe(true)
    actor.send({ type: 'voucher.itemTotalChanged', netCents: 5_000 })
    expect(actor.getSnapshot().can({ type: 'voucher.apply' })).toBe(true)
  })

  it.each([
    ['voucher_invalid', voucherInvalid],
    ['voucher_login_required', voucherLoginRequired],
    ['voucher_max_usage', voucherMaxUsage],
    ['internal_error', voucherUnreachable],
  ])('shows %s when validation fails, and tries the same code again', async (code, failure) => {
    const { actor, validate } = start({ answer: failure })
    await settled(actor)
    actor.send({ type: 'voucher.changeCode', code: 'ONCE' })
    actor.send({ type: 'voucher.validate' })
    await settled(actor)
    expect(actor.getSnapshot().hasTag('error')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe(code)
    actor.send({ type: 'voucher.retry' })
    await settled(actor)
    expect(validate).toHaveBeenCalledTimes(2)
    expect(validate.mock.calls[1]?.[0].input).toEqual({ code: 'ONCE' })
  })

  it('typing after a failure hides the message', async () => {
    const { actor } = start({ answer: voucherInvalid })
    await settled(actor)
    actor.send({ type: 'voucher.changeCode', code: 'NOPE' })
    actor.send({ type: 'voucher.validate' })
    await settled(actor)
    actor.send({ type: 'voucher.changeCode', code: 'NOPE2' })
    expect(actor.getSnapshot().hasTag('error')).toBe(false)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('removes the applied voucher: forgotten in storage and reported as none', async () => {
    const { actor, told, forgotten } = start({ stored: welcomeVoucher })
    await settled(actor)
    actor.send({ type: 'voucher.remove' })
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    expect(actor.getSnapshot().context.applied).toBeNull()
    expect(forgotten).toHaveBeenCalledOnce()
    expect(told()).toEqual([
      { type: 'voucher.changed', discount: welcomeVoucher },
      { type: 'voucher.changed', discount: null },
    ])
  })

  it('the checkout clears it after an order, whatever state it was in', async () => {
    const { actor, told, forgotten } = start()
    await settled(actor)
    actor.send({ type: 'voucher.changeCode', code: 'WILLKOMMEN10' })
    actor.send({ type: 'voucher.validate' })
    await settled(actor)
    actor.send({ type: 'voucher.clear' })
    expect(actor.getSnapshot().hasTag('form')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ code: '', pending: null, applied: null })
    expect(forgotten).toHaveBeenCalledOnce()
    expect(told()).toEqual([{ type: 'voucher.changed', discount: null }])
  })

  it('cannot remove, redeem or retry where that makes no sense', async () => {
    const { actor } = start()
    await settled(actor)
    const snapshot = actor.getSnapshot()
    expect(snapshot.can({ type: 'voucher.remove' })).toBe(false)
    expect(snapshot.can({ type: 'voucher.apply' })).toBe(false)
    expect(snapshot.can({ type: 'voucher.retry' })).toBe(false)
  })
})
