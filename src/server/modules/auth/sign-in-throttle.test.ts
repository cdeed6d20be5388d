import { describe, expect, it } from 'vitest'
import {
  type Admission,
  createSignInThrottle,
  DEFAULT_SIGN_IN_THROTTLE,
  throttleKeyOf,
} from '#server/modules/auth/sign-in-throttle.ts'

function setup(overrides: Partial<typeof DEFAULT_SIGN_IN_THROTTLE> = {}) {
  const clock = { now: 1_000_000 }
  const throttle = createSignInThrottle({ ...DEFAULT_SIGN_IN_THROTTLE, ...overrides, now: () => clock.now })
  const fail = (key: string, times: number) => {
    for (let i = 0; i < times; i++) admitted(throttle.admit(key)).settle('failed')
  }
  return { clock, throttle, fail }
}

function admitted(admission: Admission): Extract<Admission, { admitted: true }> {
  if (!admission.admitted) throw new Error(`refused for ${admission.retryAfterMs} ms`)
  return admission
}

describe('the sign-in throttle', () => {
  it('keys a known account by its id and an unknown login by its normalised form', () => {
    expect(throttleKeyOf(' Alice@Example.TEST ', undefined)).toBe(
      throttleKeyOf('alice@example.test', undefined),
    )
    expect(throttleKeyOf('ａｌｉｃｅ', undefined)).toBe(throttleKeyOf('alice', undefined))
    expect(throttleKeyOf('alice', 'id-1')).toBe(throttleKeyOf('alice@example.test', 'id-1'))
    expect(throttleKeyOf('alice', 'id-1')).not.toBe(throttleKeyOf('alice', undefined))
  })

  it('forgets failures 15 minutes after the last one', () => {
    const { clock, throttle, fail } = setup()
    fail('login:a', 5)
    expect(throttle.admit('login:a')).toEqual({ admitted: false, retryAfterMs: 1_000 })
    clock.now += 15 * 60_000 + 1
    fail('login:a', 5)
    expect(throttle.admit('login:a').admitted).toBe(false)
  })

  it('does not count an attempt whose password was never checked', () => {
    const { throttle, fail } = setup()
    fail('login:b', 4)
    admitted(throttle.admit('login:b')).settle('unchecked')
    expect(throttle.admit('login:b').admitted).toBe(true)
  })

  it('keeps at most maxAccounts, dropping the longest idle', () => {
    const { throttle, fail } = setup({ maxAccounts: 2 })
    fail('login:old', 5)
    fail('login:mid', 5)
    fail('login:new', 5)
    expect(throttle.admit('login:old').admitted).toBe(true)
    expect(throttle.admit('login:new').admitted).toBe(false)
  })
})
