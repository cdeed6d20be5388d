import { AnalysisError } from '../analysis-error.ts'
import { type EngineLimits } from '../engine-limits.ts'
import { IndexBuilder } from '../mesh/index-builder.ts'
import { type IndexedMesh } from '../mesh/indexed-mesh.ts'
import { VertexWelder } from '../mesh/vertex-welder.ts'
import { type ReadOptions, type ReadResult } from './read-result.ts'
import { type Transform, IDENTITY, compose, determinant, isIdentity, parseTransform } from './transform.ts'
import { XmlTokenizer, type XmlAttributes, type XmlHandler } from './xml-tokenizer.ts'
import { ZipArchive, checkEntryName } from './zip-archive.ts'

const NS_CORE = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02'
const NS_PRODUCTION = 'http://schemas.microsoft.com/3dmanufacturing/production/2015/06'
const NS_BEAM = 'http://schemas.microsoft.com/3dmanufacturing/beamlattice/2017/02'
const NS_SLICE = 'http://schemas.microsoft.com/3dmanufacturing/slice/2015/07'
const MODEL_REL_TYPE = 'http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel'

/** Extensions a file may list in `requiredextensions`: we read all the geometry they can carry (or say why not). */
const SUPPORTED_EXTENSIONS = new Set([
  NS_CORE,
  NS_PRODUCTION,
  NS_BEAM,
  NS_SLICE,
  'http://schemas.microsoft.com/3dmanufacturing/material/2015/02',
  'http://schemas.microsoft.com/3dmanufacturing/2013/01',
])

export const UNIT_TO_MM: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
}

interface MeshData {
  vertices: Float64Array
  vertexCount: number
  triangles: Uint32Array
}

interface ComponentRef {
  objectId: string
  transform: Transform
  /** Normalised part path (production extension), or undefined for the same part. */
  path: string | undefined
}

interface ObjectDef {
  id: string
  name: string
  mesh: MeshData | undefined
  components: ComponentRef[]
  hasBeams: boolean
  hasSlices: boolean
}

interface ModelPart {
  unit: string
  objects: Map<string, ObjectDef>
  items: ComponentRef[]
  hasBuild: boolean
}

/** Builds a `ModelPart` from tokenizer events. Elements are matched by namespace URI, not by prefix. */
class ModelPartHandler implements XmlHandler {
  readonly part: ModelPart = { unit: 'millimeter', objects: new Map(), items: [], hasBuild: false }
  private readonly prefixes = new Map<string, string>()
  private object: ObjectDef | undefined
  private vertices = new Float64Array(0)
  private vertexCount = 0
  private triangles: IndexBuilder | undefined
  private inMesh = false
  private depth = 0

  constructor(
    private readonly isRoot: boolean,
    private readonly limits: EngineLimits,
    private readonly partPath: string,
  ) {}

  start(qname: string, attrs: XmlAttributes): void {
    this.depth++
    if (this.depth === 1 || this.declaresNamespaces(qname)) {
      for (let i = 0; i < attrs.count; i++) {
        const n = attrs.name(i)
        if (n === 'xmlns') this.prefixes.set('', attrs.value(i))
        else if (n.startsWith('xmlns:')) this.prefixes.set(n.slice(6), attrs.value(i))
      }
    }
    const colon = qname.indexOf(':')
    const ns = this.prefixes.get(colon < 0 ? '' : qname.slice(0, colon))
    const local = colon < 0 ? qname : qname.slice(colon + 1)
    if (this.depth === 1) {
      if (local !== 'model' || ns !== NS_CORE)
        throw new AnalysisError('threemf_no_model_part', 'The model part has no 3MF <model> root')
      this.startModel(attrs)
      return
    }
    if (ns === NS_BEAM && local === 'beamlattice' && this.object !== undefined) this.object.hasBeams = true
    if (ns !== NS_CORE) return
    switch (local) {
      case 'vertex':
        if (this.inMesh) this.addVertex(attrs)
        break
      case 'triangle':
        if (this.inMesh) this.addTriangle(attrs)
        break
      case 'object':
        this.startObject(attrs)
        break
      case 'mesh':
        if (this.object !== undefined) {
          this.inMesh = true
          this.vertices = new Float64Array(3 * 1024)
          this.vertexCount = 0
          this.triangles = new IndexBuilder(1024, this.limits.maxTriangles)
        }
        break
      case 'component':
        this.object?.components.push(this.reference(attrs))
        break
      case 'build':
        this.part.hasBuild = true
        break
      case 'item':
        if (this.part.hasBuild) this.part.items.push(this.reference(attrs))
        break
    }
  }

