/**
 * Area-weighted histogram of wall thickness at scale 1 (mm). Fixed bin edges so histograms of different files
 * compare, and so a printability check at scale s can ask "how much area is thinner than minFeature / s".
 */
export const THICKNESS_BIN_EDGES_MM = [
  0,
  0.1,
  0.2,
  0.3,
  0.4,
  0.5,
  0.6,
  0.8,
  1,
  1.2,
  1.5,
  2,
  2.5,
  3,
  4,
  5,
  7.5,
  10,
  15,
  20,
  30,
  50,
  100,
  Infinity,
] as const

export interface ThicknessHistogram {
  /** Bin i holds thickness in [edges[i], edges[i + 1]) mm. The last edge is Infinity (JSON: null). */
  binEdgesMm: readonly number[]
  /** Surface area (mm²) per bin. */
  areaMm2: number[]
  faceCount: number[]
  /** Area whose thickness could not be measured (rays escaped an open mesh). */
  unknownAreaMm2: number
  totalAreaMm2: number
  /** Smallest measured thickness (mm); undefined if none. */
  minMm: number | undefined
  /** Area-weighted 5th percentile (mm, within 0.5 %): a robust "thinnest walls" figure. */
  p5Mm: number | undefined
  medianMm: number | undefined
}

export function buildHistogram(thickness: Float32Array, faceArea: Float64Array): ThicknessHistogram {
  const edges = THICKNESS_BIN_EDGES_MM
  const bins = edges.length - 1
  const areaMm2 = new Array<number>(bins).fill(0)
  const faceCount = new Array<number>(bins).fill(0)
  let unknown = 0
  let total = 0
  let min = Infinity
  // quantiles from a fine log-spaced histogram (0.5 % steps from 1 µm to 10 m): no sort of a million values
  const fine = new Float64Array(FINE_BINS)
  for (let f = 0; f < thickness.length; f++) {
    const t = thickness[f]!
    const a = faceArea[f]!
    total += a
    if (!Number.isFinite(t)) {
      unknown += a
      continue
    }
    if (t < min) min = t
    let b = 0
    while (b < bins - 1 && t >= edges[b + 1]!) b++
    areaMm2[b] = areaMm2[b]! + a
    faceCount[b] = faceCount[b]! + 1
    const k = t <= FINE_MIN ? 0 : Math.min(FINE_BINS - 1, Math.floor(Math.log(t / FINE_MIN) / FINE_STEP))
    fine[k] = fine[k]! + a
  }
  const knownArea = total - unknown
  const quantile = (q: number): number | undefined => {
    if (knownArea <= 0) return undefined
    let acc = 0
    for (let k = 0; k < FINE_BINS; k++) {
      acc += fine[k]!
      if (acc >= q * knownArea) return FINE_MIN * Math.exp((k + 0.5) * FINE_STEP)
    }
    return undefined
  }
  return {
    binEdgesMm: edges,
    areaMm2,
    faceCount,
    unknownAreaMm2: unknown,
    totalAreaMm2: total,
    minMm: Number.isFinite(min) ? min : undefined,
    p5Mm: quantile(0.05),
    medianMm: quantile(0.5),
  }
}

const FINE_MIN = 0.001
const FINE_STEP = Math.log(1.005)
const FINE_BINS = Math.ceil(Math.log(1e4 / FINE_MIN) / FINE_STEP)

/** Area (mm², at scale 1) thinner than `thresholdMm` at the given scale: thickness scales linearly. */
export function areaThinnerThan(
  thickness: Float32Array,
  faceArea: Float64Array,
  thresholdMm: number,
  scale: number,
): number {
  const limit = thresholdMm / scale
  let area = 0
  for (let f = 0; f < thickness.length; f++) if (thickness[f]! < limit) area += faceArea[f]!
  return area
}
