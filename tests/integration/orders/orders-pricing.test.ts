import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ValidateDiscountResponseSchema } from '#shared/contracts/checkout.contract.ts'
import { errorOf } from '#tests/integration/helpers/cart.ts'
import { createUser, signIn } from '#tests/integration/helpers/sessions.ts'
import { testDbKind } from '#tests/integration/helpers/test-app.ts'
import {
  address,
  countryId,
  createOrderTestApp,
  details,
  methodId,
  type OrderTestApp,
  orderOf,
  placeOrder,
  preview,
  readOrder,
  readyCart,
  voucherId,
} from '#tests/integration/orders/order-helpers.ts'

/** Part 2 §9 on the server: tax matrix, surcharge, free shipping, vouchers (decision 0095). */

let t: OrderTestApp
let cartId: string

beforeAll(async () => {
  t = await createOrderTestApp()
  cartId = await readyCart(t)
})
afterAll(async () => {
  await t.close()
})

async function previewIn(code: string, postalCode: string, business?: { company: string; vat: string }) {
  const paymentDetails = {
    email: 'firma@example.test',
    billingAddress: address(await countryId(t.db, code), {
      postalCode,
      ...(business === undefined ? {} : { company: business.company, vatRegistrationNumber: business.vat }),
    }),
    shippingMethodId: await methodId(t.db, code),
  }
  return preview(t.app, { cartId, paymentDetails, isBusinessCustomer: business !== undefined })
}

describe(`tax matrix (${testDbKind})`, () => {
  it('DE consumer 19 %, AT consumer 20 %, AT business with VAT id 0 %, FR malformed VAT id 20 %, CH 0 %', async () => {
    expect((await previewIn('DE', '10115')).amounts.taxRatePercent).toBe(19)
    expect((await previewIn('AT', '1010')).amounts.taxRatePercent).toBe(20)
    const atBusiness = await previewIn('AT', '1010', { company: 'Muster GmbH', vat: 'ATU12345678' })
    expect(atBusiness.amounts.taxRatePercent).toBe(0)
    expect(atBusiness.amounts.total.taxCents).toBe(0)
    expect(
      (await previewIn('FR', '75001', { company: 'Exemple SA', vat: 'FR-1' })).amounts.taxRatePercent,
    ).toBe(20)
    // A VAT id of another country is not this company's.
    expect(
      (await previewIn('FR', '75001', { company: 'Exemple SA', vat: 'DE123456789' })).amounts.taxRatePercent,
    ).toBe(20)
    expect((await previewIn('CH', '8001')).amounts.taxRatePercent).toBe(0)
    // A German business pays German tax.
    expect(
      (await previewIn('DE', '10115', { company: 'Muster GmbH', vat: 'DE123456789' })).amounts.taxRatePercent,
    ).toBe(19)
  })

  it('lets the shipping country decide the rate', async () => {
    const paymentDetails = {
      ...(await details(t.db)),
      shippingAddress: address(await countryId(t.db, 'AT'), { postalCode: '1010' }),
      shippingMethodId: await methodId(t.db, 'AT'),
    }
    const answer = await preview(t.app, { cartId, paymentDetails, isBusinessCustomer: false })
    expect(answer.amounts.taxRatePercent).toBe(20)
    expect(answer.shippingMethod.priceCents).toBe(990)
  })
})

describe('surcharge, shipping and vouchers', () => {
  it('adds the small-order surcharge below 30 € gross, as its own line', async () => {
    const small = await readyCart(t, 1, { scale: 0.5 })
    const answer = await preview(t.app, {
      cartId: small,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
    })
    expect(answer.amounts.belowMinimum).toBe(true)
    const goodsAndSurcharge = answer.amounts.items.totalCents + answer.amounts.smallOrderSurcharge.totalCents
    expect(goodsAndSurcharge).toBeGreaterThanOrEqual(3000)
    expect(goodsAndSurcharge).toBeLessThanOrEqual(3001)
    expect(answer.amounts.total.totalCents).toBe(goodsAndSurcharge + answer.amounts.shipping.totalCents)
  })

  it('makes only Standard-Versand free with a free-shipping voucher', async () => {
    const discountId = await voucherId(t.db, 'VERSANDFREI')
    const standard = await preview(t.app, {
      cartId,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
      discountId,
    })
    expect(standard.amounts.shipping.totalCents).toBe(0)
    const express = await preview(t.app, {
      cartId,
      paymentDetails: {
        ...(await details(t.db)),
        shippingMethodId: await methodId(t.db, 'DE', 'Express-Versand'),
      },
      isBusinessCustomer: false,
      discountId,
    })
    expect(express.amounts.shipping.netCents).toBe(1490)
  })

  it('shows the missing amount of a voucher whose minimum is not met', async () => {
    const answer = await preview(t.app, {
      cartId,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
      discountId: await voucherId(t.db, 'MIN50'),
    })
    expect(answer.amounts.discount).toMatchObject({
      applied: false,
      discountCents: 0,
      missingCents: 5000 - 3045,
    })
  })

  it('validates codes: upper-cased, unknown, login required, used up', async () => {
    const validate = (code: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout/order/validate-discount',
        payload: { code },
        ...(cookie === undefined ? {} : { headers: { cookie } }),
      })
    const ok = await validate(' willkommen10 ')
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ValidateDiscountResponseSchema.parse(ok.json()).discount).toMatchObject({
      code: 'WILLKOMMEN10',
      type: 'percentage',
      value: 10,
    })
    expect(errorOf(await validate('NOPE')).code).toBe('voucher_invalid')
    expect(errorOf(await validate('MEMBER')).code).toBe('voucher_login_required')
    const cookie = await signIn(t.app, await createUser(t.db, 'customer'))
    expect((await validate('MEMBER', cookie)).statusCode).toBe(200)
    await t.db.query("UPDATE vouchers SET used_count = 1 WHERE code = 'ONCE'")
    try {
      expect(errorOf(await validate('ONCE')).code).toBe('voucher_max_usage')
    } finally {
      await t.db.query("UPDATE vouchers SET used_count = 0 WHERE code = 'ONCE'")
    }
  })

  it('cart total = preview total = order total with a voucher, and counts the voucher once', async () => {
    const voucher = await voucherId(t.db, 'WILLKOMMEN10')
    const cart = await readyCart(t, 3)
    const { answer, amounts } = await placeOrder(t.app, {
      cartId: cart,
      paymentDetails: await details(t.db),
      isBusinessCustomer: false,
      discountId: voucher,
    })
    expect(amounts.discount).toMatchObject({ applied: true, discountCents: Math.round(3 * 3045 * 0.1) })
    const order = orderOf(await readOrder(t.app, answer.order._id, `?access=${answer.order.accessToken}`))
    expect(order.amounts).toEqual(amounts)
    const { rows } = await t.db.query<{ total_gross_cents: number; used: number }>(
      `SELECT o.total_gross_cents::int AS total_gross_cents, v.used_count AS used
         FROM orders o JOIN vouchers v ON v.id = o.voucher_id WHERE o.id = $1`,
      [answer.order._id],
    )
    expect(rows[0]).toEqual({ total_gross_cents: amounts.total.totalCents, used: 1 })
  })
})
