import { AnalysisError } from '../analysis-error.ts'

// Scratch views to get the bit pattern of a float32 without allocating.
const scratchF32 = new Float32Array(1)
const scratchI32 = new Int32Array(scratchF32.buffer)

const EXPONENT_MASK = 0x7f800000
const RECENT_BITS = 14
const RECENT_SLOTS = 1 << RECENT_BITS
// -0 as an int32 bit pattern
const NEGATIVE_ZERO = -0x80000000
// Marks a recent-cache entry or an output index as "the k-th lookup of the current batch, not yet resolved".
const PENDING = -0x80000000
const INDEX_MASK = 0x7fffffff
// Facets per batch: up to 3 x 1024 table lookups in flight, whose slots (24 KiB of cache lines) stay in L1/L2.
const BATCH_FACETS = 1024

/**
 * Exact vertex weld on float32 bit patterns: two corners are the same vertex if and only if their three float32
 * values are equal (-0 counts as +0). Readers feed every corner through it, so triangle soups (STL) and per-face
 * duplicated vertices (STEP) become indexed meshes in one pass; indices follow the order of first appearance.
 * Exact duplicates are not "repairs" and are not counted; only the tolerance weld (repair/weld.ts) counts merged
 * pairs. NaN and infinite coordinates are rejected when the vertex is first seen.
 *
 * The table is open addressing with linear probing over two int32 per slot: the full 32-bit hash and index + 1.
 * Only an equal hash leads to comparing the three coordinates (in `bits`), so probing a new vertex, the common
 * case, reads nothing but the table. Its 8-byte slots keep it at 8 MB for a 1M-facet STL.
 *
 * In front of it sits a small direct-mapped cache of recent vertices (256 KiB, stays in L2): mesh exporters
 * write neighbouring facets close together, so each vertex's five or six repeats mostly hit the cache and only
 * its first occurrence goes to the big table.
 *
 * The big table is far larger than the CPU caches, and a probe is a cache miss (about 200 ns on a 1M-facet
 * file). `addStlFacets` therefore works in batches: it first resolves a batch's corners against the recent cache
 * and lists the rest, then touches all their table slots in one tight loop whose loads are independent (the CPU
 * overlaps the misses), and only then probes and inserts them in order. This halves the weld of a 1M-facet STL.
 */
export class VertexWelder {
  private bits: Int32Array
  private slots: Int32Array
  private mask: number
  private readonly recent = new Int32Array(RECENT_SLOTS * 4)
  private readonly maxVertices: number
  // batch scratch of addStlFacets (allocated on first use): hash, x, y, z and recent-cache slot per lookup
  private pending: Int32Array | undefined
  private touched = 0
  count = 0

  constructor(expectedVertices: number, maxVertices: number) {
    this.maxVertices = maxVertices
    const capacity = Math.max(16, Math.min(expectedVertices, maxVertices))
    this.bits = new Int32Array(capacity * 3)
    const tableSize = nextPowerOfTwo(Math.max(64, Math.ceil(capacity * 1.5)))
    this.slots = new Int32Array(tableSize * 2)
    this.mask = tableSize - 1
  }

  /** Adds a vertex given as float32 bit patterns (int32 or uint32); returns its index. Rejects NaN/infinities. */
  addBits(bx: number, by: number, bz: number): number {
    bx |= 0
    by |= 0
    bz |= 0
    // -0 and +0 are the same point.
    if (bx === NEGATIVE_ZERO) bx = 0
    if (by === NEGATIVE_ZERO) by = 0
    if (bz === NEGATIVE_ZERO) bz = 0
    const hash = mix(bx, by, bz)
    const recent = this.recent
    const r = (hash >>> (32 - RECENT_BITS)) << 2
    const cached = recent[r + 3]!
    if (cached > 0 && recent[r] === bx && recent[r + 1] === by && recent[r + 2] === bz) return cached - 1
    const found = this.lookupOrInsert(hash, bx, by, bz)
    recent[r] = bx
    recent[r + 1] = by
    recent[r + 2] = bz
    recent[r + 3] = found
    return found - 1
  }

