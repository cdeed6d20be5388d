import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { fromPromise, type SnapshotFrom } from 'xstate'
import { type Discount } from '#shared/contracts/checkout.contract.ts'
import { isValidCodeLength, missingCentsOf, voucherMachine } from '#machines/voucher/voucher.machine.ts'
import { voucherPathModel } from '#machines/voucher/voucher.paths.ts'
import { statesOf } from '#tests/graph/path-testing.ts'
import { onMobile } from '#client/testing/story-app.tsx'
import { VoucherForm } from './voucher-form.tsx'

type Snap = SnapshotFrom<typeof voucherMachine>

/** A story name per screen state of the voucher machine. */
function storyKey(snapshot: Snap): string {
  const { context } = snapshot
  if (snapshot.matches('editing'))
    return context.code === '' ? 'empty' : isValidCodeLength(context.code) ? 'filled' : 'tooShortOrLong'
  if (snapshot.matches('failed')) return `failed:${context.error ?? ''}`
  if (snapshot.matches('validated'))
    return missingCentsOf(context.pending, context.itemNetCents) > 0 ? 'belowMinimum' : 'validated'
  return String(snapshot.value)
}

const STATES = new Map(statesOf(voucherPathModel, { key: storyKey }).map((state) => [state.name, state]))

/** Calls that never answer: a story stays in the state it starts in. */
const fakeVoucher = voucherMachine.provide({
  actors: {
    loadStoredDiscount: fromPromise(() => new Promise<Discount | null>(() => {})),
    validateCode: fromPromise(() => new Promise<Discount>(() => {})),
  },
})

function VoucherInState({ state }: { state: string }) {
  const reached = STATES.get(state)
  if (!reached)
    throw new Error(`voucher story: no state '${state}' (known: ${[...STATES.keys()].join(', ')})`)
  const actor = useActorRef(fakeVoucher, { snapshot: reached.persisted })
  return <VoucherForm actor={actor} itemNetCents={reached.snapshot.context.itemNetCents} />
}

/** The review page's voucher form and modal (spec part 2 §2, §4, §5, §8) in each state of the voucher machine. */
const meta = {
  title: 'Checkout/Voucher',
  component: VoucherInState,
  args: { state: 'empty' },
} satisfies Meta<typeof VoucherInState>

export default meta
type Story = StoryObj<typeof meta>

/** No code yet: the validate button is disabled (below 2 characters). */
export const Empty: Story = {}
export const Filled: Story = { args: { state: 'filled' } }
/** One character (or more than 30): still disabled. */
export const TooShort: Story = { args: { state: 'tooShortOrLong' } }
export const Validating: Story = { args: { state: 'validating' } }
/** 'voucher not valid / could not be validated' with try again. */
export const Invalid: Story = { args: { state: 'failed:voucher_invalid' } }
/** The server could not be reached: the same message and try again. */
export const NotValidated: Story = { args: { state: 'failed:internal_error' } }
/** Login required: title, message and the link to the login. */
export const LoginRequired: Story = { args: { state: 'failed:voucher_login_required' } }
export const MaxUsage: Story = { args: { state: 'failed:voucher_max_usage' } }
/** The modal: redeem or discard. */
export const Validated: Story = { args: { state: 'validated' } }
/** The modal below the voucher's minimum: only discard, with the amount still needed. */
export const BelowMinimum: Story = { args: { state: 'belowMinimum' } }
/** Applied: the voucher with its remove button. */
export const Applied: Story = { args: { state: 'applied' } }
export const LoginRequiredEnglish: Story = { ...LoginRequired, globals: { locale: 'en' } }
export const BelowMinimumFrench: Story = { ...BelowMinimum, globals: { locale: 'fr' } }
export const AppliedEnglish: Story = { ...Applied, globals: { locale: 'en' } }
export const ValidatedMobile: Story = { ...Validated, ...onMobile }
