/**
 * Generated meshes and file writers for the engine's tests, the benchmark and the workers' warm-up (warm-up.ts). A "soup" is a Float32Array of
 * triangles, nine coordinates each, like a binary STL's facets.
 */

export function torusSoup(
  majorRadius: number,
  minorRadius: number,
  segmentsU: number,
  segmentsV: number,
): Float32Array {
  const point = (i: number, j: number): [number, number, number] => {
    const u = (2 * Math.PI * (i % segmentsU)) / segmentsU
    const v = (2 * Math.PI * (j % segmentsV)) / segmentsV
    const r = majorRadius + minorRadius * Math.cos(v)
    return [r * Math.cos(u), r * Math.sin(u), minorRadius * Math.sin(v)]
  }
  const out = new Float32Array(segmentsU * segmentsV * 2 * 9)
  let o = 0
  for (let i = 0; i < segmentsU; i++) {
    for (let j = 0; j < segmentsV; j++) {
      const a = point(i, j)
      const b = point(i + 1, j)
      const c = point(i + 1, j + 1)
      const d = point(i, j + 1)
      // counter-clockwise seen from outside
      for (const p of [a, b, c, a, c, d]) {
        out[o++] = p[0]
        out[o++] = p[1]
        out[o++] = p[2]
      }
    }
  }
  return out
}

/** An axis-aligned box as 12 triangles, counter-clockwise outward. */
export function boxSoup(min: [number, number, number], max: [number, number, number]): Float32Array {
  const [x0, y0, z0] = min
  const [x1, y1, z1] = max
  const v = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ] as const
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ] as const
  const out: number[] = []
  for (const [a, b, c, d] of quads) for (const k of [a, b, c, a, c, d]) out.push(...v[k])
  return Float32Array.from(out)
}

export function concatSoups(...soups: Float32Array[]): Float32Array {
  const out = new Float32Array(soups.reduce((n, s) => n + s.length, 0))
  let o = 0
  for (const s of soups) {
    out.set(s, o)
    o += s.length
  }
  return out
}

/** Signed volume of a soup in float64 (the reference for "original volume"). */
export function soupVolume(soup: Float32Array): number {
  let v = 0
  for (let i = 0; i < soup.length; i += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = soup.subarray(i, i + 9) as unknown as number[]
    v += ax! * (by! * cz! - bz! * cy!) + ay! * (bz! * cx! - bx! * cz!) + az! * (bx! * cy! - by! * cx!)
  }
  return v / 6
}

export function binaryStl(soup: Float32Array, header = 'schichtwerk test'): Uint8Array {
  const n = soup.length / 9
  const out = new Uint8Array(84 + 50 * n)
  out.set(new TextEncoder().encode(header.slice(0, 80)))
  const view = new DataView(out.buffer)
  view.setUint32(80, n, true)
  for (let f = 0; f < n; f++) {
    const o = 84 + 50 * f
    for (let k = 0; k < 9; k++) view.setFloat32(o + 12 + 4 * k, soup[9 * f + k]!, true)
  }
  return out
}

export function asciiStl(
  solids: Array<{ name: string; soup: Float32Array }>,
  keywordCase: 'lower' | 'upper' | 'mixed' = 'lower',
): string {
  const kw = (w: string): string =>
    keywordCase === 'lower' ? w : keywordCase === 'upper' ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)
  const lines: string[] = []
  for (const { name, soup } of solids) {
    lines.push(`${kw('solid')} ${name}`)
    for (let f = 0; f < soup.length / 9; f++) {
      lines.push(`  ${kw('facet')} ${kw('normal')} 0 0 0`, `    ${kw('outer')} ${kw('loop')}`)
      for (let k = 0; k < 3; k++)
        lines.push(
          `      ${kw('vertex')} ${soup[9 * f + 3 * k]} ${soup[9 * f + 3 * k + 1]} ${soup[9 * f + 3 * k + 2]}`,
        )
      lines.push(`    ${kw('endloop')}`, `  ${kw('endfacet')}`)
    }
    lines.push(`${kw('endsolid')} ${name}`)
  }
  return lines.join('\n') + '\n'
}

/** An indexed mesh from a soup by exact coordinates (for PLY/3MF/3DS writers). */
export function indexSoup(soup: Float32Array): { vertices: number[]; faces: number[] } {
  const map = new Map<string, number>()
  const vertices: number[] = []
  const faces: number[] = []
  for (let i = 0; i < soup.length; i += 3) {
    const key = `${soup[i]},${soup[i + 1]},${soup[i + 2]}`
    let v = map.get(key)
    if (v === undefined) {
      v = vertices.length / 3
      map.set(key, v)
      vertices.push(soup[i]!, soup[i + 1]!, soup[i + 2]!)
    }
    faces.push(v)
  }
  return { vertices, faces }
}

