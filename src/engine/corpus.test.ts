import { describe, expect, it } from 'vitest'
import { analyzeFile } from './analyze-file.ts'
import { isAnalysisError } from './analysis-error.ts'
import { corpusPath, corpusReferences } from './testing/corpus.ts'

const references = corpusReferences()
const options = { thickness: false, pictures: false, threeMf: false } as const

/**
 * Files where the reference prototype is not a gold standard (REFERENCE.md): holes were capped (the volume depends
 * on the cap triangulation), or edges are left open/non-manifold, or the prototype misread the file.
 */
const HARD_CASES: Record<string, string> = {
  '3ds/threejs__3ds_portalgun.3ds':
    'a 14-vertex saddle-shaped hole: our minimum-area cap differs from the prototype',
  'ply/trimesh__bunny.ply': 'open and non-manifold edges left',
  'ply/trimesh__suzanne.ply': 'non-planar eye holes capped by minimum area',
  'stl/threejs__stl_ascii_slotted_disk.stl': 'open and non-manifold edges left',
  'ply/trimesh__fuze_ascii.ply':
    'the prototype misread the extra values on each face line; we read all 1000 faces',
}

describe('corpus accuracy (../shared/corpus, REFERENCE.md)', () => {
  expect(references.length).toBe(74)

  for (const ref of references) {
    it(`${ref.file}`, async () => {
      const run = analyzeFile(corpusPath(ref.file), { fileName: ref.file, ...options })
      if (ref.error !== undefined) {
        const error: unknown = await run.catch((e: unknown) => e)
        expect(isAnalysisError(error), `expected an AnalysisError, got ${String(error)}`).toBe(true)
        return
      }
      const result = await run
      const m = result.measures
      if (ref.file === 'ply/trimesh__fuze_ascii.ply') return // checked against its binary twin below
      if (ref.volume === 0) {
        // all stray facets: nothing solid is left
        expect(m.volume).toBe(0)
        return
      }
      // dimensions to 1e-4 relative for every file
      const size = [m.dimensions.x, m.dimensions.y, m.dimensions.z]
      for (let d = 0; d < 3; d++)
        expect(Math.abs(size[d]! - ref.size![d]!) / ref.size![d]!).toBeLessThan(1e-4)
      if (HARD_CASES[ref.file] !== undefined) return
      // closed meshes: volume to 1e-5 relative, shells and left edges as the reference
      expect(Math.abs(m.volume - ref.volume!) / Math.abs(ref.volume!)).toBeLessThan(1e-5)
      expect(m.shells).toBe(ref.shells)
      expect([result.repairInfo.openEdgesLeft, result.repairInfo.nonManifoldEdgesLeft]).toEqual(ref.left)
      const r = result.repairInfo
      expect([
        r.numberOfMergedVertexPairs,
        r.numberOfFlippedPolygons,
        r.numberOfRemovedFlatOpenShells,
        r.numberOfClosedOpenLoops,
        r.numberOfRemovedDegenerateFaces,
        r.numberOfRemovedDuplicateFaces,
      ]).toEqual(ref.repairs)
      expect(m.watertight).toBe(ref.left![0] === 0 && ref.left![1] === 0)
    })
  }

  it('reads the ASCII PLY whose face lines carry more values than declared like its binary twin', async () => {
    const ascii = await analyzeFile(corpusPath('ply/trimesh__fuze_ascii.ply'), options)
    const binary = await analyzeFile(corpusPath('ply/trimesh__fuze.ply'), options)
    expect(ascii.trianglesRead).toBe(1000)
    expect(ascii.measures.volume).toBeCloseTo(binary.measures.volume, 12)
  })

  it('agrees on the same part in STL (inch), 3MF and STEP within 0.5 %', async () => {
    const stl = await analyzeFile(corpusPath('stl/trimesh__featuretype.STL'), { ...options, unit: 'inch' })
    const threeMf = await analyzeFile(corpusPath('3mf/trimesh__featuretype.3MF'), options)
    const step = await analyzeFile(corpusPath('step/trimesh__featuretype.STEP'), options)
    const volumes = [stl, threeMf, step].map((r) => r.measures.volume)
    for (const v of volumes) expect(Math.abs(v - volumes[1]!) / volumes[1]!).toBeLessThan(0.005)
    for (const r of [stl, threeMf, step]) {
      expect(r.measures.dimensions.x).toBeCloseTo(127, 3)
      expect(r.measures.dimensions.y).toBeCloseTo(63.5, 3)
      expect(r.measures.dimensions.z).toBeCloseTo(34.925, 3)
    }
    expect(threeMf.unit.source).toBe('file')
    expect(stl.unit).toEqual({ given: 'inch', source: 'caller', scaleToMm: 25.4 })
  })
})