  /**
   * Welds `count` binary-STL facets (50-byte records, vertices at +12) starting at `offset` of `view`, writing
   * vertex indices to `out` from `at`. The same result as `addBits` per corner, in batches (see the class).
   */
  addStlFacets(view: DataView, offset: number, count: number, out: Uint32Array, at: number): void {
    const pending = (this.pending ??= new Int32Array(BATCH_FACETS * 3 * 5))
    // the same memory as `out`: pending markers are negative while a batch is open
    const outI = new Int32Array(out.buffer, out.byteOffset, out.length)
    let w = at
    for (let first = 0; first < count; first += BATCH_FACETS) {
      const facets = Math.min(BATCH_FACETS, count - first)
      const m = scanRecent(view, offset + first * 50, facets, this.recent, pending, outI, w)
      this.touched = touchSlots(this.slots, this.mask, pending, m)
      this.insertPending(pending, m)
      resolveBatch(outI, w, w + 3 * facets, pending)
      w += 3 * facets
    }
  }

  /**
   * Phase 3 of `addStlFacets`: looks up or inserts the batch's misses in order (first-appearance numbering),
   * replacing each one's hash in `pending` by index + 1 and resolving its recent-cache entry.
   */
  private insertPending(pending: Int32Array, m: number): void {
    const recent = this.recent
    for (let i = 0; i < m; i++) {
      const q = 5 * i
      const found = this.lookupOrInsert(pending[q]!, pending[q + 1]!, pending[q + 2]!, pending[q + 3]!)
      pending[q] = found
      const r = pending[q + 4]!
      if (recent[r + 3] === (PENDING | i)) recent[r + 3] = found
    }
  }

  /** Adds a vertex given as numbers; they are rounded to float32 first. */
  add(x: number, y: number, z: number): number {
    scratchF32[0] = x
    const bx = scratchI32[0]!
    scratchF32[0] = y
    const by = scratchI32[0]!
    scratchF32[0] = z
    const bz = scratchI32[0]!
    return this.addBits(bx, by, bz)
  }

  /** The welded positions, trimmed to the vertex count. The welder must not be used afterwards. */
  finish(): Float32Array {
    this.slots = new Int32Array(0)
    this.pending = undefined
    const out = new Float32Array(this.bits.buffer, 0, this.count * 3)
    // Copy only if the spare capacity is worth returning to the allocator.
    const result = this.bits.length > this.count * 3 + 3072 ? out.slice() : out
    this.bits = new Int32Array(0)
    return result
  }

  /** Index + 1 of the vertex with these (normalised) bits, inserted if new. */
  private lookupOrInsert(hash: number, bx: number, by: number, bz: number): number {
    const slots = this.slots
    const bits = this.bits
    const mask = this.mask
    let h = hash & mask
    for (;;) {
      const o = h << 1
      const stored = slots[o + 1]!
      if (stored === 0) break
      if (slots[o] === hash) {
        const p = 3 * stored - 3
        if (bits[p] === bx && bits[p + 1] === by && bits[p + 2] === bz) return stored
      }
      h = (h + 1) & mask
    }
    if (
      (bx & EXPONENT_MASK) === EXPONENT_MASK ||
      (by & EXPONENT_MASK) === EXPONENT_MASK ||
      (bz & EXPONENT_MASK) === EXPONENT_MASK
    ) {
      throw new AnalysisError('non_finite_coordinate', 'A coordinate is NaN or infinite')
    }
    const index = this.count
    if (index >= this.maxVertices) {
      throw new AnalysisError('limit_exceeded', `More than ${this.maxVertices} vertices`)
    }
    if (index * 3 + 3 > bits.length) this.growStorage()
    const p = index * 3
    this.bits[p] = bx
    this.bits[p + 1] = by
    this.bits[p + 2] = bz
    const o = h << 1
    slots[o] = hash
    slots[o + 1] = index + 1
    this.count = index + 1
    // Keep the load factor at or below one half.
    if (this.count * 2 > mask + 1) this.growTable()
    return index + 1
  }

