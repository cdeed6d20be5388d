import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { zipSync, strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { analyzeFile, type AnalyzeOptions } from './analyze-file.ts'
import { isAnalysisError } from './analysis-error.ts'
import { type ModelFormat } from './detect-format.ts'
import { write3mf } from './export/threemf.writer.ts'
import { corpusPath } from './testing/corpus.ts'
import { asciiStl, binaryStl, boxSoup, indexSoup, torusSoup } from './testing/mesh-fixtures.ts'

/**
 * Mutation fuzzing: valid seed files of every format get random byte overwrites, insertions, deletions,
 * truncation and 32-bit field overwrites (counts, sizes, offsets). Every run must end in a result or an
 * AnalysisError — never another exception, a hang or an unbounded allocation (limits are kept small).
 */
const RUNS = 1000
const limits = {
  maxTriangles: 200_000,
  maxVertices: 300_000,
  maxInflatedBytes: 20_000_000,
  maxZipEntries: 100,
}
const options: AnalyzeOptions = { thickness: false, pictures: false, threeMf: false, limits }

const soup = torusSoup(10, 3, 12, 8)
const { vertices, faces } = indexSoup(soup)

function plyAscii(): Uint8Array {
  const rows = [
    'ply',
    'format ascii 1.0',
    `element vertex ${vertices.length / 3}`,
    'property float x',
    'property float y',
    'property float z',
    `element face ${faces.length / 3}`,
    'property list uchar int vertex_indices',
    'end_header',
  ]
  for (let v = 0; v < vertices.length; v += 3)
    rows.push(`${vertices[v]} ${vertices[v + 1]} ${vertices[v + 2]}`)
  for (let f = 0; f < faces.length; f += 3) rows.push(`3 ${faces[f]} ${faces[f + 1]} ${faces[f + 2]}`)
  return strToU8(rows.join('\n') + '\n')
}

function plyBinary(): Uint8Array {
  const header = strToU8(
    `ply\nformat binary_little_endian 1.0\nelement vertex ${vertices.length / 3}\nproperty float x\nproperty float y\nproperty float z\nelement face ${faces.length / 3}\nproperty list uchar int vertex_indices\nend_header\n`,
  )
  const body = new DataView(new ArrayBuffer(vertices.length * 4 + (faces.length / 3) * 13))
  let o = 0
  for (const v of vertices) {
    body.setFloat32(o, v, true)
    o += 4
  }
  for (let f = 0; f < faces.length; f += 3) {
    body.setUint8(o++, 3)
    for (let k = 0; k < 3; k++) {
      body.setInt32(o, faces[f + k]!, true)
      o += 4
    }
  }
  const out = new Uint8Array(header.length + body.byteLength)
  out.set(header)
  out.set(new Uint8Array(body.buffer), header.length)
  return out
}

function threeMfDeflated(): Uint8Array {
  return write3mf([
    { name: 'seed', positions: Float32Array.from(vertices), indices: Uint32Array.from(faces) },
  ])!
}

function threeMfPlain(): Uint8Array {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources><object id="1"><mesh><vertices>' +
    Array.from(
      { length: vertices.length / 3 },
      (_, v) => `<vertex x="${vertices[3 * v]}" y="${vertices[3 * v + 1]}" z="${vertices[3 * v + 2]}"/>`,
    ).join('') +
    '</vertices><triangles>' +
    Array.from(
      { length: faces.length / 3 },
      (_, f) => `<triangle v1="${faces[3 * f]}" v2="${faces[3 * f + 1]}" v3="${faces[3 * f + 2]}"/>`,
    ).join('') +
    '</triangles></mesh></object><object id="2"><components><component objectid="1" transform="1 0 0 0 1 0 0 0 1 5 0 0"/></components></object></resources><build><item objectid="2"/></build></model>'
  return zipSync(
    {
      '_rels/.rels': strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="r0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
      ),
      '3D/3dmodel.model': [strToU8(xml), { level: 0 }],
    },
    { level: 0 },
  )
}

