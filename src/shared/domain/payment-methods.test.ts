import { describe, expect, it } from 'vitest'
import {
  effectivePaymentMethod,
  paymentRefusal,
  type PaymentSituation,
} from '#shared/domain/payment-methods.ts'

const guestDE: PaymentSituation = {
  loggedIn: false,
  billingCountryCode: 'DE',
  hasDrawings: false,
  paypalAvailable: true,
}
const memberDE: PaymentSituation = { ...guestDE, loggedIn: true }

describe('payment method rules (part 2 §4)', () => {
  it('offers invoice only to a signed-in customer billed in Germany without drawings', () => {
    expect(paymentRefusal('billing', memberDE)).toBeNull()
    expect(paymentRefusal('billing', guestDE)).toBe('login_required')
    expect(paymentRefusal('billing', { ...memberDE, billingCountryCode: 'AT' })).toBe('only_germany')
    expect(paymentRefusal('billing', { ...memberDE, hasDrawings: true })).toBe('drawings_attached')
  })

  it('refuses prepaid and PayPal with drawings, PayPal also when not configured', () => {
    expect(paymentRefusal('prepaid', { ...guestDE, hasDrawings: true })).toBe('drawings_attached')
    expect(paymentRefusal('paypal', { ...guestDE, hasDrawings: true })).toBe('drawings_attached')
    expect(paymentRefusal('paypal', { ...guestDE, paypalAvailable: false })).toBe('not_configured')
    expect(paymentRefusal('prepaid', { ...guestDE, billingCountryCode: 'US' })).toBeNull()
  })

  it('asks guests to log in for a quote', () => {
    expect(paymentRefusal('quote', guestDE)).toBe('login_required')
    expect(paymentRefusal('quote', { ...memberDE, hasDrawings: true })).toBeNull()
  })

  it('falls back to prepaid, or to the first allowed method, or to none', () => {
    expect(effectivePaymentMethod('billing', { ...memberDE, billingCountryCode: 'FR' })).toBe('prepaid')
    expect(effectivePaymentMethod('paypal', memberDE)).toBe('paypal')
    expect(effectivePaymentMethod('prepaid', { ...memberDE, hasDrawings: true })).toBe('quote')
    expect(effectivePaymentMethod('prepaid', { ...guestDE, hasDrawings: true })).toBeNull()
  })
})
