import { describe, expect, it } from 'vitest'
import { cleanFileName, objectNameOf } from '#server/modules/analysis/analysis.service.ts'

describe('upload file names', () => {
  it('keeps the last path segment without control characters', () => {
    expect(cleanFileName('C:\\fakepath\\Bracket.STL')).toBe('Bracket.STL')
    expect(cleanFileName('../../etc/passwd.stl')).toBe('passwd.stl')
    expect(cleanFileName(' cube\u0000\r\n.stl ')).toBe('cube.stl')
  })

  it('shortens a name over 255 characters in its stem and keeps the extension that picks the format', () => {
    const long = cleanFileName(`${'n'.repeat(996)}.stl`)
    expect(long).toHaveLength(255)
    expect(long.endsWith('.stl')).toBe(true)
    expect(objectNameOf(`${'n'.repeat(996)}.stl`)).toMatch(/^n+$/)
  })

  it('cuts a long name without a short extension at 255 characters', () => {
    expect(cleanFileName('x'.repeat(300))).toBe('x'.repeat(255))
  })
})
