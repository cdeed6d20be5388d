import { AnalysisError } from '../analysis-error.ts'

// Scratch views to get the bit pattern of a float32 without allocating.
const scratchF32 = new Float32Array(1)
const scratchU32 = new Uint32Array(scratchF32.buffer)

const EXPONENT_MASK = 0x7f800000
const RECENT_BITS = 14
const RECENT_SLOTS = 1 << RECENT_BITS
const NEGATIVE_ZERO = 0x80000000

/**
 * Exact vertex weld on float32 bit patterns: two corners are the same vertex if and only if their three float32
 * values are equal (-0 counts as +0). Readers feed every corner through it, so triangle soups (STL) and per-face
 * duplicated vertices (STEP) become indexed meshes in one pass. Exact duplicates are not "repairs" and are not
 * counted; only the tolerance weld (repair/weld.ts) counts merged pairs.
 *
 * Open addressing with linear probing. Each slot holds the key inline (x, y, z bits and index + 1 in four
 * uint32), so a lookup touches one cache line: on a 1M-triangle STL the table is far larger than the CPU cache
 * and this halves the misses compared with a table of indices into a separate key array.
 *
 * In front of it sits a small direct-mapped cache of recent vertices (256 KiB, stays in L2): mesh exporters
 * write neighbouring facets close together, so each vertex's five or six repeats mostly hit the cache and only
 * its first occurrence goes to the big table.
 */
export class VertexWelder {
  private bits: Uint32Array
  private slots: Uint32Array
  private mask: number
  private readonly recent = new Uint32Array(RECENT_SLOTS * 4)
  private readonly maxVertices: number
  count = 0

  constructor(expectedVertices: number, maxVertices: number) {
    this.maxVertices = maxVertices
    const capacity = Math.max(16, Math.min(expectedVertices, maxVertices))
    this.bits = new Uint32Array(capacity * 3)
    const tableSize = nextPowerOfTwo(Math.max(64, Math.ceil(capacity * 1.5)))
    this.slots = new Uint32Array(tableSize * 4)
    this.mask = tableSize - 1
  }

  /** Adds a vertex given as float32 bit patterns; returns its index. Rejects NaN and infinities. */
  addBits(bx: number, by: number, bz: number): number {
    if (
      (bx & EXPONENT_MASK) === EXPONENT_MASK ||
      (by & EXPONENT_MASK) === EXPONENT_MASK ||
      (bz & EXPONENT_MASK) === EXPONENT_MASK
    ) {
      throw new AnalysisError('non_finite_coordinate', 'A coordinate is NaN or infinite')
    }
    // -0 and +0 are the same point.
    if (bx === NEGATIVE_ZERO) bx = 0
    if (by === NEGATIVE_ZERO) by = 0
    if (bz === NEGATIVE_ZERO) bz = 0
    bx >>>= 0
    by >>>= 0
    bz >>>= 0
    const hash = mix(bx, by, bz)
    const recent = this.recent
    const r = (hash >>> (32 - RECENT_BITS)) << 2
    if (recent[r + 3] !== 0 && recent[r] === bx && recent[r + 1] === by && recent[r + 2] === bz)
      return recent[r + 3]! - 1
    const slots = this.slots
    const mask = this.mask
    let h = hash & mask
    for (;;) {
      const o = h << 2
      const stored = slots[o + 3]!
      if (stored === 0) break
      if (slots[o] === bx && slots[o + 1] === by && slots[o + 2] === bz) {
        recent[r] = bx
        recent[r + 1] = by
        recent[r + 2] = bz
        recent[r + 3] = stored
        return stored - 1
      }
      h = (h + 1) & mask
    }
    const index = this.count
    if (index >= this.maxVertices) {
      throw new AnalysisError('limit_exceeded', `More than ${this.maxVertices} vertices`)
    }
    if (index * 3 + 3 > this.bits.length) this.growStorage()
    const p = index * 3
    this.bits[p] = bx
    this.bits[p + 1] = by
    this.bits[p + 2] = bz
    const o = h << 2
    slots[o] = bx
    slots[o + 1] = by
    slots[o + 2] = bz
    slots[o + 3] = index + 1
    recent[r] = bx
    recent[r + 1] = by
    recent[r + 2] = bz
    recent[r + 3] = index + 1
    this.count = index + 1
    // Keep the load factor at or below one half.
    if (this.count * 2 > mask + 1) this.growTable()
    return index
  }

