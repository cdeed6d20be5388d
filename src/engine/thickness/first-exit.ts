import type { MeshBVH } from 'three-mesh-bvh'

/**
 * The first back face a ray meets (where it leaves the material), on a three-mesh-bvh tree: the same search as
 * `MeshBVH.raycastFirst(ray, BackSide)`, number for number, without its cost per ray (decision 0125). Its
 * `raycastFirst` allocates three typed-array views per ray and, per triangle hit, a point, a face, normals and
 * barycentric coordinates, reads vertices through attribute getters and looks the split axis up by name; the wall
 * thickness casts about 200,000 rays into a million triangles, and that overhead was most of its time.
 *
 * Why a replica and not another search: the stored per-face thickness is compared byte for byte (golden results),
 * and which of several hits at the same distance wins decides the wall normal. So this visits the nodes in the same
 * order, with the same early exit and the same tie rules, and computes the hit with three's watertight
 * ray/triangle test (`Ray.intersectTriangle`), the distance (`Vector3.distanceTo`) and the face normal
 * (`Triangle.getNormal`) with the same floating-point operations in the same order. It reads the tree's packed node
 * buffer (three-mesh-bvh 0.9.x layout, pinned in package.json); `first-exit.test.ts` compares it with
 * `raycastFirst` ray by ray, so a layout change of an upgrade fails there, not in the shop's results.
 */
/**
 * A three-mesh-bvh tree as the caster reads it: its packed node buffer, and the corners of its triangles in the
 * order of the index it reordered (9 floats per slot: A, B, C as the index lists them). Plain buffers, so that
 * another thread can cast into the same tree (on SharedArrayBuffers, decision 0131).
 *
 * Why the corners are copied (decision 0135): a leaf's triangles are neighbouring slots, so each leaf test reads
 * one run of memory instead of an index and three vertices scattered over the positions; the floats are the same,
 * so is every result. 36 bytes per triangle.
 */
export interface CastTree {
  root: ArrayBufferLike
  corners: Float32Array
}

/**
 * The packed tree of a MeshBVH over an indexed geometry without groups; `allocate` makes the corners' buffer. The
 * tests' reference: the analysis builds the same tree with `buildCastTree` (decision 0138).
 */
export function castTree(
  bvh: MeshBVH,
  positions: Float32Array,
  allocate: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes),
): CastTree {
  // a geometry without groups has one root (three-mesh-bvh makes one per group)
  const roots = (bvh as unknown as { _roots: ArrayBufferLike[] })._roots
  if (roots.length !== 1) throw new Error('FirstExitCaster: expected a tree with one root')
  const index = bvh.geometry.index
  if (index === null || !(index.array instanceof Uint32Array))
    throw new Error('FirstExitCaster: expected a geometry with a Uint32Array index')
  const order = index.array
  const corners = new Float32Array(allocate(order.length * 12))
  for (let i = 0; i < order.length; i++) {
    const v = 3 * order[i]!
    corners[3 * i] = positions[v]!
    corners[3 * i + 1] = positions[v + 1]!
    corners[3 * i + 2] = positions[v + 2]!
  }
  return { root: roots[0]!, corners }
}

export class FirstExitCaster {
  private readonly f32: Float32Array
  private readonly u16: Uint16Array
  private readonly u32: Uint32Array
  private readonly corners: Float32Array
  // the current ray, and its permutation and shear for the watertight test (the same for every triangle)
  private ox = 0
  private oy = 0
  private oz = 0
  private dx = 0
  private dy = 0
  private dz = 0
  private invX = 0
  private invY = 0
  private invZ = 0
  private kx = 0
  private ky = 0
  private kz = 0
  private sx = 0
  private sy = 0
  private sz = 0
  // the origin's coordinates along kx, ky, kz
  private o0 = 0
  private o1 = 0
  private o2 = 0
  private zeroDirection = false
  // the hit last returned by a subtree: its distance and point (read by the caller before the next subtree)
  private hitDistance = 0
  private hitX = 0
  private hitY = 0
  private hitZ = 0
  /** The result of `cast`: distance, exit point and the exit face's unit normal (three's `face.normal`). */
  distance = 0
  pointX = 0
  pointY = 0
  pointZ = 0
  normalX = 0
  normalY = 0
  normalZ = 0

  constructor(tree: CastTree) {
    this.f32 = new Float32Array(tree.root)
    this.u16 = new Uint16Array(tree.root)
    this.u32 = new Uint32Array(tree.root)
    this.corners = tree.corners
  }

