import { describe, expect, it } from 'vitest'
import {
  cleanFileName,
  extensionFits,
  isPreviewPng,
  sniffAttachment,
} from '#server/modules/cart/cart-files.ts'
import { createImage, encodePng } from '#engine/engine.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('sniffAttachment', () => {
  it('recognises the accepted drawings by their content', () => {
    expect(sniffAttachment(bytes('%PDF-1.7\n'))).toBe('pdf')
    expect(sniffAttachment(encodePng(createImage(2, 2, [0, 0, 0, 255])))).toBe('png')
    expect(sniffAttachment(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg')
    expect(sniffAttachment(bytes('\uFEFF  ISO-10303-21;\nHEADER;'))).toBe('step')
    expect(sniffAttachment(bytes('  0\nSECTION\n  2\nHEADER\n'))).toBe('dxf')
    expect(sniffAttachment(bytes('999\r\nmade by hand\r\n  0\r\nSECTION\r\n'))).toBe('dxf')
    expect(sniffAttachment(bytes('AutoCAD Binary DXF\r\n\u001a\u0000\u0000'))).toBe('dxf')
  })

  it('refuses everything else', () => {
    for (const text of [
      '<html><body>%PDF-1.7</body></html>',
      'PDF-1.7',
      'solid x\nfacet',
      '0\nSECTIONS\n',
      '',
    ]) {
      expect(sniffAttachment(bytes(text)), text).toBeUndefined()
    }
    expect(sniffAttachment(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBeUndefined()
  })
})

describe('isPreviewPng', () => {
  it('accepts a complete PNG of preview size only', () => {
    const png = encodePng(createImage(3, 2, [10, 20, 30, 255]))
    expect(isPreviewPng(png)).toBe(true)
    expect(isPreviewPng(png.subarray(0, png.length - 1))).toBe(false)
    expect(isPreviewPng(new Uint8Array([...png, 0x3c]))).toBe(false)
    const wide = new Uint8Array(png)
    new DataView(wide.buffer).setUint32(16, 100_000)
    expect(isPreviewPng(wide)).toBe(false)
  })
})

describe('file names', () => {
  it('keeps the base name without paths and control characters, and falls back to a neutral name', () => {
    expect(cleanFileName('C:\\fakepath\\plan.pdf', 'pdf')).toBe('plan.pdf')
    expect(cleanFileName('../../etc/passwd.pdf', 'pdf')).toBe('passwd.pdf')
    expect(cleanFileName(' bad\u0000\r\nname.dxf ', 'dxf')).toBe('badname.dxf')
    expect(cleanFileName('..', 'step')).toBe('attachment.step')
    const long = cleanFileName(`${'a'.repeat(400)}.pdf`, 'pdf')
    expect(long).toHaveLength(255)
    expect(long.endsWith('.pdf')).toBe(true)
  })

  it('matches extensions to the sniffed kind, case-insensitively', () => {
    expect(extensionFits('jpeg', 'photo.JPG')).toBe(true)
    expect(extensionFits('step', 'part.stp')).toBe(true)
    expect(extensionFits('pdf', 'plan.pdf.exe')).toBe(false)
    expect(extensionFits('png', 'plan')).toBe(false)
  })
})
