import { zipSync, strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ENGINE_LIMITS, type EngineLimits } from '../engine-limits.ts'
import { measureModel } from '../measure/measures.ts'
import { read3mf } from './threemf.reader.ts'
import { errorCodeOf } from '#engine/testing/error-code.ts'

const CORE = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02'
const PROD = 'http://schemas.microsoft.com/3dmanufacturing/production/2015/06'
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="r0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>`
const TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>`

/** A unit cube mesh (12 triangles) as 3MF XML. */
const CUBE_MESH =
  '<mesh><vertices>' +
  [
    [0, 0, 0],
    [1, 0, 0],
    [1, 1, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 0, 1],
    [1, 1, 1],
    [0, 1, 1],
  ]
    .map(([x, y, z]) => `<vertex x="${x}" y="${y}" z="${z}"/>`)
    .join('') +
  '</vertices><triangles>' +
  [
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
    .map(([a, b, c]) => `<triangle v1="${a}" v2="${b}" v3="${c}"/>`)
    .join('') +
  '</triangles></mesh>'

function model(body: string, attrs = 'unit="millimeter"', extraNs = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<model ${attrs} xml:lang="en-US" xmlns="${CORE}" ${extraNs}>${body}</model>`
}

function pack(modelXml: string | Uint8Array, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(TYPES),
    '_rels/.rels': strToU8(RELS),
    '3D/3dmodel.model': typeof modelXml === 'string' ? strToU8(modelXml) : modelXml,
    ...extra,
  })
}

const options = (limits: Partial<EngineLimits> = {}) => ({
  limits: { ...DEFAULT_ENGINE_LIMITS, ...limits },
  unitScaleToMm: 1,
})

function measure(bytes: Uint8Array) {
  const r = read3mf(bytes, options())
  return measureModel(r.bodies, r.bodies.length, true).measures
}