  /** Casts from (ox, oy, oz) along (dx, dy, dz); true and the result fields set if it leaves the material. */
  cast(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): boolean {
    this.ox = ox
    this.oy = oy
    this.oz = oz
    this.dx = dx
    this.dy = dy
    this.dz = dz
    this.invX = 1 / dx
    this.invY = 1 / dy
    this.invZ = 1 / dz
    this.prepareTriangleTest()
    if (!this.intersectsNode(0)) return false
    const tri = this.search(0)
    if (tri < 0) return false
    this.distance = this.hitDistance
    this.pointX = this.hitX
    this.pointY = this.hitY
    this.pointZ = this.hitZ
    this.faceNormal(tri)
    return true
  }

  /** `_raycastFirst`: the triangle (slot in the tree's index) of the subtree's first exit, or -1. */
  private search(node32: number): number {
    const u16 = this.u16
    const u32 = this.u32
    const node16 = node32 * 2
    if (u16[node16 + 15] === 0xffff) return this.closestInLeaf(u32[node32 + 6]!, u16[node16 + 14]!)
    const axis = u32[node32 + 7]!
    const rayDir = axis === 0 ? this.dx : axis === 1 ? this.dy : this.dz
    const leftToRight = rayDir >= 0
    const left = node32 + 8
    const right = node32 + u32[node32 + 6]! * 8
    const c1 = leftToRight ? left : right
    const c2 = leftToRight ? right : left
    const r1 = this.intersectsNode(c1) ? this.search(c1) : -1
    let d1 = 0
    let x1 = 0
    let y1 = 0
    let z1 = 0
    if (r1 >= 0) {
      d1 = this.hitDistance
      x1 = this.hitX
      y1 = this.hitY
      z1 = this.hitZ
      const point = axis === 0 ? x1 : axis === 1 ? y1 : z1
      const outside = leftToRight ? point <= this.f32[c2 + axis]! : point >= this.f32[c2 + axis + 3]!
      if (outside) return r1
    }
    const r2 = this.intersectsNode(c2) ? this.search(c2) : -1
    if (r1 >= 0 && r2 >= 0) {
      if (d1 <= this.hitDistance) {
        this.restore(d1, x1, y1, z1)
        return r1
      }
      return r2
    }
    if (r1 >= 0) {
      this.restore(d1, x1, y1, z1)
      return r1
    }
    return r2
  }

  private restore(d: number, x: number, y: number, z: number): void {
    this.hitDistance = d
    this.hitX = x
    this.hitY = y
    this.hitZ = z
  }

  /** `intersectsNodeBounds` with near 0 and far Infinity, NaN cases included. */
  private intersectsNode(node32: number): boolean {
    const a = this.f32
    const ox = this.ox
    const oy = this.oy
    const oz = this.oz
    const invdirx = this.invX
    const invdiry = this.invY
    const invdirz = this.invZ
    let tmin: number
    let tmax: number
    let tymin: number
    let tymax: number
    let tzmin: number
    let tzmax: number
    if (invdirx >= 0) {
      tmin = (a[node32]! - ox) * invdirx
      tmax = (a[node32 + 3]! - ox) * invdirx
    } else {
      tmin = (a[node32 + 3]! - ox) * invdirx
      tmax = (a[node32]! - ox) * invdirx
    }
    if (invdiry >= 0) {
      tymin = (a[node32 + 1]! - oy) * invdiry
      tymax = (a[node32 + 4]! - oy) * invdiry
    } else {
      tymin = (a[node32 + 4]! - oy) * invdiry
      tymax = (a[node32 + 1]! - oy) * invdiry
    }
    if (tmin > tymax || tymin > tmax) return false
    if (tymin > tmin || Number.isNaN(tmin)) tmin = tymin
    if (tymax < tmax || Number.isNaN(tmax)) tmax = tymax
    if (invdirz >= 0) {
      tzmin = (a[node32 + 2]! - oz) * invdirz
      tzmax = (a[node32 + 5]! - oz) * invdirz
    } else {
      tzmin = (a[node32 + 5]! - oz) * invdirz
      tzmax = (a[node32 + 2]! - oz) * invdirz
    }
    if (tmin > tzmax || tzmin > tmax) return false
    if (tzmin > tmin || tmin !== tmin) tmin = tzmin
    if (tzmax < tmax || tmax !== tmax) tmax = tzmax
    return tmin <= Infinity && tmax >= 0
  }

  /** `intersectClosestTri`: the nearest back-face hit among the leaf's triangles, the first of equal ones. */
  private closestInLeaf(offset: number, count: number): number {
    let best = -1
    let dist = Infinity
    let bx = 0
    let by = 0
    let bz = 0
    for (let i = offset, end = offset + count; i < end; i++) {
      if (this.backFaceHit(i) && this.hitDistance < dist) {
        best = i
        dist = this.hitDistance
        bx = this.hitX
        by = this.hitY
        bz = this.hitZ
      }
    }
    if (best >= 0) this.restore(dist, bx, by, bz)
    return best
  }

