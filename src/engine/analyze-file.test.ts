import { describe, expect, it } from 'vitest'
import { analyzeFile } from './analyze-file.ts'
import { resultTransferList } from './analysis-result.ts'
import { AnalysisError } from './analysis-error.ts'
import { read3mf } from './readers/threemf.reader.ts'
import { DEFAULT_ENGINE_LIMITS } from './engine-limits.ts'
import { decodeMeshes } from './mesh/mesh-codec.ts'
import { type AnalysisProgressCode } from './progress.ts'
import { corpusPath } from './testing/corpus.ts'
import { binaryStl, boxSoup, concatSoups } from './testing/mesh-fixtures.ts'

const light = { thickness: false, pictures: false } as const

describe('analyzeFile', () => {
  it('reports the spec progress codes in order, with the repair warning only when something was repaired', async () => {
    const seen: AnalysisProgressCode[] = []
    await analyzeFile(binaryStl(boxSoup([0, 0, 0], [1, 1, 1])), { ...light, onProgress: (c) => seen.push(c) })
    expect(seen).toEqual([
      'converting_to_stl',
      'starting_analysis',
      'converting_to_internal_format',
      'analyzing_volume_and_dimensions',
      'analysis_completed',
    ])
    seen.length = 0
    const stray = new Float32Array([5, 5, 5, 6, 5, 5, 5, 6, 5])
    await analyzeFile(binaryStl(concatSoups(boxSoup([0, 0, 0], [1, 1, 1]), stray)), {
      ...light,
      onProgress: (c) => seen.push(c),
    })
    expect(seen).toContain('repairing_file')
    expect(seen.indexOf('repairing_file')).toBe(2)
  })

  it('measures in millimetres for the given unit and defines the pricing variables', async () => {
    const r = await analyzeFile(binaryStl(boxSoup([0, 0, 0], [1, 2, 3])), { ...light, unit: 'cm' })
    expect(r.measures.dimensions).toEqual({ x: 10, y: 20, z: 30 })
    expect(r.measures.volume).toBeCloseTo(6000, 9)
    expect(r.measures.area).toBeCloseTo(2 * (200 + 600 + 300), 9)
    expect(r.measures.pricing).toEqual({
      internalVolume: r.measures.volume,
      externalVolume: 6000,
      minX: 10,
      maxX: 30,
      maxY: 20,
    })
    expect(r.measures.watertight).toBe(true)
    expect(r.bodies).toHaveLength(1)
  })

  it('stores the repaired model as internal mesh and as a 3MF that reads back to the same mesh', async () => {
    const r = await analyzeFile(corpusPath('3mf/3mfc__cube_gears.3mf'), light)
    const decoded = decodeMeshes(r.internalMesh)
    expect(decoded.map((m) => m.indices.length)).toEqual(r.meshes.map((m) => m.indices.length))
    const back = read3mf(r.threeMf!, { limits: DEFAULT_ENGINE_LIMITS, unitScaleToMm: 1 })
    expect(back.unitScaleToMm).toBe(1)
    expect(back.bodies.map((b) => Array.from(b.positions))).toEqual(
      r.meshes.map((m) => Array.from(m.positions)),
    )
    expect(back.bodies.map((b) => Array.from(b.indices))).toEqual(r.meshes.map((m) => Array.from(m.indices)))
  })

  it('lists distinct transferable buffers for posting the result from a worker', async () => {
    const r = await analyzeFile(binaryStl(boxSoup([0, 0, 0], [1, 1, 1])), { pictures: { size: 16 } })
    const list = resultTransferList(r)
    expect(new Set(list).size).toBe(list.length)
    expect(list).toContain(r.internalMesh.buffer)
    expect(list).toContain(r.pictures!.front.PX_0!.buffer)
    const { port1, port2 } = new MessageChannel()
    port1.postMessage(r, list)
    port1.close()
    port2.close()
  })

  it('ends every negative corpus file with a typed error code', async () => {
    const files = [
      ['negative/3mfc__MUSTFAIL_Chapter2.3.2a_NonUTF_Encoding.3mf', 'xml_encoding_unsupported'],
      ['negative/3mfc__MUSTFAIL_Chapter3.4b_MissingBuildElement.3mf', 'threemf_no_build_items'],
      ['negative/trimesh__empty.ply', 'no_triangles'],
      ['negative/trimesh__empty.stl', 'no_triangles'],
      ['negative/trimesh__stl_empty_ascii.stl', 'no_triangles'],
      ['negative/trimesh__stl_empty_bin.stl', 'no_triangles'],
      ['negative/utf8-mangled_colored.stl', 'truncated_file'],
      ['negative/utf8-mangled_cube_gears.3mf', 'zip_invalid'],
      ['3mf/3mfc__pyramid.3mf', 'threemf_beams_or_slices_only'],
    ] as const
    for (const [file, code] of files) {
      const started = performance.now()
      await expect(analyzeFile(corpusPath(file), { ...light, fileName: file })).rejects.toMatchObject({
        code,
      })
      expect(performance.now() - started).toBeLessThan(5000)
    }
  })

  it('rejects a file name with an unsupported extension', async () => {
    await expect(
      analyzeFile(binaryStl(boxSoup([0, 0, 0], [1, 1, 1])), { fileName: 'part.obj' }),
    ).rejects.toMatchObject({
      code: 'unsupported_format',
    })
    await expect(
      analyzeFile(binaryStl(boxSoup([0, 0, 0], [1, 1, 1])), { ...light, fileName: 'PART.StL' }),
    ).resolves.toBeDefined()
  })

  it('rejects an empty input and honours an abort signal', async () => {
    await expect(analyzeFile(new Uint8Array(0))).rejects.toBeInstanceOf(AnalysisError)
    const controller = new AbortController()
    controller.abort()
    await expect(
      analyzeFile(binaryStl(boxSoup([0, 0, 0], [1, 1, 1])), { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'aborted' })
  })
})