  /** Vertices and triangles are millions and never declare namespaces; everything else is checked. */
  private declaresNamespaces(qname: string): boolean {
    return qname !== 'vertex' && qname !== 'triangle'
  }

  end(qname: string): void {
    this.depth--
    const local = qname.slice(qname.indexOf(':') + 1)
    if (local === 'mesh' && this.inMesh && this.object !== undefined) {
      this.inMesh = false
      const triangles = this.triangles!.finish()
      for (let i = 0; i < triangles.length; i++) {
        if (triangles[i]! >= this.vertexCount) {
          throw new AnalysisError(
            'index_out_of_range',
            `Object ${this.object.id} refers to vertex ${triangles[i]} of ${this.vertexCount}`,
          )
        }
      }
      this.object.mesh = { vertices: this.vertices, vertexCount: this.vertexCount, triangles }
      this.triangles = undefined
    } else if (local === 'object') {
      this.object = undefined
    }
  }

  private startModel(attrs: XmlAttributes): void {
    this.part.unit = attrs.get('unit') ?? 'millimeter'
    if (this.isRoot && UNIT_TO_MM[this.part.unit] === undefined) {
      throw new AnalysisError('threemf_invalid_unit', `Unknown 3MF unit '${this.part.unit.slice(0, 20)}'`)
    }
    const required = (attrs.get('requiredextensions') ?? '').split(/\s+/).filter((p) => p.length > 0)
    for (const prefix of required) {
      const uri = this.prefixes.get(prefix)
      if (uri === undefined || !SUPPORTED_EXTENSIONS.has(uri)) {
        throw new AnalysisError(
          'threemf_unsupported_extension',
          `The file requires an unsupported extension (${prefix.slice(0, 20)}: ${String(uri).slice(0, 100)})`,
        )
      }
    }
  }

  private startObject(attrs: XmlAttributes): void {
    const id = attrs.get('id')
    if (id === undefined) throw new AnalysisError('threemf_missing_object', 'An object without an id')
    let hasSlices = false
    for (let i = 0; i < attrs.count; i++) {
      const n = attrs.name(i)
      const colon = n.indexOf(':')
      if (
        colon > 0 &&
        n.slice(colon + 1) === 'slicestackid' &&
        this.prefixes.get(n.slice(0, colon)) === NS_SLICE
      )
        hasSlices = true
    }
    this.object = {
      id,
      name: attrs.get('name') ?? `object ${id}`,
      mesh: undefined,
      components: [],
      hasBeams: false,
      hasSlices,
    }
    if (this.part.objects.has(id))
      throw new AnalysisError('threemf_missing_object', `Duplicate object id ${id.slice(0, 20)}`)
    this.part.objects.set(id, this.object)
  }

  private reference(attrs: XmlAttributes): ComponentRef {
    const objectId = attrs.get('objectid')
    if (objectId === undefined)
      throw new AnalysisError('threemf_missing_object', 'A component or item without objectid')
    let path: string | undefined
    for (let i = 0; i < attrs.count; i++) {
      const n = attrs.name(i)
      const colon = n.indexOf(':')
      if (
        colon > 0 &&
        n.slice(colon + 1) === 'path' &&
        this.prefixes.get(n.slice(0, colon)) === NS_PRODUCTION
      ) {
        path = checkEntryName(attrs.value(i))
      }
    }
    if (path === this.partPath) path = undefined
    return { objectId, transform: parseTransform(attrs.get('transform')), path }
  }

