import { type CastTree } from './first-exit.ts'

/**
 * The caster's tree built directly (decision 0138): three-mesh-bvh 0.9.17's `MeshBVH` over an indexed geometry
 * without groups, as `computeWallThickness` built it (CENTER split, `targetLeafSize` 10, `maxDepth` 40), node for
 * node and slot for slot, followed by `castTree`'s corner copy.
 *
 * Why our own build: the stored thickness is compared byte for byte (golden results), and which of several equal
 * hits wins depends on the order of the triangles in a leaf, so the tree must be three-mesh-bvh's exactly; but its
 * constructor reads every vertex through attribute getters, sorts a copy of the index and trims the node buffer
 * with a copy, and the tree was the largest step before the second thread can help (decision 0135). Here the same
 * comparisons and float32 roundings run in the same order on typed arrays: the triangle bounds (centre and inflated
 * half extent), the node and centroid bounds of each range before it is split, the longest centroid axis, the
 * split at its middle and the same Hoare partition, depth first. `cast-tree-build.test.ts` compares both trees.
 *
 * Memory (fresh pages are expensive: a page fault per 4 kB): the corners' buffer holds each slot's bounds while the
 * tree is built (6 of its 9 floats), and a leaf's slots get their corners as soon as the leaf is written (its
 * range is final then); the partition swaps triangle ids instead of index triples; the node buffer keeps its size
 * for 2n - 1 nodes (the pages past the last node are never touched) instead of being trimmed by a copy.
 */

const TARGET_LEAF_SIZE = 10
const MAX_DEPTH = 40
const FLOAT32_EPSILON = 2 ** -24
/** Floats per slot: the triangle's corners A, B, C in the end; its centre and half extent per axis while building. */
const SLOT = 9
/** Node layout (three-mesh-bvh): 6 float32 bounds, uint32 right offset or leaf offset, uint32 axis or count + flag. */
const NODE_BYTES = 32
const NODE32 = 8
const LEAF_FLAG = 0xffff
/** Per depth: the node's bounds (min x y z, max x y z) and its centroids' bounds, as float32 like three's. */
const BOUNDS = 12

export function buildCastTree(
  positions: Float32Array,
  indices: Uint32Array,
  allocate: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes),
): CastTree {
  const count = Math.floor(indices.length / 3)
  const slots = new Float32Array(allocate(count * SLOT * 4))
  const ids = new Uint32Array(count)
  writeTriangleBounds(positions, indices, slots, ids)
  const root = allocate(NODE_BYTES * Math.max(1, 2 * count - 1))
  new TreeWriter(positions, indices, slots, ids, root).build(count)
  return { root, corners: slots }
}

/**
 * `MeshBVH.computePrimitiveBounds`: per triangle the min and max of its corners per axis (the first of equal values
 * kept, as it compares them), then the centre and the half extent grown by float32's epsilon, rounded to float32.
 */
function writeTriangleBounds(
  positions: Float32Array,
  indices: Uint32Array,
  slots: Float32Array,
  ids: Uint32Array,
): void {
  for (let t = 0; t < ids.length; t++) {
    ids[t] = t
    const a = 3 * indices[3 * t]!
    const b = 3 * indices[3 * t + 1]!
    const c = 3 * indices[3 * t + 2]!
    const s = SLOT * t
    for (let d = 0; d < 3; d++) {
      const va = positions[a + d]!
      const vb = positions[b + d]!
      const vc = positions[c + d]!
      let min = va
      if (vb < min) min = vb
      if (vc < min) min = vc
      let max = va
      if (vb > max) max = vb
      if (vc > max) max = vc
      const half = (max - min) / 2
      slots[s + 2 * d] = min + half
      slots[s + 2 * d + 1] = half + (Math.abs(min) + half) * FLOAT32_EPSILON
    }
  }
}

class TreeWriter {
  private readonly f32: Float32Array
  private readonly u32: Uint32Array
  private readonly u16: Uint16Array
  /** The bounds of the node being written at each depth (three's `_nodeBounds` and `_centroidBounds`). */
  private readonly stack = new Float32Array((MAX_DEPTH + 2) * BOUNDS)
  private nodeCount = 0

  constructor(
    private readonly positions: Float32Array,
    private readonly indices: Uint32Array,
    private readonly slots: Float32Array,
    private readonly ids: Uint32Array,
    root: ArrayBufferLike,
  ) {
    this.f32 = new Float32Array(root)
    this.u32 = new Uint32Array(root)
    this.u16 = new Uint16Array(root)
  }

  build(count: number): void {
    this.rangeBounds(0, count, 0)
    this.split(0, count, 0)
  }

