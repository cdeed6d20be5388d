import { ByteSink } from './byte-sink.ts'
import { ZipWriter } from './zip-writer.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>' +
  '</Types>'

const RELS =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>' +
  '</Relationships>'

// XML bytes handed to the deflater at once.
const CHUNK_BYTES = 1 << 20
// Level 1: the XML is very repetitive, level 1 already compresses it about 4:1 and is the fastest.
const DEFLATE_LEVEL = 1

/**
 * Writes the repaired bodies as a 3MF package (3MF core specification, unit millimeter): one object per body
 * (type model) and one build item each, with the identity transform. Coordinates are the shortest decimal that
 * reads back to the same float32, so the 3MF reproduces the internal mesh exactly. The XML is deflated in
 * chunks as it is generated and never held as one string. Bodies without triangles are skipped; returns undefined if
 * none is left.
 */
export function write3mf(meshes: readonly IndexedMesh[]): Uint8Array | undefined {
  const bodies = meshes.filter((m) => m.indices.length > 0)
  if (bodies.length === 0) return undefined
  const zip = new ZipWriter()
  zip.addEntry('[Content_Types].xml', [CONTENT_TYPES])
  zip.addEntry('_rels/.rels', [RELS])
  zip.addEntry('3D/3dmodel.model', modelXml(bodies), DEFLATE_LEVEL)
  return zip.finish()
}

/** The model part as a sequence of byte chunks written straight into buffers (never one big string). */
function* modelXml(bodies: readonly IndexedMesh[]): Generator<Uint8Array> {
  const ready: Uint8Array[] = []
  const sink = new ByteSink(CHUNK_BYTES, (chunk) => ready.push(chunk))
  const drain = function* (): Generator<Uint8Array> {
    while (ready.length > 0) yield ready.shift()!
  }
  sink.text(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">\n' +
      '<metadata name="Application">Schichtwerk</metadata>\n<resources>\n',
  )
  for (let b = 0; b < bodies.length; b++) {
    const mesh = bodies[b]!
    sink.text(`<object id="${b + 1}" type="model" name="${escapeXml(mesh.name)}"><mesh><vertices>\n`)
    const p = mesh.positions
    for (let i = 0; i < p.length; i += 3) {
      sink.text('<vertex x="')
      sink.float32(p[i]!)
      sink.text('" y="')
      sink.float32(p[i + 1]!)
      sink.text('" z="')
      sink.float32(p[i + 2]!)
      sink.text('"/>\n')
      if (ready.length > 0) yield* drain()
    }
    sink.text('</vertices><triangles>\n')
    const t = mesh.indices
    for (let i = 0; i < t.length; i += 3) {
      sink.text('<triangle v1="')
      sink.uint(t[i]!)
      sink.text('" v2="')
      sink.uint(t[i + 1]!)
      sink.text('" v3="')
      sink.uint(t[i + 2]!)
      sink.text('"/>\n')
      if (ready.length > 0) yield* drain()
    }
    sink.text('</triangles></mesh></object>\n')
  }
  sink.text(
    '</resources>\n<build>\n' +
      bodies.map((_, b) => `<item objectid="${b + 1}"/>`).join('\n') +
      '\n</build>\n</model>\n',
  )
  sink.flush()
  yield* drain()
}

// XML 1.0 forbids most C0 control characters even as character references.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g

function escapeXml(text: string): string {
  // non-ASCII as character references too: the sink writes one byte per character
  return text
    .replace(CONTROL_CHARACTERS, '')
    .replace(/[<>&"']|[^\x20-\x7e]/gu, (c) => `&#${c.codePointAt(0)};`)
}