describe('3MF reader', () => {
  it('honours the model unit and build-item transforms (one body per instance)', () => {
    const xml = model(
      `<resources><object id="1" type="model">${CUBE_MESH}</object></resources>` +
        `<build><item objectid="1" transform="2 0 0 0 1 0 0 0 1 10 0 0"/><item objectid="1"/></build>`,
      'unit="inch"',
    )
    const r = read3mf(pack(xml), options())
    expect(r.bodies).toHaveLength(2)
    expect(r.unitScaleToMm).toBe(25.4)
    const m = measureModel(r.bodies, 2, true).measures
    // float32 coordinates after the inch conversion: relative, not absolute, precision
    expect(Math.abs(m.volume / (3 * 25.4 ** 3) - 1)).toBeLessThan(1e-6)
    expect(m.dimensions.x).toBeCloseTo(12 * 25.4, 4)
  })

  it('expands nested components with composed transforms', () => {
    const xml = model(
      `<resources><object id="1" type="model">${CUBE_MESH}</object>` +
        `<object id="2" type="model"><components><component objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0 5"/><component objectid="1"/></components></object>` +
        `<object id="3" type="model"><components><component objectid="2" transform="0 1 0 -1 0 0 0 0 1 0 0 0"/></components></object></resources>` +
        `<build><item objectid="3" transform="1 0 0 0 1 0 0 0 1 100 0 0"/></build>`,
    )
    const m = measure(pack(xml))
    expect(m.volume).toBeCloseTo(2, 9)
    expect(m.boundingBox.min[0]).toBeCloseTo(99, 6)
    expect(m.dimensions.z).toBeCloseTo(6, 9)
  })

  it('keeps the winding of mirrored instances outward', () => {
    const xml = model(
      `<resources><object id="1">${CUBE_MESH}</object></resources><build><item objectid="1" transform="-1 0 0 0 1 0 0 0 1 0 0 0"/></build>`,
    )
    expect(measure(pack(xml)).volume).toBeCloseTo(1, 9)
  })

  it('follows production-extension paths into other model parts', () => {
    const part = model(`<resources><object id="7">${CUBE_MESH}</object></resources><build/>`)
    const root = model(
      `<resources><object id="1"><components><component p:path="/3D/Objects/part.model" objectid="7" transform="1 0 0 0 1 0 0 0 1 0 0 3"/></components></object></resources>` +
        `<build><item objectid="1"/><item p:path="/3D/Objects/part.model" objectid="7"/></build>`,
      'unit="millimeter" requiredextensions="p"',
      `xmlns:p="${PROD}"`,
    )
    const m = measure(pack(root, { '3D/Objects/part.model': strToU8(part) }))
    expect(m.volume).toBeCloseTo(2, 9)
    expect(m.dimensions.z).toBeCloseTo(4, 9)
  })

  it('reads a model part split at every byte (streaming tokenizer)', () => {
    const xml = model(
      `<!-- c --><resources><object id="1" name="a &amp; b">${CUBE_MESH}</object></resources><build><item objectid="1"/></build>`,
    )
    // stored entries stream in 16 KiB steps; a big comment makes the part span several steps
    const padded = xml.replace('<!-- c -->', `<!-- ${'x'.repeat(70_000)} -->`)
    const bytes = zipSync({
      '_rels/.rels': strToU8(RELS),
      '3D/3dmodel.model': [strToU8(padded), { level: 0 }],
    })
    const r = read3mf(bytes, options())
    expect(r.bodies[0]!.name).toBe('a & b')
  })

  describe('bad input ends in a typed error', () => {
    const cube = (attrs = 'unit="millimeter"', ns = '') =>
      model(
        `<resources><object id="1">${CUBE_MESH}</object></resources><build><item objectid="1"/></build>`,
        attrs,
        ns,
      )

    it('a DTD', () => {
      const xml = cube().replace('<model', '<!DOCTYPE model [<!ENTITY x "y">]>\n<model')
      expect(errorCodeOf(() => read3mf(pack(xml), options()))).toBe('xml_dtd_forbidden')
    })
    it('an entity reference', () => {
      expect(
        errorCodeOf(() => read3mf(pack(cube().replace('id="1">', 'id="1" name="&xxe;">')), options())),
      ).toBe('xml_dtd_forbidden')
    })
    it('entry names with ../', () => {
      expect(errorCodeOf(() => read3mf(pack(cube(), { '../evil.model': strToU8('x') }), options()))).toBe(
        'zip_path_escape',
      )
      expect(errorCodeOf(() => read3mf(pack(cube(), { '3D/../../evil': strToU8('x') }), options()))).toBe(
        'zip_path_escape',
      )
    })
    it('a zip bomb (declared size over the limit, rejected before inflating)', () => {
      const bomb = pack(cube(), { 'Metadata/bomb.bin': new Uint8Array(16 * 1024 * 1024) })
      expect(bomb.length).toBeLessThan(60_000)
      const started = performance.now()
      expect(errorCodeOf(() => read3mf(bomb, options({ maxInflatedBytes: 4_000_000 })))).toBe('zip_too_large')
      expect(performance.now() - started).toBeLessThan(500)
    })
    it('a zip entry that inflates beyond its declared size', () => {
      const xml = cube() + ' '.repeat(100_000)
      const bytes = pack(xml)
      // patch the central directory's uncompressed size of the model entry down
      const view = new DataView(bytes.buffer)
      for (let p = bytes.length - 22; p > 0; p--) {
        if (view.getUint32(p, true) !== 0x02014b50) continue
        const nameLen = view.getUint16(p + 28, true)
        const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLen))
        if (name === '3D/3dmodel.model') view.setUint32(p + 24, 2000, true)
      }
      expect(errorCodeOf(() => read3mf(bytes, options()))).toBe('zip_invalid')
    })
    it('an impossible compression ratio in the directory', () => {
      const bytes = pack(cube())
      const view = new DataView(bytes.buffer)
      for (let p = bytes.length - 22; p > 0; p--)
        if (view.getUint32(p, true) === 0x02014b50) view.setUint32(p + 24, 0xfffffff0, true)
      expect(errorCodeOf(() => read3mf(bytes, options()))).toBe('zip_too_large')
    })
    it('too many zip entries', () => {
      const extra: Record<string, Uint8Array> = {}
      for (let i = 0; i < 20; i++) extra[`Metadata/${i}.txt`] = strToU8('x')
      expect(errorCodeOf(() => read3mf(pack(cube(), extra), options({ maxZipEntries: 10 })))).toBe(
        'zip_too_many_entries',
      )
    })
    it('only beam lattices', () => {
      const xml = model(
        `<resources><object id="1"><mesh><vertices><vertex x="0" y="0" z="0"/><vertex x="1" y="0" z="0"/></vertices><b:beamlattice radius="1"><b:beams><b:beam v1="0" v2="1"/></b:beams></b:beamlattice></mesh></object></resources><build><item objectid="1"/></build>`,
        'unit="millimeter" requiredextensions="b"',
        'xmlns:b="http://schemas.microsoft.com/3dmanufacturing/beamlattice/2017/02"',
      )
      expect(errorCodeOf(() => read3mf(pack(xml), options()))).toBe('threemf_beams_or_slices_only')
    })
    it('only slices', () => {
      const xml = model(
        `<resources><s:slicestack id="5" zbottom="0"><s:slice ztop="1"/></s:slicestack><object id="1" s:slicestackid="5"><mesh><vertices/><triangles/></mesh></object></resources><build><item objectid="1"/></build>`,
        'unit="millimeter"',
        'xmlns:s="http://schemas.microsoft.com/3dmanufacturing/slice/2015/07"',
      )
      expect(errorCodeOf(() => read3mf(pack(xml), options()))).toBe('threemf_beams_or_slices_only')
    })
    it('an unsupported required extension', () => {
      expect(
        errorCodeOf(() =>
          read3mf(
            pack(cube('unit="millimeter" requiredextensions="q"', 'xmlns:q="http://example.com/unknown"')),
            options(),
          ),
        ),
      ).toBe('threemf_unsupported_extension')
    })
    it('indices out of range and NaN coordinates', () => {
      expect(
        errorCodeOf(() => read3mf(pack(cube().replace('v1="0" v2="3"', 'v1="0" v2="30"')), options())),
      ).toBe('index_out_of_range')
      expect(
        errorCodeOf(() =>
          read3mf(pack(cube().replace('x="1" y="1" z="1"', 'x="NaN" y="1" z="1"')), options()),
        ),
      ).toBe('non_finite_coordinate')
    })
    it('no build items, no model part, a non-UTF-8 part, recursive components, a bad unit', () => {
      expect(
        errorCodeOf(() =>
          read3mf(pack(model(`<resources><object id="1">${CUBE_MESH}</object></resources>`)), options()),
        ),
      ).toBe('threemf_no_build_items')
      expect(errorCodeOf(() => read3mf(zipSync({ 'a.txt': strToU8('x') }), options()))).toBe(
        'threemf_no_model_part',
      )
      const utf16 = new Uint8Array([
        0xff,
        0xfe,
        ...new Uint8Array(new Uint16Array([...cube()].map((c) => c.charCodeAt(0))).buffer),
      ])
      expect(errorCodeOf(() => read3mf(pack(utf16), options()))).toBe('xml_encoding_unsupported')
      const loop = model(
        `<resources><object id="1"><components><component objectid="1"/></components></object></resources><build><item objectid="1"/></build>`,
      )
      expect(errorCodeOf(() => read3mf(pack(loop), options()))).toBe('threemf_recursive_components')
      expect(errorCodeOf(() => read3mf(pack(cube('unit="furlong"')), options()))).toBe('threemf_invalid_unit')
    })
    it('a component bomb without triangles (4^30 references), stopped at the instance limit', () => {
      // object 0 has an empty mesh; object k holds object k-1 four times: nothing to count but the references
      let objects = '<object id="0"><mesh><vertices/><triangles/></mesh></object>'
      for (let k = 1; k <= 30; k++) {
        const refs = `<component objectid="${k - 1}"/>`.repeat(4)
        objects += `<object id="${k}"><components>${refs}</components></object>`
      }
      const bomb = model(`<resources>${objects}</resources><build><item objectid="30"/></build>`)
      const start = performance.now()
      expect(errorCodeOf(() => read3mf(pack(bomb), options()))).toBe('limit_exceeded')
      expect(performance.now() - start).toBeLessThan(5000)
    })
    it('not a zip, a truncated zip', () => {
      expect(errorCodeOf(() => read3mf(strToU8('hello'), options()))).toBe('zip_invalid')
      const bytes = pack(cube())
      expect(errorCodeOf(() => read3mf(bytes.subarray(0, bytes.length - 40), options()))).toBe('zip_invalid')
    })
  })
})
