import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ID_PATTERN, IdSchema, isId } from '#shared/contracts/common.contract.ts'

describe('ids', () => {
  it('isId accepts exactly what the id schema accepts', () => {
    const candidates = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      fc.string({ minLength: 20, maxLength: 24 }),
      fc.string({ unit: 'binary', minLength: 22, maxLength: 22 }),
      fc.anything(),
    )
    fc.assert(
      fc.property(candidates, (value) => {
        expect(isId(value)).toBe(IdSchema.safeParse(value).success)
        if (typeof value === 'string') expect(isId(value)).toBe(ID_PATTERN.test(value))
      }),
      { numRuns: 5_000 },
    )
  })

  it('refuses near misses: a character outside base64url, a non-ASCII look-alike, a wrong length', () => {
    expect(isId('AAAAAAAAAAAAAAAAAAAAA_')).toBe(true)
    expect(isId('AAAAAAAAAAAAAAAAAAAAA=')).toBe(false)
    expect(isId('AAAAAAAAAAAAAAAAAAAAAÄ')).toBe(false)
    expect(isId('AAAAAAAAAAAAAAAAAAAAA')).toBe(false)
    expect(isId(String.fromCharCode(0x141) + 'A'.repeat(21))).toBe(false)
  })
})