  private addVertex(attrs: XmlAttributes): void {
    const x = attrs.number('x')
    const y = attrs.number('y')
    const z = attrs.number('z')
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw new AnalysisError(
        'non_finite_coordinate',
        `Vertex ${this.vertexCount} has a missing or non-finite coordinate`,
      )
    }
    if (this.vertexCount * 3 + 3 > this.vertices.length) {
      if (this.vertexCount >= this.limits.maxVertices)
        throw new AnalysisError('limit_exceeded', 'Too many vertices')
      const next = new Float64Array(this.vertices.length * 2)
      next.set(this.vertices)
      this.vertices = next
    }
    const o = this.vertexCount * 3
    this.vertices[o] = x
    this.vertices[o + 1] = y
    this.vertices[o + 2] = z
    this.vertexCount++
  }

  private addTriangle(attrs: XmlAttributes): void {
    this.triangles!.push(index(attrs.number('v1')), index(attrs.number('v2')), index(attrs.number('v3')))
  }
}

function index(v: number): number {
  if (!Number.isInteger(v) || v < 0 || v > 0xfffffffe) {
    throw new AnalysisError('index_out_of_range', `Triangle index ${v} is not a valid vertex index`)
  }
  return v
}

function parsePart(zip: ZipArchive, path: string, isRoot: boolean, limits: EngineLimits): ModelPart {
  const handler = new ModelPartHandler(isRoot, limits, path)
  const tokenizer = new XmlTokenizer(handler, limits.maxXmlDepth)
  zip.stream(path, (chunk) => tokenizer.push(chunk))
  tokenizer.end()
  return handler.part
}

/** Finds the root model part through the package relationships, as OPC requires. */
function rootModelPath(zip: ZipArchive): string {
  if (zip.has('_rels/.rels')) {
    let target: string | undefined
    const handler: XmlHandler = {
      start(name, attrs) {
        if (name.endsWith('Relationship') && attrs.get('Type') === MODEL_REL_TYPE)
          target ??= attrs.get('Target')
      },
      end() {},
    }
    const tokenizer = new XmlTokenizer(handler, 16)
    tokenizer.push(zip.read('_rels/.rels', 1 << 20))
    tokenizer.end()
    if (target !== undefined) {
      const path = checkEntryName(target)
      if (zip.has(path)) return path
    }
  }
  if (zip.has('3D/3dmodel.model')) return checkEntryName('3D/3dmodel.model')
  throw new AnalysisError('threemf_no_model_part', 'The package has no 3D model part')
}

interface Instance {
  part: ModelPart
  object: ObjectDef
  mesh: MeshData
  transform: Transform
}

/**
 * Reads a 3MF package: the root model part found through `_rels/.rels`, its build items, components (nested,
 * with their transforms) and production-extension `p:path` references into other model parts. Each mesh
 * instance of the build becomes one body (so touching instances are not welded together). The model unit is
 * honoured (micron to meter); the caller's unit is ignored. Beam lattices and slices carry no triangles: a file
 * with only those ends in `threemf_beams_or_slices_only`.
 */