function tds(): Uint8Array {
  const chunk = (id: number, body: Uint8Array): Uint8Array => {
    const out = new Uint8Array(6 + body.length)
    new DataView(out.buffer).setUint16(0, id, true)
    new DataView(out.buffer).setUint32(2, out.length, true)
    out.set(body, 6)
    return out
  }
  const cat = (...p: Uint8Array[]): Uint8Array => {
    const out = new Uint8Array(p.reduce((n, x) => n + x.length, 0))
    let o = 0
    for (const x of p) {
      out.set(x, o)
      o += x.length
    }
    return out
  }
  const { vertices: v, faces: f } = indexSoup(boxSoup([0, 0, 0], [1, 2, 3]))
  const points = new DataView(new ArrayBuffer(2 + v.length * 4))
  points.setUint16(0, v.length / 3, true)
  v.forEach((x, i) => points.setFloat32(2 + 4 * i, x, true))
  const tris = new DataView(new ArrayBuffer(2 + (f.length / 3) * 8))
  tris.setUint16(0, f.length / 3, true)
  for (let i = 0; i < f.length / 3; i++)
    for (let k = 0; k < 3; k++) tris.setUint16(2 + 8 * i + 2 * k, f[3 * i + k]!, true)
  const mesh = chunk(
    0x4100,
    cat(chunk(0x4110, new Uint8Array(points.buffer)), chunk(0x4120, new Uint8Array(tris.buffer))),
  )
  return chunk(0x4d4d, chunk(0x3d3d, chunk(0x4000, cat(strToU8('box\0'), mesh))))
}

/** The first 6 KB of a real STEP file, closed off: OCCT parses the header and entities, then fails fast. */
function stepSeed(): Uint8Array {
  const text = readFileSync(corpusPath('step/trimesh__featuretype.STEP'), 'latin1')
  return strToU8(text.slice(0, 6000) + '\nENDSEC;\nEND-ISO-10303-21;\n')
}

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant('u32' as const),
    at: fc.nat(),
    value: fc.oneof(fc.constant(0xffffffff), fc.constant(1e9), fc.nat()),
  }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 16 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
)
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never

function mutate(seed: Uint8Array, mutations: Mutation[]): Uint8Array {
  let bytes = Uint8Array.from(seed)
  for (const m of mutations) {
    if (bytes.length === 0) break
    const at = m.at % bytes.length
    if (m.kind === 'set') bytes[at] = m.value
    else if (m.kind === 'u32' && at + 4 <= bytes.length)
      new DataView(bytes.buffer).setUint32(at, m.value >>> 0, true)
    else if (m.kind === 'insert')
      bytes = Uint8Array.from([...bytes.subarray(0, at), ...m.bytes, ...bytes.subarray(at)])
    else if (m.kind === 'delete')
      bytes = Uint8Array.from([...bytes.subarray(0, at), ...bytes.subarray(at + m.length)])
    else if (m.kind === 'truncate') bytes = bytes.subarray(0, at)
  }
  return bytes
}

const seeds: Array<[string, ModelFormat, () => Uint8Array, number]> = [
  ['binary STL', 'stl', () => binaryStl(soup), RUNS],
  [
    'ASCII STL',
    'stl',
    () =>
      strToU8(
        asciiStl([
          { name: 'a', soup },
          { name: 'b', soup: boxSoup([0, 0, 0], [1, 1, 1]) },
        ]),
      ),
    RUNS,
  ],
  ['ASCII PLY', 'ply', plyAscii, RUNS],
  ['binary PLY', 'ply', plyBinary, RUNS],
  ['3MF (stored XML)', '3mf', threeMfPlain, RUNS],
  ['3MF (deflated)', '3mf', threeMfDeflated, RUNS],
  ['3DS', '3ds', tds, RUNS],
  ['STEP', 'step', stepSeed, RUNS],
]

describe('fuzzing: mutated inputs end in a result or a typed error', () => {
  for (const [label, format, seedOf, runs] of seeds) {
    it(`${label}: ${runs} mutated inputs`, async () => {
      const seed = seedOf()
      // the STEP seed is a truncated real file (a full one takes a second per parse); the others are valid
      if (format !== 'step') await expect(analyzeFile(seed, { ...options, format })).resolves.toBeDefined()
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 6 }), async (mutations) => {
          const input = mutate(seed, mutations)
          try {
            await analyzeFile(input, { ...options, format })
          } catch (error) {
            if (!isAnalysisError(error)) throw error
          }
        }),
        { numRuns: runs, seed: 42 },
      )
    })
  }

  it('binary STL with the full pipeline (thickness, pictures, 3MF): 100 mutated inputs', async () => {
    const seed = binaryStl(soup)
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (mutations) => {
        try {
          await analyzeFile(mutate(seed, mutations), { format: 'stl', limits, pictures: { size: 32 } })
        } catch (error) {
          if (!isAnalysisError(error)) throw error
        }
      }),
      { numRuns: 100, seed: 7 },
    )
  })
})