/**
 * `n` thin closed tetrahedra stacked along the diagonal of a 100 mm cube, 0.1 µm apart: every ray and every pixel
 * box of a view crosses nearly all of them though each covers almost nothing (a hostile file for wall thickness and
 * pictures).
 */
export function sliverSoup(n: number): Float32Array {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const o = i * 1e-4
    const A = [0, o, 0]
    const B = [100, 100 + o, 100]
    const C = [1e-3, o, 0]
    const D = [0, o, 1e-3]
    for (const [p, q, r] of [
      [A, B, C],
      [A, D, B],
      [B, D, C],
      [C, D, A],
    ])
      out.push(...p!, ...q!, ...r!)
  }
  return Float32Array.from(out)
}

/** Deterministic PRNG (mulberry32) so generated defects are the same on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface DefectCounts {
  flipped: number
  holes: number
  stray: number
  degenerate: number
  jittered: number
  duplicates: number
}

/**
 * Injects known defects into a torus soup (from `torusSoup(R, r, U, V)`): faces are picked on a lattice of grid
 * cells three apart, so no two defects share a vertex and each is seen in isolation. Holes remove one face (a
 * three-vertex loop, capped exactly); jitter moves the three corner copies of a face by `jitter`; stray facets are
 * small triangles in the torus' hole (touching nothing, inside the bounding box); degenerate facets repeat a
 * vertex of the mesh; duplicates repeat a face.
 */
export function injectDefects(
  soup: Float32Array,
  segmentsU: number,
  segmentsV: number,
  counts: DefectCounts,
  jitter: number,
  seed = 1,
): Float32Array {
  const rnd = random(seed)
  const candidates: number[] = []
  for (let i = 0; i < segmentsU - 2; i += 3)
    for (let j = 0; j < segmentsV - 2; j += 3) candidates.push((i * segmentsV + j) * 2)
  for (let k = candidates.length - 1; k > 0; k--) {
    const m = Math.floor(rnd() * (k + 1))
    ;[candidates[k], candidates[m]] = [candidates[m]!, candidates[k]!]
  }
  const need = counts.flipped + counts.holes + counts.jittered + counts.duplicates
  if (need > candidates.length)
    throw new Error(`Only ${candidates.length} isolated faces for ${need} defects`)
  let next = 0
  const take = (n: number): number[] => candidates.slice(next, (next += n))
  const flipped = take(counts.flipped)
  const holes = new Set(take(counts.holes))
  const jittered = take(counts.jittered)
  const duplicated = take(counts.duplicates)
  const out = Float32Array.from(soup)
  for (const f of flipped) {
    for (let d = 0; d < 3; d++) {
      const t = out[9 * f + 3 + d]!
      out[9 * f + 3 + d] = out[9 * f + 6 + d]!
      out[9 * f + 6 + d] = t
    }
  }
  for (const f of jittered) {
    for (let k = 0; k < 3; k++) {
      const theta = rnd() * 2 * Math.PI
      const z = rnd() * 2 - 1
      const s = Math.sqrt(1 - z * z)
      out[9 * f + 3 * k] = out[9 * f + 3 * k]! + jitter * s * Math.cos(theta)
      out[9 * f + 3 * k + 1] = out[9 * f + 3 * k + 1]! + jitter * s * Math.sin(theta)
      out[9 * f + 3 * k + 2] = out[9 * f + 3 * k + 2]! + jitter * z
    }
  }
  const kept: number[] = []
  for (let f = 0; f < soup.length / 9; f++) if (!holes.has(f)) kept.push(f)
  const extra: number[] = []
  for (const f of duplicated) extra.push(...out.subarray(9 * f, 9 * f + 9))
  for (let s = 0; s < counts.stray; s++) {
    // a small triangle near the axis of the torus, in its hole
    const cx = (rnd() - 0.5) * 2
    const cy = (rnd() - 0.5) * 2
    extra.push(cx, cy, 0.1 * s, cx + 0.5, cy, 0.1 * s, cx, cy + 0.5, 0.1 * s + 0.05)
  }
  for (let d = 0; d < counts.degenerate; d++) {
    const f = Math.floor(rnd() * (soup.length / 9))
    const p = soup.subarray(9 * f, 9 * f + 3)
    const q = soup.subarray(9 * f + 3, 9 * f + 6)
    extra.push(...p, ...p, ...q)
  }
  const result = new Float32Array(kept.length * 9 + extra.length)
  let o = 0
  for (const f of kept) {
    result.set(out.subarray(9 * f, 9 * f + 9), o)
    o += 9
  }
  result.set(extra, o)
  return result
}