  private growStorage(): void {
    const next = new Int32Array(Math.min(Math.max(this.bits.length * 2, 48), this.maxVertices * 3 + 3))
    next.set(this.bits)
    this.bits = next
  }

  private growTable(): void {
    const old = this.slots
    const size = (this.mask + 1) * 2
    const slots = new Int32Array(size * 2)
    const mask = size - 1
    for (let o = 0; o < old.length; o += 2) {
      const stored = old[o + 1]!
      if (stored === 0) continue
      const hash = old[o]!
      let h = hash & mask
      while (slots[(h << 1) + 1] !== 0) h = (h + 1) & mask
      slots[h << 1] = hash
      slots[(h << 1) + 1] = stored
    }
    this.slots = slots
    this.mask = mask
  }
}

// The batch phases of `addStlFacets` are separate functions on purpose: each is one small loop that V8 optimises
// quickly and with complete type feedback, where one function holding all phases was compiled on stack
// replacement before the later loops had run, then deoptimised and recompiled (about 40 ms on a 1M-facet file).

/**
 * Phase 1: the recent cache. Writes index + 1 for hits; lists misses in `pending` (hash, x, y, z, cache slot)
 * and writes PENDING | k for the k-th miss, also for later repeats of it in the batch. Returns the miss count.
 */
function scanRecent(
  view: DataView,
  start: number,
  facets: number,
  recent: Int32Array,
  pending: Int32Array,
  out: Int32Array,
  at: number,
): number {
  let m = 0
  let w = at
  const end = start + facets * 50
  for (let p = start + 12; p < end; p += 14) {
    for (let k = 0; k < 3; k++, p += 12) {
      let bx = view.getInt32(p, true)
      let by = view.getInt32(p + 4, true)
      let bz = view.getInt32(p + 8, true)
      if (bx === NEGATIVE_ZERO) bx = 0
      if (by === NEGATIVE_ZERO) by = 0
      if (bz === NEGATIVE_ZERO) bz = 0
      const hash = mix(bx, by, bz)
      const r = (hash >>> (32 - RECENT_BITS)) << 2
      const cached = recent[r + 3]!
      if (cached !== 0 && recent[r] === bx && recent[r + 1] === by && recent[r + 2] === bz) {
        out[w++] = cached
        continue
      }
      recent[r] = bx
      recent[r + 1] = by
      recent[r + 2] = bz
      recent[r + 3] = PENDING | m
      const q = 5 * m
      pending[q] = hash
      pending[q + 1] = bx
      pending[q + 2] = by
      pending[q + 3] = bz
      pending[q + 4] = r
      out[w++] = PENDING | m
      m++
    }
  }
  return m
}

/** Phase 2: reads the first slot of each pending lookup; independent loads, so the cache misses overlap. */
function touchSlots(slots: Int32Array, mask: number, pending: Int32Array, m: number): number {
  let touched = 0
  for (let q = 0; q < 5 * m; q += 5) touched |= slots[((pending[q]! & mask) << 1) + 1]!
  return touched
}

/** Phase 4: index + 1 and pending markers (resolved to index + 1 in `pending`) become vertex indices. */
function resolveBatch(out: Int32Array, from: number, to: number, pending: Int32Array): void {
  for (let i = from; i < to; i++) {
    const v = out[i]!
    out[i] = (v < 0 ? pending[5 * (v & INDEX_MASK)]! : v) - 1
  }
}

/**
 * A murmur3-style mix of the three coordinate bit patterns (int32 in, int32 out). Float bits of mesh vertices
 * share high bits (exponents) and differ in low mantissa bits; a plain multiply-xor left long runs in the table
 * (3.3 extra probes per insert on the benchmark torus, against 0.45 with this). The top 14 bits index the
 * recent-vertex cache, the low bits the table.
 */
export function mix(bx: number, by: number, bz: number): number {
  let x = Math.imul(bx ^ (bx >>> 16), 0x85ebca6b) ^ by
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) ^ bz
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b)
  return x ^ (x >>> 13)
}

export function nextPowerOfTwo(n: number): number {
  let p = 1
  while (p < n) p *= 2
  return p
}
