import { describe, expect, it } from 'vitest'
import { addressKey, createAddressWindow } from '#server/http/address-rate-limit.ts'

function clock(start = 1_000_000) {
  let at = start
  return { now: () => at, advance: (ms: number) => (at += ms) }
}

describe('createAddressWindow', () => {
  it('allows max requests per address and window, then refuses with the seconds left', () => {
    const time = clock()
    const window = createAddressWindow({ max: 3, windowMs: 60_000, now: time.now })
    expect([1, 2, 3].map(() => window.hit('10.0.0.1').allowed)).toEqual([true, true, true])
    time.advance(15_500)
    expect(window.hit('10.0.0.1')).toEqual({ allowed: false, remaining: 0, resetSeconds: 45 })
  })

  it('counts each address on its own and says how many are left', () => {
    const window = createAddressWindow({ max: 2, windowMs: 60_000, now: clock().now })
    expect(window.hit('10.0.0.1').remaining).toBe(1)
    expect(window.hit('10.0.0.2').remaining).toBe(1)
    expect(window.hit('10.0.0.1').remaining).toBe(0)
  })

  it('starts every count again when the window ends', () => {
    const time = clock()
    const window = createAddressWindow({ max: 1, windowMs: 60_000, now: time.now })
    window.hit('10.0.0.1')
    expect(window.hit('10.0.0.1').allowed).toBe(false)
    time.advance(60_000)
    expect(window.hit('10.0.0.1')).toEqual({ allowed: true, remaining: 0, resetSeconds: 60 })
  })

  it('never says less than one second to wait', () => {
    const time = clock()
    const window = createAddressWindow({ max: 1, windowMs: 60_000, now: time.now })
    window.hit('10.0.0.1')
    time.advance(59_999)
    expect(window.hit('10.0.0.1').resetSeconds).toBe(1)
  })

  it('lets addresses beyond the cap pass uncounted while the counted ones stay limited', () => {
    const window = createAddressWindow({ max: 1, windowMs: 60_000, maxAddresses: 2, now: clock().now })
    window.hit('10.0.0.1')
    window.hit('10.0.0.2')
    expect([1, 2, 3].map(() => window.hit('10.0.0.3').allowed)).toEqual([true, true, true])
    expect(window.hit('10.0.0.1').allowed).toBe(false)
  })
})

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7')
  })

  it('gives one key to the addresses of one IPv6 /64 subnet', () => {
    expect(addressKey('2001:db8:0:1::1')).toBe(addressKey('2001:db8:0:1:abcd::9'))
    expect(addressKey('2001:db8:0:1::1')).not.toBe(addressKey('2001:db8:0:2::1'))
  })

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7')
  })
})
