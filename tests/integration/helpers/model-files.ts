import { readFileSync } from 'node:fs'
import { expect } from 'vitest'
import { ZipWriter, createImage, encodePng } from '#engine/engine.ts'
import { type CorpusReference, corpusPath, corpusReferences } from '#engine/testing/corpus.ts'

/** Model files made in the tests (small, exact) and the shared corpus with its reference figures. */

const TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>'
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Target="/3D/3dmodel.model" Id="r0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>' +
  '</Relationships>'

/** A 10 mm cube as 3MF model XML. */
export function cubeModelXml(prolog = ''): string {
  const vertices = [
    [0, 0, 0],
    [10, 0, 0],
    [10, 10, 0],
    [0, 10, 0],
    [0, 0, 10],
    [10, 0, 10],
    [10, 10, 10],
    [0, 10, 10],
  ]
  const triangles = [
    [0, 3, 2],
    [0, 2, 1],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
  ]
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n${prolog}` +
    '<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources>' +
    '<object id="1" type="model"><mesh><vertices>' +
    vertices.map(([x, y, z]) => `<vertex x="${x}" y="${y}" z="${z}"/>`).join('') +
    '</vertices><triangles>' +
    triangles.map(([a, b, c]) => `<triangle v1="${a}" v2="${b}" v3="${c}"/>`).join('') +
    '</triangles></mesh></object></resources><build><item objectid="1"/></build></model>'
  )
}

export function threeMfPackage(modelXml: string, extra: Record<string, string> = {}): Uint8Array {
  const zip = new ZipWriter()
  zip.addEntry('[Content_Types].xml', [TYPES])
  zip.addEntry('_rels/.rels', [RELS])
  zip.addEntry('3D/3dmodel.model', [modelXml])
  for (const [name, content] of Object.entries(extra)) zip.addEntry(name, [content])
  return zip.finish()
}

/** Rewrites the declared uncompressed size of central-directory entries (a zip that lies about itself). */
export function withDeclaredSize(zip: Uint8Array, entry: string, size: number): Uint8Array {
  const bytes = new Uint8Array(zip)
  const view = new DataView(bytes.buffer)
  for (let p = bytes.length - 22; p >= 0; p--) {
    if (view.getUint32(p, true) !== 0x02014b50) continue
    const nameLength = view.getUint16(p + 28, true)
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLength))
    if (name === entry) view.setUint32(p + 24, size, true)
  }
  return bytes
}

/** A binary STL whose header claims `claimed` triangles but holds `present` (zero-filled) facets. */
export function lyingBinaryStl(claimed: number, present: number): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * present)
  new DataView(bytes.buffer).setUint32(80, claimed, true)
  return bytes
}

/** A real PNG (a 4 × 4 picture). */
export function pngBytes(): Uint8Array {
  return encodePng(createImage(4, 4, [200, 20, 20, 255]))
}

export function corpusFile(file: string): Uint8Array {
  return readFileSync(corpusPath(file))
}

export function corpusReference(file: string): CorpusReference {
  const reference = corpusReferences().find((row) => row.file === file)
  if (reference === undefined) throw new Error(`${file} is not in REFERENCE.md`)
  return reference
}

/** REFERENCE.md prints 7 significant digits: compare to that. */
export function expectClose(actual: number, expected: number, relative = 2e-6): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative + 1e-9)
}