  /** `splitNode`: writes the node whose bounds are at `depth` on the stack, then its subtrees or its leaf. */
  private split(offset: number, count: number, depth: number): void {
    const nodeIndex = this.nodeCount++
    const node32 = nodeIndex * NODE32
    const k = depth * BOUNDS
    const stack = this.stack
    for (let i = 0; i < 6; i++) this.f32[node32 + i] = stack[k + i]!
    if (count <= TARGET_LEAF_SIZE || depth >= MAX_DEPTH) return this.writeLeaf(node32, offset, count)
    // CENTER: the longest side of the centroids' bounds (the first of equal ones), split at its middle
    let axis = -1
    let longest = -Infinity
    for (let i = 0; i < 3; i++) {
      const side = stack[k + 9 + i]! - stack[k + 6 + i]!
      if (side > longest) {
        longest = side
        axis = i
      }
    }
    if (axis === -1) return this.writeLeaf(node32, offset, count)
    const pos = (stack[k + 6 + axis]! + stack[k + 9 + axis]!) / 2
    const splitOffset = this.partition(offset, count, axis, pos)
    if (splitOffset === offset || splitOffset === offset + count) return this.writeLeaf(node32, offset, count)
    this.u32[node32 + 7] = axis
    const leftCount = splitOffset - offset
    this.rangeBounds(offset, leftCount, depth + 1)
    this.split(offset, leftCount, depth + 1)
    // the right child follows the left subtree, as an offset in nodes from this one
    this.u32[node32 + 6] = this.nodeCount - nodeIndex
    this.rangeBounds(splitOffset, count - leftCount, depth + 1)
    this.split(splitOffset, count - leftCount, depth + 1)
  }

  /** `writeLeaf`, and the leaf's slots get their corners: no later partition moves them. */
  private writeLeaf(node32: number, offset: number, count: number): void {
    this.u32[node32 + 6] = offset
    // a uint16 count, as three-mesh-bvh stores it (only a degenerate range at the depth limit could exceed it)
    this.u16[2 * node32 + 14] = count
    this.u16[2 * node32 + 15] = LEAF_FLAG
    const { positions, indices, slots, ids } = this
    for (let i = offset, end = offset + count; i < end; i++) {
      const t = ids[i]!
      const s = SLOT * i
      for (let corner = 0; corner < 3; corner++) {
        const v = 3 * indices[3 * t + corner]!
        slots[s + 3 * corner] = positions[v]!
        slots[s + 3 * corner + 1] = positions[v + 1]!
        slots[s + 3 * corner + 2] = positions[v + 2]!
      }
    }
  }

  /** `getBounds`: the bounds and the centroids' bounds of a range, in slot order, onto the stack at `depth`. */
  private rangeBounds(offset: number, count: number, depth: number): void {
    const slots = this.slots
    let minX = Infinity
    let minY = Infinity
    let minZ = Infinity
    let maxX = -Infinity
    let maxY = -Infinity
    let maxZ = -Infinity
    let cMinX = Infinity
    let cMinY = Infinity
    let cMinZ = Infinity
    let cMaxX = -Infinity
    let cMaxY = -Infinity
    let cMaxZ = -Infinity
    for (let s = offset * SLOT, end = (offset + count) * SLOT; s < end; s += SLOT) {
      const cx = slots[s]!
      const hx = slots[s + 1]!
      const lx = cx - hx
      const rx = cx + hx
      if (lx < minX) minX = lx
      if (rx > maxX) maxX = rx
      if (cx < cMinX) cMinX = cx
      if (cx > cMaxX) cMaxX = cx
      const cy = slots[s + 2]!
      const hy = slots[s + 3]!
      const ly = cy - hy
      const ry = cy + hy
      if (ly < minY) minY = ly
      if (ry > maxY) maxY = ry
      if (cy < cMinY) cMinY = cy
      if (cy > cMaxY) cMaxY = cy
      const cz = slots[s + 4]!
      const hz = slots[s + 5]!
      const lz = cz - hz
      const rz = cz + hz
      if (lz < minZ) minZ = lz
      if (rz > maxZ) maxZ = rz
      if (cz < cMinZ) cMinZ = cz
      if (cz > cMaxZ) cMaxZ = cz
    }
    const out = this.stack
    const k = depth * BOUNDS
    out[k] = minX
    out[k + 1] = minY
    out[k + 2] = minZ
    out[k + 3] = maxX
    out[k + 4] = maxY
    out[k + 5] = maxZ
    out[k + 6] = cMinX
    out[k + 7] = cMinY
    out[k + 8] = cMinZ
    out[k + 9] = cMaxX
    out[k + 10] = cMaxY
    out[k + 11] = cMaxZ
  }

  /**
   * `partition`: Hoare's scheme on the centres along `axis`, a centre on the plane going right; swaps the slots'
   * bounds and their triangle ids. Returns the first slot of the right side.
   */
  private partition(offset: number, count: number, axis: number, pos: number): number {
    const { slots, ids } = this
    let left = offset
    let right = offset + count - 1
    const at = 2 * axis
    for (;;) {
      while (left <= right && slots[left * SLOT + at]! < pos) left++
      while (left <= right && slots[right * SLOT + at]! >= pos) right--
      if (left >= right) return left
      const l = left * SLOT
      const r = right * SLOT
      for (let i = 0; i < 6; i++) {
        const x = slots[l + i]!
        slots[l + i] = slots[r + i]!
        slots[r + i] = x
      }
      const id = ids[left]!
      ids[left] = ids[right]!
      ids[right] = id
      left++
      right--
    }
  }
}
