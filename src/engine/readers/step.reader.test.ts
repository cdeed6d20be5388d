import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AnalysisError } from '../analysis-error.ts'
import { DEFAULT_ENGINE_LIMITS } from '../engine-limits.ts'
import { corpusPath } from '../testing/corpus.ts'
import { readStep } from './step.reader.ts'

const options = { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 }

describe('STEP reader (occt-import-js)', () => {
  it('tessellates a part in millimetres', async () => {
    const r = await readStep(
      new Uint8Array(readFileSync(corpusPath('step/trimesh__featuretype.STEP'))),
      options,
    )
    expect(r.unitSource).toBe('file')
    expect(r.trianglesRead).toBeGreaterThan(1000)
  })

  it('rejects a corrupt STEP file with step_read_failed', async () => {
    const text = readFileSync(corpusPath('step/trimesh__featuretype.STEP'), 'latin1')
    const corrupt = new TextEncoder().encode(text.slice(0, 400) + '\n#1=GARBAGE((;\nEND-ISO-10303-21;\n')
    await expect(readStep(corrupt, options)).rejects.toMatchObject({
      code: expect.stringMatching(/step_read_failed|no_triangles/) as unknown,
    })
    await expect(readStep(new TextEncoder().encode('not a step file'), options)).rejects.toBeInstanceOf(
      AnalysisError,
    )
  })
})
