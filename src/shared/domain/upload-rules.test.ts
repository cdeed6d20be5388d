import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ALLOWED_MODEL_EXTENSIONS, MAX_UPLOAD_BYTES } from '#shared/domain/limits.ts'
import {
  checkUploadCandidate,
  fileExtension,
  isAllowedModelFileName,
  modelExtensionOf,
} from '#shared/domain/upload-rules.ts'

describe('upload rules (spec part 1 §5)', () => {
  it('accepts the allowed extensions in any case, up to 100 MB', () => {
    for (const extension of ALLOWED_MODEL_EXTENSIONS) {
      expect(checkUploadCandidate({ name: `part.${extension}`, size: 1 })).toEqual({ ok: true })
      expect(
        checkUploadCandidate({ name: `PART.${extension.toUpperCase()}`, size: MAX_UPLOAD_BYTES }),
      ).toEqual({
        ok: true,
      })
    }
    expect(modelExtensionOf('Bracket.v2.StL')).toBe('stl')
  })

  it('rejects a file over the limit as file_too_large', () => {
    expect(checkUploadCandidate({ name: 'part.stl', size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      ok: false,
      code: 'file_too_large',
    })
    expect(checkUploadCandidate({ name: 'part.stl', size: Number.NaN })).toMatchObject({
      code: 'file_too_large',
    })
    expect(checkUploadCandidate({ name: 'part.stl', size: 11 }, 10)).toMatchObject({ code: 'file_too_large' })
  })

  it('rejects other or missing extensions as unsupported_file_type', () => {
    for (const name of ['photo.jpg', 'part.stl.zip', 'stl', 'part.', '', 'part.obj']) {
      expect(checkUploadCandidate({ name, size: 10 })).toEqual({ ok: false, code: 'unsupported_file_type' })
    }
    expect(fileExtension('part.')).toBeNull()
    expect(fileExtension('.stl')).toBe('stl')
  })

  it('checks the size first, as the spec lists it', () => {
    expect(checkUploadCandidate({ name: 'photo.jpg', size: MAX_UPLOAD_BYTES + 1 })).toMatchObject({
      code: 'file_too_large',
    })
  })

  it('a name is allowed exactly when its last extension is, whatever comes before', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...ALLOWED_MODEL_EXTENSIONS, 'obj', 'gcode', 'png'),
        (stem, ext) => {
          const allowed = (ALLOWED_MODEL_EXTENSIONS as readonly string[]).includes(ext)
          expect(isAllowedModelFileName(`${stem}.${ext}`)).toBe(allowed)
          expect(isAllowedModelFileName(`${stem}.${ext.toUpperCase()}`)).toBe(allowed)
        },
      ),
    )
  })
})