  /** The ray direction's component along axis 0, 1 or 2. */
  private directionAlong(axis: number): number {
    return axis === 0 ? this.dx : axis === 1 ? this.dy : this.dz
  }

  /**
   * The part of `Ray.intersectTriangle` that depends on the ray only: the axis where the direction is largest
   * becomes z, x and y swapped when it is negative, and the shear that aligns the ray with +z.
   */
  private prepareTriangleTest(): void {
    const adx = Math.abs(this.dx)
    const ady = Math.abs(this.dy)
    const adz = Math.abs(this.dz)
    const kz = adx >= ady && adx >= adz ? 0 : ady >= adz ? 1 : 2
    const dkz = this.directionAlong(kz)
    // The two other axes in cyclic order, swapped when the direction is negative along kz (three's x/y swap).
    const forward = dkz >= 0
    this.kz = kz
    this.kx = (kz + (forward ? 1 : 2)) % 3
    this.ky = (kz + (forward ? 2 : 1)) % 3
    const dkx = this.directionAlong(this.kx)
    const dky = this.directionAlong(this.ky)
    this.zeroDirection = dkz === 0
    this.sx = dkx / dkz
    this.sy = dky / dkz
    this.sz = 1 / dkz
    this.o0 = this.originAlong(this.kx)
    this.o1 = this.originAlong(this.ky)
    this.o2 = this.originAlong(kz)
  }

  /** The ray origin's component along axis 0, 1 or 2. */
  private originAlong(axis: number): number {
    return axis === 0 ? this.ox : axis === 1 ? this.oy : this.oz
  }

  /**
   * `checkIntersection` with BackSide: `ray.intersectTriangle(C, B, A, true)`, then the point `origin + dir * t`
   * and its distance to the origin. Sets hitDistance and the hit point; false where three returns null.
   */
  private backFaceHit(slot: number): boolean {
    if (this.zeroDirection) return false
    const p = this.corners
    // three's a, b, c are the triangle's C, B, A
    const ic = 9 * slot
    const ib = ic + 3
    const ia = ic + 6
    const kx = this.kx
    const ky = this.ky
    const kz = this.kz
    const o0 = this.o0
    const o1 = this.o1
    const o2 = this.o2
    const akx = p[ia + kx]! - o0
    const aky = p[ia + ky]! - o1
    const akz = p[ia + kz]! - o2
    const bkx = p[ib + kx]! - o0
    const bky = p[ib + ky]! - o1
    const bkz = p[ib + kz]! - o2
    const ckx = p[ic + kx]! - o0
    const cky = p[ic + ky]! - o1
    const ckz = p[ic + kz]! - o2
    const sx = this.sx
    const sy = this.sy
    const ax = akx - sx * akz
    const ay = aky - sy * akz
    const bx = bkx - sx * bkz
    const by = bky - sy * bkz
    const cx = ckx - sx * ckz
    const cy = cky - sy * ckz
    const u = cx * by - cy * bx
    const v = ax * cy - ay * cx
    const w = bx * ay - by * ax
    if (u < 0 || v < 0 || w < 0) return false
    const det = u + v + w
    if (det === 0) return false
    const tScaled = this.sz * (u * akz + v * bkz + w * ckz)
    if (det > 0 ? tScaled < 0 : tScaled > 0) return false
    const t = tScaled / det
    const px = this.ox + this.dx * t
    const py = this.oy + this.dy * t
    const pz = this.oz + this.dz * t
    const ex = this.ox - px
    const ey = this.oy - py
    const ez = this.oz - pz
    const distance = Math.sqrt(ex * ex + ey * ey + ez * ez)
    // near 0, far Infinity
    if (distance < 0 || distance > Infinity) return false
    this.hitDistance = distance
    this.hitX = px
    this.hitY = py
    this.hitZ = pz
    return true
  }

  /** `Triangle.getNormal(A, B, C)`: (C - B) x (A - B), scaled by 1 / length. */
  private faceNormal(slot: number): void {
    const p = this.corners
    const a = 9 * slot
    const b = a + 3
    const c = a + 6
    const tx = p[c]! - p[b]!
    const ty = p[c + 1]! - p[b + 1]!
    const tz = p[c + 2]! - p[b + 2]!
    const vx = p[a]! - p[b]!
    const vy = p[a + 1]! - p[b + 1]!
    const vz = p[a + 2]! - p[b + 2]!
    let nx = ty * vz - tz * vy
    let ny = tz * vx - tx * vz
    let nz = tx * vy - ty * vx
    const lengthSq = nx * nx + ny * ny + nz * nz
    if (lengthSq > 0) {
      const s = 1 / Math.sqrt(lengthSq)
      nx *= s
      ny *= s
      nz *= s
    } else {
      nx = 0
      ny = 0
      nz = 0
    }
    this.normalX = nx
    this.normalY = ny
    this.normalZ = nz
  }
}