  /**
   * Welds `count` binary-STL facets (50-byte records, vertices at +12) starting at `offset` of `view`, writing
   * vertex indices to `out` from `at`. The same algorithm as `addBits`, with the state held in locals: this loop
   * runs three million times for a 1M-facet file.
   */
  addStlFacets(view: DataView, offset: number, count: number, out: Uint32Array, at: number): void {
    const recent = this.recent
    let slots = this.slots
    let mask = this.mask
    let w = at
    for (let f = 0; f < count; f++) {
      let p = offset + f * 50 + 12
      for (let k = 0; k < 3; k++, p += 12) {
        let bx = view.getUint32(p, true)
        let by = view.getUint32(p + 4, true)
        let bz = view.getUint32(p + 8, true)
        if (bx === NEGATIVE_ZERO) bx = 0
        if (by === NEGATIVE_ZERO) by = 0
        if (bz === NEGATIVE_ZERO) bz = 0
        const hash = mix(bx, by, bz)
        const r = (hash >>> (32 - RECENT_BITS)) << 2
        if (recent[r] === bx && recent[r + 1] === by && recent[r + 2] === bz && recent[r + 3] !== 0) {
          out[w++] = recent[r + 3]! - 1
          continue
        }
        let h = hash & mask
        let found = 0
        for (;;) {
          const o = h << 2
          const stored = slots[o + 3]!
          if (stored === 0) break
          if (slots[o] === bx && slots[o + 1] === by && slots[o + 2] === bz) {
            found = stored
            break
          }
          h = (h + 1) & mask
        }
        if (found === 0) {
          // new vertex: the general path checks finiteness and limits, and may grow the table
          found = this.addBits(bx, by, bz) + 1
          slots = this.slots
          mask = this.mask
        }
        recent[r] = bx
        recent[r + 1] = by
        recent[r + 2] = bz
        recent[r + 3] = found
        out[w++] = found - 1
      }
    }
  }

  /** Adds a vertex given as numbers; they are rounded to float32 first. */
  add(x: number, y: number, z: number): number {
    scratchF32[0] = x
    const bx = scratchU32[0]!
    scratchF32[0] = y
    const by = scratchU32[0]!
    scratchF32[0] = z
    const bz = scratchU32[0]!
    return this.addBits(bx, by, bz)
  }

  /** The welded positions, trimmed to the vertex count. The welder must not be used afterwards. */
  finish(): Float32Array {
    this.slots = new Uint32Array(0)
    const out = new Float32Array(this.bits.buffer, 0, this.count * 3)
    // Copy only if the spare capacity is worth returning to the allocator.
    const result = this.bits.length > this.count * 3 + 3072 ? out.slice() : out
    this.bits = new Uint32Array(0)
    return result
  }

  private growStorage(): void {
    const next = new Uint32Array(Math.min(Math.max(this.bits.length * 2, 48), this.maxVertices * 3 + 3))
    next.set(this.bits)
    this.bits = next
  }

  private growTable(): void {
    const size = (this.mask + 1) * 2
    const slots = new Uint32Array(size * 4)
    const mask = size - 1
    const bits = this.bits
    for (let i = 0; i < this.count; i++) {
      const p = i * 3
      const bx = bits[p]!
      const by = bits[p + 1]!
      const bz = bits[p + 2]!
      let h = mix(bx, by, bz) & mask
      while (slots[(h << 2) + 3] !== 0) h = (h + 1) & mask
      const o = h << 2
      slots[o] = bx
      slots[o + 1] = by
      slots[o + 2] = bz
      slots[o + 3] = i + 1
    }
    this.slots = slots
    this.mask = mask
  }
}

/**
 * A murmur3-style mix of the three coordinate bit patterns. Float bits of mesh vertices share high bits
 * (exponents) and differ in low mantissa bits; a plain multiply-xor left long runs in the table (3.3 extra probes
 * per insert on the benchmark torus, against 0.45 with this). The top 14 bits index the recent-vertex cache,
 * the low bits the table.
 */
function mix(bx: number, by: number, bz: number): number {
  let x = Math.imul(bx ^ (bx >>> 16), 0x85ebca6b) ^ by
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) ^ bz
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b)
  return (x ^ (x >>> 13)) >>> 0
}

export function nextPowerOfTwo(n: number): number {
  let p = 1
  while (p < n) p *= 2
  return p
}
