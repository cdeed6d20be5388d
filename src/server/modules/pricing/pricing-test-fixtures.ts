import type { AnalysedProperties } from '#server/modules/pricing/price-configuration.ts'

/** A small analysed object (4 × 3 × 2 mm, mostly 0.2-1 mm walls) shared by the pricing unit tests. */
export const ANALYSED_BLOCK: AnalysedProperties = {
  dimensions: { x: 4, y: 3, z: 2 },
  internalVolume: 12,
  externalVolume: 24,
  surfaceArea: 62,
  minX: 2,
  maxX: 4,
  maxY: 3,
  wallThickness: { binEdgesMm: [0, 0.1, 0.2, 1, null], areaMm2: [0, 5, 90, 5] },
  printable: true,
}
