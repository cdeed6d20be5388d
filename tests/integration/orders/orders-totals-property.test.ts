import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CartSchema } from '#shared/contracts/cart.contract.ts'
import type { PaymentStarter } from '#server/modules/orders/orders.module.ts'
import { addItems, createCart, itemInput } from '#tests/integration/helpers/cart.ts'
import {
  address,
  countryId,
  createOrderTestApp,
  methodId,
  type OrderTestApp,
  orderOf,
  placeOrder,
  readOrder,
  voucherId,
} from '#tests/integration/orders/order-helpers.ts'

/**
 * Issue 16: "cart total = review total = order total = confirmation mail = PayPal amount, to the cent", for random
 * carts rather than a few examples: quantity, scale, voucher, shipping country and method vary per run.
 */

const COUNTRIES = [
  { code: 'DE', postalCode: '10115' },
  { code: 'AT', postalCode: '1010' },
  { code: 'FR', postalCode: '75001' },
  { code: 'CH', postalCode: '8001' },
] as const
const VOUCHERS = [null, 'WILLKOMMEN10', 'FIX5', 'MIN50', 'VERSANDFREI'] as const
const METHODS = ['Standard-Versand', 'Express-Versand'] as const

const started: { orderId: string; amountCents: number }[] = []
const recordingPayments: PaymentStarter = {
  available: () => true,
  startPayment: async (input) => {
    started.push({ orderId: input.orderId, amountCents: input.amountCents })
    return { approveUrl: `https://provider.example.test/approve/${input.orderId}` }
  },
}

let t: OrderTestApp
beforeAll(async () => {
  t = await createOrderTestApp({ payments: recordingPayments })
})
afterAll(async () => {
  await t.close()
})

const cartArbitrary = fc.record({
  quantity: fc.integer({ min: 1, max: 40 }),
  scale: fc.constantFrom(0.5, 1, 1.7, 2.5),
  voucher: fc.constantFrom(...VOUCHERS),
  country: fc.constantFrom(...COUNTRIES),
  method: fc.constantFrom(...METHODS),
})

async function cartNetCents(cartId: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: `/api/checkout/cart/${cartId}` })
  return CartSchema.parse(response.json()).items.reduce((sum, item) => sum + item.pricing.netPrice, 0)
}

describe('order totals agree everywhere (property)', () => {
  it('cart net = order net before discount; preview = order = mail; PayPal amount = total', async () => {
    await fc.assert(
      fc.asyncProperty(cartArbitrary, async ({ quantity, scale, voucher, country, method }) => {
        const cartId = await createCart(t.app)
        await addItems(t.app, cartId, [itemInput(t.boxId, t.fdm.id, { quantity, scale })])
        // Read before placing: an ordered cart answers 404.
        const cartNet = await cartNetCents(cartId)
        const { answer, amounts } = await placeOrder(t.app, {
          cartId,
          paymentDetails: {
            email: 'eigenschaft@example.test',
            billingPaymentMethod: 'paypal',
            billingAddress: address(await countryId(t.db, country.code), { postalCode: country.postalCode }),
            shippingMethodId: await methodId(t.db, country.code, method),
          },
          isBusinessCustomer: false,
          discountId: voucher === null ? null : await voucherId(t.db, voucher),
        })
        const orderId = answer.order._id
        const order = orderOf(await readOrder(t.app, orderId, `?access=${answer.order.accessToken}`))

        expect(amounts.beforeDiscount.netCents).toBe(cartNet)
        expect(order.amounts).toEqual(amounts)
        const { total, items, smallOrderSurcharge, shipping } = amounts
        expect(total.totalCents).toBe(items.totalCents + smallOrderSurcharge.totalCents + shipping.totalCents)
        expect(started.find((each) => each.orderId === orderId)?.amountCents).toBe(total.totalCents)
        await expect
          .poll(() => t.documents.sent.find((mail) => mail.order._id === orderId)?.order.amounts)
          .toEqual(amounts)
      }),
      { numRuns: 12, seed: 160_2026 },
    )
  })
})