export function read3mf(bytes: Uint8Array, options: ReadOptions): ReadResult {
  if (bytes.length === 0) throw new AnalysisError('empty_file', 'The file is empty')
  const limits = options.limits
  const zip = new ZipArchive(bytes, {
    maxEntries: limits.maxZipEntries,
    maxInflatedBytes: limits.maxInflatedBytes,
  })
  const rootPath = rootModelPath(zip)
  const root = parsePart(zip, rootPath, true, limits)
  if (!root.hasBuild || root.items.length === 0)
    throw new AnalysisError('threemf_no_build_items', 'The 3MF build has no items')
  const parts = new Map<string, ModelPart>([[rootPath, root]])
  const partAt = (path: string | undefined, from: ModelPart): ModelPart => {
    if (path === undefined) return from
    let part = parts.get(path)
    if (part === undefined) {
      if (!zip.has(path))
        throw new AnalysisError('threemf_missing_object', `Referenced model part ${path} is missing`)
      part = parsePart(zip, path, false, limits)
      parts.set(path, part)
    }
    return part
  }

  const instances: Instance[] = []
  let sawBeamsOrSlices = false
  // Every reference expanded counts, not only those that bring triangles: objects that hold nothing but components
  // (or an empty mesh) multiply too, and a few dozen of them nest to 4^30 references with no instance to count.
  let expanded = 0
  const expand = (
    ref: ComponentRef,
    from: ModelPart,
    parent: Transform,
    stack: Set<ObjectDef>,
    depth: number,
  ): void => {
    if (++expanded > limits.maxInstances)
      throw new AnalysisError('limit_exceeded', 'The build expands to too many objects')
    const part = partAt(ref.path, from)
    const object = part.objects.get(ref.objectId)
    if (object === undefined)
      throw new AnalysisError('threemf_missing_object', `Object ${ref.objectId.slice(0, 20)} does not exist`)
    if (stack.has(object))
      throw new AnalysisError(
        'threemf_recursive_components',
        `Object ${object.id.slice(0, 20)} contains itself`,
      )
    if (depth > limits.maxComponentDepth)
      throw new AnalysisError('threemf_recursive_components', 'Components nest too deeply')
    const transform = isIdentity(ref.transform) ? parent : compose(ref.transform, parent)
    if (object.hasBeams || object.hasSlices) sawBeamsOrSlices = true
    if (object.mesh !== undefined && object.mesh.triangles.length > 0) {
      instances.push({ part, object, mesh: object.mesh, transform })
    }
    stack.add(object)
    for (const component of object.components) expand(component, part, transform, stack, depth + 1)
    stack.delete(object)
  }
  for (const item of root.items) expand(item, root, IDENTITY, new Set(), 0)

  if (instances.length === 0) {
    if (sawBeamsOrSlices)
      throw new AnalysisError(
        'threemf_beams_or_slices_only',
        'The 3MF holds beam lattices or slices but no triangles',
      )
    throw new AnalysisError('no_triangles', 'The 3MF build holds no triangles')
  }
  let total = 0
  for (const instance of instances) total += instance.mesh.triangles.length / 3
  if (total > limits.maxTriangles)
    throw new AnalysisError('limit_exceeded', `${total} triangles exceed the limit`)

  const scale = UNIT_TO_MM[root.unit]!
  const bodies: IndexedMesh[] = []
  let vertexBudget = limits.maxVertices
  for (const instance of instances) {
    const body = instanceBody(instance, scale, vertexBudget)
    vertexBudget -= body.positions.length / 3
    bodies.push(body)
  }
  if (bodies.length > limits.maxBodies) throw new AnalysisError('limit_exceeded', 'Too many bodies')
  return { bodies, unitSource: 'file', unitScaleToMm: scale, trianglesRead: total }
}

function instanceBody(instance: Instance, scale: number, maxVertices: number): IndexedMesh {
  const { mesh, transform: t } = instance
  const welder = new VertexWelder(mesh.vertexCount, Math.max(1, maxVertices))
  const remap = new Uint32Array(mesh.vertexCount)
  const v = mesh.vertices
  for (let i = 0; i < mesh.vertexCount; i++) {
    const x = v[i * 3]!
    const y = v[i * 3 + 1]!
    const z = v[i * 3 + 2]!
    remap[i] = welder.add(
      (x * t[0]! + y * t[3]! + z * t[6]! + t[9]!) * scale,
      (x * t[1]! + y * t[4]! + z * t[7]! + t[10]!) * scale,
      (x * t[2]! + y * t[5]! + z * t[8]! + t[11]!) * scale,
    )
  }
  // A mirroring transform turns the winding inside out; that is intended, not a defect, so undo it here.
  const mirrored = determinant(t) < 0
  const src = mesh.triangles
  const indices = new Uint32Array(src.length)
  for (let i = 0; i < src.length; i += 3) {
    indices[i] = remap[src[i]!]!
    indices[i + 1] = remap[src[mirrored ? i + 2 : i + 1]!]!
    indices[i + 2] = remap[src[mirrored ? i + 1 : i + 2]!]!
  }
  return { name: instance.object.name, positions: welder.finish(), indices }
}
