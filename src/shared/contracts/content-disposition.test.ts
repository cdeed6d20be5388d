import { describe, expect, it } from 'vitest'
import { attachmentDisposition, fileNameOfDisposition } from './content-disposition.ts'

describe('Content-Disposition of downloads', () => {
  it('writes an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition("Größe (1)'s.pdf")).toBe(
      `attachment; filename="Gr__e _1__s.pdf"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%281%29%27s.pdf`,
    )
  })

  it('reads back every name it writes, Unicode and quotes included', () => {
    for (const name of ["Größe (1)'s.pdf", 'SW-2026-00017.pdf', 'bracket_repaired.stl', 'レンチ "A".3mf']) {
      expect(fileNameOfDisposition(attachmentDisposition(name))).toBe(name)
    }
  })

  it('falls back to the plain name, quoted or not, when there is no UTF-8 name or it does not decode', () => {
    expect(fileNameOfDisposition('attachment; filename="plan.pdf"')).toBe('plan.pdf')
    expect(fileNameOfDisposition('attachment; filename=plan.pdf')).toBe('plan.pdf')
    expect(fileNameOfDisposition(`attachment; filename="plan.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe(
      'plan.pdf',
    )
  })

  it('names nothing without a header or a name, and never a folder', () => {
    expect(fileNameOfDisposition(null)).toBeNull()
    expect(fileNameOfDisposition('attachment')).toBeNull()
    expect(fileNameOfDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(fileNameOfDisposition('attachment; filename="dir/"')).toBeNull()
  })
})
