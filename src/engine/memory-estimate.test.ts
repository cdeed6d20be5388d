import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkAnalysisMemory, countsFromHeader, estimateAnalysisMb } from '#engine/memory-estimate.ts'
import { binaryStl, boxSoup, torusSoup } from '#engine/testing/mesh-fixtures.ts'

const dir = mkdtempSync(join(tmpdir(), 'memory-estimate-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the analysis memory estimate', () => {
  it('reads the exact triangle count of a binary STL from its header', () => {
    const stl = binaryStl(torusSoup(40, 12, 30, 20))
    expect(countsFromHeader('stl', stl.subarray(0, 84), stl.length)).toEqual({
      triangles: 1200,
      basis: 'exact',
    })
  })

  it('bounds an ASCII STL by its size and reads the face count a PLY declares', () => {
    const ascii = new TextEncoder().encode('solid x\n' + ' '.repeat(3_200_000))
    expect(countsFromHeader('stl', ascii.subarray(0, 84), ascii.length)).toEqual({
      triangles: 10_000,
      basis: 'bound',
    })
    const ply = new TextEncoder().encode(
      'ply\nformat binary_little_endian 1.0\nelement vertex 8\nproperty float x\nproperty float y\n' +
        'property float z\nelement face 12\nproperty list uchar int vertex_indices\nend_header\n',
    )
    expect(countsFromHeader('ply', ply, ply.length + 200)).toEqual({ triangles: 12, basis: 'exact' })
    expect(countsFromHeader('3mf', new Uint8Array([0x50, 0x4b, 3, 4]), 1_000_000)).toBeUndefined()
  })

  it('grows with the triangles and refuses a file over the budget before reading it', async () => {
    expect(estimateAnalysisMb(2_000_000)).toBeGreaterThan(estimateAnalysisMb(200_000))
    const path = join(dir, 'box.stl')
    writeFileSync(path, binaryStl(boxSoup([0, 0, 0], [1, 1, 1])))
    const small = await checkAnalysisMemory(path, 'stl', 512)
    expect(small).toMatchObject({ fits: true, counts: { triangles: 12, basis: 'exact' } })
    // The same header claiming 4 M triangles on a file of the matching size (sparse: nothing is written).
    const claimed = join(dir, 'claimed.stl')
    const header = new Uint8Array(84)
    new DataView(header.buffer).setUint32(80, 4_000_000, true)
    writeFileSync(claimed, header)
    truncateSync(claimed, 84 + 50 * 4_000_000)
    const big = await checkAnalysisMemory(claimed, 'stl', 256)
    expect(big.fits).toBe(false)
    expect(big.estimatedMb).toBe(estimateAnalysisMb(4_000_000))
  })
})
