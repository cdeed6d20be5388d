import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { type Discount } from '#shared/contracts/checkout.contract.ts'
import { minValueVoucher, welcomeVoucher } from '#machines/voucher/voucher.fixtures.ts'
import { voucherMachine } from '#machines/voucher/voucher.machine.ts'
import { activateLocale, i18n } from '#client/i18n/i18n.ts'
import { VoucherForm } from './voucher-form.tsx'

afterEach(cleanup)
beforeAll(async () => {
  await activateLocale('de')
})

/** The form over a voucher actor whose server answers `answer`; nothing stored. */
async function renderVoucher(answer: Discount, itemNetCents: number) {
  const actor = createActor(
    voucherMachine.provide({
      actors: {
        loadStoredDiscount: fromPromise(async (): Promise<Discount | null> => null),
        validateCode: fromPromise(async () => answer),
      },
    }),
  ).start()
  render(
    <I18nProvider i18n={i18n}>
      <VoucherForm actor={actor} itemNetCents={itemNetCents} />
    </I18nProvider>,
  )
  const field = (await screen.findByLabelText('Gutscheincode')) as HTMLInputElement
  const validate = screen.getByRole('button', { name: 'Gutschein prüfen' }) as HTMLButtonElement
  return { actor, field, validate }
}

describe('voucher form (part 2 §2, §4, §5)', () => {
  it('validates from 2 characters; the modal redeems; the applied voucher can be removed', async () => {
    const { actor, field, validate } = await renderVoucher(welcomeVoucher, 2_000)
    await userEvent.type(field, 'W')
    expect(validate.disabled).toBe(true)
    await userEvent.type(field, 'ILLKOMMEN10')
    expect(validate.disabled).toBe(false)
    await userEvent.click(validate)
    await userEvent.click(await screen.findByRole('button', { name: 'Einlösen' }))
    expect(actor.getSnapshot().context.applied).toEqual(welcomeVoucher)
    expect(screen.getByText(/Eingelöst:/).textContent).toContain('WILLKOMMEN10')
    await userEvent.click(screen.getByRole('button', { name: 'Gutschein entfernen' }))
    expect(actor.getSnapshot().context.applied).toBeNull()
    expect(screen.getByLabelText('Gutscheincode')).toBeTruthy()
  })

  it('below the minimum only discards, naming the amount still needed; Escape discards', async () => {
    const { actor, field, validate } = await renderVoucher(minValueVoucher, 2_000)
    await userEvent.type(field, 'MIN50')
    await userEvent.click(validate)
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Es fehlen noch 30,00')
    expect(screen.queryByRole('button', { name: 'Einlösen' })).toBeNull()
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(actor.getSnapshot().context).toMatchObject({ pending: null, applied: null })
  })
})
